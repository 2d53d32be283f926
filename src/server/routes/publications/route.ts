import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicationListQuerySchema, publicationListSchema } from '../../../contract/publication';
import { parseDeepObjectQuery } from '../../http/deep-object-query';
import { listPublications } from '../../services/publications-reads';

const publicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/publications', { preValidation: parseDeepObjectQuery, schema: { summary: 'List Publications', querystring: publicationListQuerySchema, response: { 200: publicationListSchema } } }, async (request) => {
    const { limit, page, order, campaign, customer, voucher, source_id, filters, result, voucher_type, is_referral_code } = request.query;
    // Every publication here is a loyalty card published successfully, none a referral code: the
    // other values of these filters match nothing (and are answered so, not ignored).
    const none = result === 'FAILURE' || voucher_type === 'discount' || is_referral_code === true;
    return listPublications(app.ctx, request.principal.projectId, { campaignName: campaign, customer, voucherCode: voucher, sourceId: source_id, conditions: filters, none }, { limit, page, order });
  });
};

export default publicationRoutes;
