import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicationListQuerySchema, publicationListSchema } from '../../../contract/publication';
import { listPublications } from '../../services/publications-read';

const publicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/publications', { schema: { summary: 'List Publications', querystring: publicationListQuerySchema, response: { 200: publicationListSchema } } }, async (request) => {
    const { limit, page, order, campaign, customer, voucher, source_id } = request.query;
    return listPublications(app.ctx, request.principal.projectId, { campaignName: campaign, customer, voucherCode: voucher, sourceId: source_id }, { limit, page, order });
  });
};

export default publicationRoutes;
