import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitQuery, pageQuery } from '../../../contract/common';
import { getProgram, listPrograms } from '../../services/loyalty-reads';

const listQuery = z.object({
  limit: limitQuery,
  page: pageQuery,
  order: z.enum(['created_at', '-created_at', 'updated_at', '-updated_at']).default('-created_at'),
});

const loyaltyProgramRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/loyalties', { schema: { querystring: listQuery } }, async (request) => listPrograms(app.ctx, request.principal.projectId, request.query));
  app.get('/v1/loyalties/:campaignId', { schema: { params: z.object({ campaignId: z.string().min(1) }) } }, async (request) =>
    getProgram(app.ctx, request.principal.projectId, request.params.campaignId),
  );
};

export default loyaltyProgramRoutes;
