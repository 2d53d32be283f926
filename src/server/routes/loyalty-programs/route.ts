import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loyaltyProgramListQuerySchema, loyaltyProgramListSchema, loyaltyProgramSchema } from '../../../contract/loyalty-program';
import { getProgram, listPrograms } from '../../services/loyalty-reads';

/** The project's loyalty programs (campaigns of type LOYALTY_PROGRAM): list and get one. */
const loyaltyProgramRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/loyalties', { schema: { summary: 'List Loyalty Campaigns', querystring: loyaltyProgramListQuerySchema, response: { 200: loyaltyProgramListSchema } } }, async (request) => listPrograms(app.ctx, request.principal.projectId, request.query));
  app.get('/v1/loyalties/:campaignId', { schema: { summary: 'Get Loyalty Campaign', params: z.object({ campaignId: z.string().min(1) }), response: { 200: loyaltyProgramSchema } } }, async (request) =>
    getProgram(app.ctx, request.principal.projectId, request.params.campaignId),
  );
};

export default loyaltyProgramRoutes;
