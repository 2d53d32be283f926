import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { earningRuleListQuerySchema, earningRuleListSchema, earningRuleSchema, type EarningRuleCreatedAtConditions, type EarningRuleFilterOp, type EarningRuleListQuery } from '../../../contract/earning-rule';
import type { EarningRuleFilter } from '../../db/repositories/earning-rules';
import { parseDeepObjectQuery } from '../../http/deep-object-query';
import { v1CreateEarningRulesSchema, v1EarningRuleListQuerySchema, v1EarningRuleListSchema, v1EarningRuleSchema, v1UpdateEarningRuleSchema } from '../../../contract/earning-rule-v1';
import { noContent } from '../../http/openapi/responses';
import { getEarningRule, getEarningRuleV1, listEarningRulesV1, listProjectEarningRules } from '../../services/earning-rules-reads';
import { createEarningRulesV1, deleteEarningRuleV1, setEarningRuleActiveV1, updateEarningRuleV1 } from '../../services/earning-rules-write';

const DAY_MS = 86_400_000;

/** created_at's conditions as instants: whole days count back from `now` (the project clock), `$is` is that UTC day. */
function createdAtFilters(c: EarningRuleCreatedAtConditions, now: Date): EarningRuleFilter[] {
  const back = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const list: EarningRuleFilter[] = [];
  if (c.$before) list.push({ field: 'created_at', op: '$before', values: [c.$before.toISOString()] });
  if (c.$after) list.push({ field: 'created_at', op: '$after', values: [c.$after.toISOString()] });
  if (c.$more_than !== undefined) list.push({ field: 'created_at', op: '$before', values: [back(c.$more_than).toISOString()] });
  if (c.$less_than !== undefined) list.push({ field: 'created_at', op: '$after', values: [back(c.$less_than).toISOString()] });
  if (c.$is !== undefined) {
    const day = new Date(back(c.$is).toISOString().slice(0, 10));
    list.push({ field: 'created_at', op: '$within', values: [day.toISOString(), new Date(day.getTime() + DAY_MS).toISOString()] });
  }
  if (c.$has_value !== undefined) list.push({ field: 'created_at', op: '$has_value', values: [] });
  if (c.$is_unknown !== undefined) list.push({ field: 'created_at', op: '$is_unknown', values: [] });
  return list;
}

function filterList(filters: EarningRuleListQuery['filters'], now: Date): EarningRuleFilter[] {
  const list: EarningRuleFilter[] = [];
  for (const field of ['id', 'name', 'status'] as const) {
    const given = filters?.[field]?.conditions as Partial<Record<EarningRuleFilterOp, string[] | string>> | undefined;
    for (const [op, values] of Object.entries(given ?? {})) if (values !== undefined) list.push({ field, op: op as EarningRuleFilterOp, values: [values].flat() });
  }
  if (filters?.created_at) list.push(...createdAtFilters(filters.created_at.conditions, now));
  return list;
}

const campaignParams = z.object({ campaignId: z.string().min(1) });
const ruleParams = campaignParams.extend({ earningRuleId: z.string().min(1) });

/**
 * Earning rules: the v2 reads (BETA) and the v1 authoring API of one campaign's rules. Both show
 * the same stored rules.
 */
const earningRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v2/loyalties/earning-rules', { preValidation: parseDeepObjectQuery, schema: { summary: 'List Earning Rules', querystring: earningRuleListQuerySchema, response: { 200: earningRuleListSchema } } }, async (request) =>
    listProjectEarningRules(app.ctx, request.principal.projectId, {
      limit: request.query.limit,
      order: request.query.order,
      cursor: request.query.cursor,
      filters: filterList(request.query.filters, app.ctx.clock.now()),
      junction: request.query.filters?.junction ?? 'AND',
    }),
  );

  app.get('/v2/loyalties/earning-rules/:id', { schema: { summary: 'Get Earning Rule', params: z.object({ id: z.string().min(1) }), response: { 200: earningRuleSchema } } }, async (request) =>
    getEarningRule(app.ctx, request.principal.projectId, request.params.id),
  );

  app.get('/v1/loyalties/:campaignId/earning-rules', { schema: { summary: 'List Earning Rules (v1)', params: campaignParams, querystring: v1EarningRuleListQuerySchema, response: { 200: v1EarningRuleListSchema } } }, async (request) =>
    listEarningRulesV1(app.ctx, request.principal.projectId, request.params.campaignId, request.query),
  );

  // The body is an array; the answer is the created rules in the same order (200, as the real API).
  app.post('/v1/loyalties/:campaignId/earning-rules', { schema: { summary: 'Create Earning Rule', params: campaignParams, body: v1CreateEarningRulesSchema, response: { 200: z.array(v1EarningRuleSchema) } } }, async (request) =>
    createEarningRulesV1(app.ctx, request.principal.projectId, request.params.campaignId, request.body),
  );

  app.get('/v1/loyalties/:campaignId/earning-rules/:earningRuleId', { schema: { summary: 'Get Earning Rule (v1)', params: ruleParams, response: { 200: v1EarningRuleSchema } } }, async (request) =>
    getEarningRuleV1(app.ctx, request.principal.projectId, request.params.campaignId, request.params.earningRuleId),
  );

  app.put('/v1/loyalties/:campaignId/earning-rules/:earningRuleId', { schema: { summary: 'Update Earning Rule', params: ruleParams, body: v1UpdateEarningRuleSchema, response: { 200: v1EarningRuleSchema } } }, async (request) =>
    updateEarningRuleV1(app.ctx, request.principal.projectId, request.params.campaignId, request.params.earningRuleId, request.body),
  );

  // 204 without a body, as the real API.
  app.delete('/v1/loyalties/:campaignId/earning-rules/:earningRuleId', { schema: { summary: 'Delete Earning Rule', params: ruleParams, response: { 204: noContent } } }, async (request, reply) => {
    await deleteEarningRuleV1(app.ctx, request.principal.projectId, request.params.campaignId, request.params.earningRuleId);
    return reply.code(204).send();
  });

  for (const [action, active] of [['enable', true], ['disable', false]] as const) {
    app.post(`/v1/loyalties/:campaignId/earning-rules/:earningRuleId/${action}`, { schema: { summary: `${action === 'enable' ? 'Enable' : 'Disable'} Earning Rule`, params: ruleParams, response: { 200: v1EarningRuleSchema } } }, async (request) =>
      setEarningRuleActiveV1(app.ctx, request.principal.projectId, request.params.campaignId, request.params.earningRuleId, active),
    );
  }
};

export default earningRuleRoutes;
