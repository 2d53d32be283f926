import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loyaltyProgramListQuerySchema, loyaltyProgramListSchema, loyaltyProgramSchema } from '../../../contract/loyalty-program';
import { errorObjectSchema } from '../../../contract/error';
import { createLoyaltyProgramRequestSchema, updateLoyaltyProgramRequestSchema } from '../../../contract/loyalty-program-write';
import { getProgram, listPrograms } from '../../services/loyalty-reads';
import { createProgram, updateProgram } from '../../services/loyalty-programs-write';
import { deleteProgram } from '../../services/delete-loyalty-program';
import { deleteQuerySchema } from '../../../contract/sku';

/** The project's loyalty programs (campaigns of type LOYALTY_PROGRAM): list, get one, create, update, delete. */
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
  app.delete(
    '/v1/loyalties/:campaignId',
    {
      schema: {
        summary: 'Delete Loyalty Campaign',
        description:
          'Deletes the program, its cards, their ledger, point buckets, pending points, redemptions and tier history, its earning rules’ and rewards’ assignments and its tiers, for good, in one transaction. There is no bin here: `force` is accepted and either value removes them for good. Answers the id of an async action recorded DONE.',
        params: z.object({ campaignId: z.string().min(1) }),
        querystring: deleteQuerySchema,
        response: {
          200: z.object({ async_action_id: z.string() }),
          400: errorObjectSchema.describe('A reward still gives points in the program (`resource_in_use`), or `force` is neither true nor false.'),
          404: errorObjectSchema.describe('No such program.'),
        },
      },
    },
    async (request) => deleteProgram(app.ctx, request.principal.projectId, request.params.campaignId, request.id),
  );
};

export default loyaltyProgramRoutes;
