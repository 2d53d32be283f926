import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { earningRuleListSchema, earningRuleOrders, earningRuleSchema, earningRuleStatuses } from '../../../contract/earning-rule';
import type { EarningRuleFilter } from '../../db/repositories/earning-rules';
import { parseDeepObjectQuery } from '../../http/deep-object-query';
import { getEarningRule, listProjectEarningRules } from '../../services/earning-rules-read';

const oneOrMany = <T extends z.ZodType<string>>(item: T) => z.union([item, z.array(item).min(1).max(100)]).transform((v) => (Array.isArray(v) ? v : [v]));

const conditions = <T extends z.ZodType<string>>(item: T, ops: EarningRuleFilter['op'][]) =>
  z.strictObject({ conditions: z.strictObject(Object.fromEntries(ops.map((op) => [op, oneOrMany(item).optional()])) as Record<EarningRuleFilter['op'], z.ZodOptional<ReturnType<typeof oneOrMany<T>>>>) });

/** `filters[<field>][conditions][<op>]=…` (deepObject), the fields the v2 list documents except created_at. */
const filtersSchema = z
  .strictObject({
    junction: z.enum(['AND', 'OR']).optional(),
    id: conditions(z.string().regex(/^lern_[a-f0-9]+$/), ['$is', '$is_not', '$in', '$not_in']).optional(),
    name: conditions(z.string().min(1), ['$is', '$is_not', '$in', '$not_in', '$contains', '$starts_with']).optional(),
    status: conditions(z.enum(earningRuleStatuses), ['$is', '$is_not', '$in', '$not_in']).optional(),
  })
  .optional();

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  // One sort field (id is always the tie-breaker); repeating `order` with several fields is not supported.
  order: z
    .union([z.enum(earningRuleOrders), z.array(z.enum(earningRuleOrders)).length(1)])
    .transform((v) => (Array.isArray(v) ? v[0] : v))
    .default('-created_at'),
  cursor: z.string().regex(/^lcrsern_[a-f0-9]+$/).optional(),
  filters: filtersSchema,
});

function filterList(filters: z.infer<typeof filtersSchema>): EarningRuleFilter[] {
  const list: EarningRuleFilter[] = [];
  for (const field of ['id', 'name', 'status'] as const) {
    const given = filters?.[field]?.conditions as Partial<Record<EarningRuleFilter['op'], string[]>> | undefined;
    for (const [op, values] of Object.entries(given ?? {})) if (values) list.push({ field, op: op as EarningRuleFilter['op'], values });
  }
  return list;
}

/** Earning rules (v2, BETA): read-only here; rules come from fixtures. */
const earningRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v2/loyalties/earning-rules', { preValidation: parseDeepObjectQuery, schema: { summary: 'List Earning Rules', querystring: listQuery, response: { 200: earningRuleListSchema } } }, async (request) =>
    listProjectEarningRules(app.ctx, request.principal.projectId, {
      limit: request.query.limit,
      order: request.query.order,
      cursor: request.query.cursor,
      filters: filterList(request.query.filters),
      junction: request.query.filters?.junction ?? 'AND',
    }),
  );

  app.get('/v2/loyalties/earning-rules/:id', { schema: { summary: 'Get Earning Rule', params: z.object({ id: z.string().min(1) }), response: { 200: earningRuleSchema } } }, async (request) =>
    getEarningRule(app.ctx, request.principal.projectId, request.params.id),
  );
};

export default earningRuleRoutes;
