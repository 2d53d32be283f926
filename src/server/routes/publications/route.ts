import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitQuery, pageQuery } from '../../../contract/common';
import { publicationListSchema } from '../../../contract/publication';
import { parseDeepObjectQuery } from '../../http/deep-object-query';
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
  // The real API's `filters` (deepObject); the customer_id `$in`/`$is` conditions are what the dashboard
  // needs: the holders of one page of a program's cards, in one request.
  filters: z
    .strictObject({
      customer_id: z.strictObject({
        conditions: z.strictObject({
          $in: z.union([z.string().min(1), z.array(z.string().min(1)).min(1).max(100)]).optional(),
          $is: z.string().min(1).optional(),
        }),
      }),
    })
    .optional(),
});

/** The customer ids the filters name, or undefined when they name none. */
function customerIdsOf(filters: z.infer<typeof listQuery>['filters']): string[] | undefined {
  const conditions = filters?.customer_id.conditions;
  if (!conditions || (conditions.$in === undefined && conditions.$is === undefined)) return undefined;
  const listed = conditions.$in === undefined ? [] : [conditions.$in].flat();
  return conditions.$is === undefined ? listed : [...listed, conditions.$is];
}

const publicationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/publications', { preValidation: parseDeepObjectQuery, schema: { summary: 'List Publications', querystring: listQuery, response: { 200: publicationListSchema } } }, async (request) => {
    const { limit, page, order, campaign, customer, voucher, source_id, filters } = request.query;
    const customerIds = customerIdsOf(filters);
    return listPublications(app.ctx, request.principal.projectId, { campaignName: campaign, customer, voucherCode: voucher, sourceId: source_id, customerIds }, { limit, page, order });
  });
};

export default publicationRoutes;
