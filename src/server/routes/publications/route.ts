import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicationListQuerySchema, publicationListSchema, type PublicationListQuery } from '../../../contract/publication';
import { parseDeepObjectQuery } from '../../http/deep-object-query';
import { listPublications } from '../../services/publications-reads';

/** The customer ids the filters name, or undefined when they name none. */
function customerIdsOf(filters: PublicationListQuery['filters']): string[] | undefined {
  const conditions = filters?.customer_id.conditions;
  if (!conditions || (conditions.$in === undefined && conditions.$is === undefined)) return undefined;
  const listed = conditions.$in === undefined ? [] : [conditions.$in].flat();
  return conditions.$is === undefined ? listed : [...listed, conditions.$is];
}

const publicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/publications', { preValidation: parseDeepObjectQuery, schema: { summary: 'List Publications', querystring: publicationListQuerySchema, response: { 200: publicationListSchema } } }, async (request) => {
    const { limit, page, order, campaign, customer, voucher, source_id, filters, result, voucher_type, is_referral_code } = request.query;
    const customerIds = customerIdsOf(filters);
    // Every publication here is a loyalty card published successfully, none a referral code: the
    // other values of these filters match nothing (and are answered so, not ignored).
    const none = result === 'FAILURE' || voucher_type === 'discount' || is_referral_code === true;
    return listPublications(app.ctx, request.principal.projectId, { campaignName: campaign, customer, voucherCode: voucher, sourceId: source_id, customerIds, none }, { limit, page, order });
  });
};

export default publicationRoutes;
