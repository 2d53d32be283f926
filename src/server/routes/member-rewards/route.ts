import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { redeemRewardRequestSchema, redemptionSchema } from '../../../contract/redemption';
import { memberRewardListQuerySchema, memberRewardListSchema } from '../../../contract/reward-assignment';
import { listMemberRewards } from '../../services/member-rewards-reads';
import { redeemReward } from '../../services/redeem-reward';

const memberParams = z.object({ memberId: z.string().min(1) });

/** What a member can get for points, and getting it. */
const memberRewardRoutes: FastifyPluginAsyncZod = async (app) => {
  const callerOf = (request: { principal: { projectId: string; apiKeyId: string }; dashboardUser: string | null }) => ({
    projectId: request.principal.projectId,
    apiKeyId: request.principal.apiKeyId,
    dashboardUser: request.dashboardUser,
  });
  app.post('/v1/loyalties/:campaignId/members/:memberId/redemption', { schema: { params: memberParams.extend({ campaignId: z.string().min(1) }), body: redeemRewardRequestSchema, summary: 'Redeem Reward', response: { 200: redemptionSchema } } }, async (request) =>
    redeemReward(app.ctx, callerOf(request), request.params.memberId, request.body, request.params.campaignId),
  );
  app.post('/v1/loyalties/members/:memberId/redemption', { schema: { summary: 'Redeem Reward', params: memberParams, body: redeemRewardRequestSchema, response: { 200: redemptionSchema } } }, async (request) =>
    redeemReward(app.ctx, callerOf(request), request.params.memberId, request.body),
  );
  app.get('/v1/loyalties/members/:memberId/rewards', { schema: { summary: 'List Member Rewards', params: memberParams, querystring: memberRewardListQuerySchema, response: { 200: memberRewardListSchema } } }, async (request) =>
    listMemberRewards(app.ctx, request.principal.projectId, request.params.memberId, request.query),
  );
};

export default memberRewardRoutes;
