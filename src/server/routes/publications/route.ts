import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitQuery, pageQuery } from '../../../contract/common';
import { publicationListSchema } from '../../../contract/publication';
import { listPublications } from '../../services/publications-read';

const orders = ['created_at', 'id', 'voucher_code', 'customer_id', 'channel'] as const;
const listQuery = z.object({
  limit: limitQuery,
  page: pageQuery,
  order: z.enum([...orders, ...orders.map((o) => `-${o}` as const)]).default('-created_at'),
  campaign: z.string().optional(),
  customer: z.string().optional(),
  voucher: z.string().optional(),
  source_id: z.string().optional(),
});

const publicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/publications', { schema: { summary: 'List Publications', querystring: listQuery, response: { 200: publicationListSchema } } }, async (request) => {
    const { limit, page, order, campaign, customer, voucher, source_id } = request.query;
    return listPublications(app.ctx, request.principal.projectId, { campaignName: campaign, customer, voucherCode: voucher, sourceId: source_id }, { limit, page, order });
  });
};

export default publicationRoutes;
