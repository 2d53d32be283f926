import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loyaltyProgramListQuerySchema, loyaltyProgramListSchema, loyaltyProgramSchema } from '../../../contract/loyalty-program';
import { errorObjectSchema } from '../../../contract/error';
import { createLoyaltyProgramRequestSchema, updateLoyaltyProgramRequestSchema } from '../../../contract/loyalty-program-write';
import { getProgram, listPrograms } from '../../services/loyalty-reads';
import { createProgram, updateProgram } from '../../services/loyalty-programs-write';

/** The project's loyalty programs (campaigns of type LOYALTY_PROGRAM): list, get one, create, update. */
const loyaltyProgramRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/loyalties', { schema: { summary: 'List Loyalty Campaigns', querystring: loyaltyProgramListQuerySchema, response: { 200: loyaltyProgramListSchema } } }, async (request) => listPrograms(app.ctx, request.principal.projectId, request.query));
  app.get('/v1/loyalties/:campaignId', { schema: { summary: 'Get Loyalty Campaign', params: z.object({ campaignId: z.string().min(1) }), response: { 200: loyaltyProgramSchema } } }, async (request) =>
    getProgram(app.ctx, request.principal.projectId, request.params.campaignId),
  );
  app.post(
    '/v1/loyalties',
    {
      schema: {
        summary: 'Create Loyalty Campaign',
        body: createLoyaltyProgramRequestSchema,
        response: {
          200: loyaltyProgramSchema,
          400: errorObjectSchema.describe('Invalid input naming the field, or a card code format too small for the cards asked (`invalid_code_config`).'),
          404: errorObjectSchema.describe('No such category.'),
          409: errorObjectSchema.describe('A program of the project already has the name (`duplicate_found`).'),
        },
      },
    },
    async (request) => createProgram(app.ctx, request.principal.projectId, request.body),
  );
  app.put(
    '/v1/loyalties/:campaignId',
    { schema: { summary: 'Update Loyalty Campaign', params: z.object({ campaignId: z.string().min(1) }), body: updateLoyaltyProgramRequestSchema, response: { 200: loyaltyProgramSchema, 404: errorObjectSchema.describe('No such program or category.') } } },
    async (request) => updateProgram(app.ctx, request.principal.projectId, request.params.campaignId, request.body),
  );
};

export default loyaltyProgramRoutes;
