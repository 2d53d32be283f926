import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { earningRuleListQuerySchema, earningRuleListSchema, earningRuleSchema, type EarningRuleListQuery } from '../../../contract/earning-rule';
import type { EarningRuleFilter } from '../../db/repositories/earning-rules';
import { parseDeepObjectQuery } from '../../http/deep-object-query';
import { v1CreateEarningRulesSchema, v1EarningRuleListQuerySchema, v1EarningRuleListSchema, v1EarningRuleSchema, v1UpdateEarningRuleSchema } from '../../../contract/earning-rule-v1';
import { noContent } from '../../http/openapi/responses';
import { getEarningRule, getEarningRuleV1, listEarningRulesV1, listProjectEarningRules } from '../../services/earning-rules-reads';
import { createEarningRulesV1, deleteEarningRuleV1, setEarningRuleActiveV1, updateEarningRuleV1 } from '../../services/earning-rules-write';

function filterList(filters: EarningRuleListQuery['filters']): EarningRuleFilter[] {
  const list: EarningRuleFilter[] = [];
  for (const field of ['id', 'name', 'status'] as const) {
    const given = filters?.[field]?.conditions as Partial<Record<EarningRuleFilter['op'], string[]>> | undefined;
    for (const [op, values] of Object.entries(given ?? {})) if (values) list.push({ field, op: op as EarningRuleFilter['op'], values });
  }
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
      filters: filterList(request.query.filters),
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
