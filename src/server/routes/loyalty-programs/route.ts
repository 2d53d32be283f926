import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitQuery, pageQuery } from '../../../contract/common';
import { loyaltyProgramListSchema, loyaltyProgramSchema } from '../../../contract/loyalty-program';
import { getProgram, listPrograms } from '../../services/loyalty-reads';

const listQuery = z.object({
  limit: limitQuery,
  page: pageQuery,
  order: z.enum(['created_at', '-created_at', 'updated_at', '-updated_at']).default('-created_at'),
});

const loyaltyProgramRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/loyalties', { schema: { summary: 'List Loyalty Campaigns', querystring: listQuery, response: { 200: loyaltyProgramListSchema } } }, async (request) => listPrograms(app.ctx, request.principal.projectId, request.query));
  app.get('/v1/loyalties/:campaignId', { schema: { summary: 'Get Loyalty Campaign', params: z.object({ campaignId: z.string().min(1) }), response: { 200: loyaltyProgramSchema } } }, async (request) =>
    getProgram(app.ctx, request.principal.projectId, request.params.campaignId),
  );
};

export default loyaltyProgramRoutes;
