import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createLoyaltyTiersSchema,
  loyaltyTierEarningRuleListSchema,
  loyaltyTierListQuerySchema,
  loyaltyTierListSchema,
  loyaltyTierPageQuerySchema,
  loyaltyTierRewardListSchema,
  loyaltyTierSchema,
  memberTierProgressSchema,
} from '../../../contract/loyalty-tier';
import { memberTierProgress } from '../../services/member-tier-progress';
import { createLoyaltyTiers, getLoyaltyTier, listLoyaltyTierEarningRules, listLoyaltyTierRewards, listLoyaltyTiers, listMemberLoyaltyTiers } from '../../services/loyalty-tiers';

const campaignParams = z.object({ campaignId: z.string().min(1) });
const tierParams = campaignParams.extend({ loyaltyTierId: z.string().min(1) });

/** A program's loyalty tiers (created in bulk, never changed: v1 has no update or delete) and a member's tier. */
const loyaltyTierRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/v1/loyalties/:campaignId/tiers', { schema: { summary: 'Create loyalty tiers', params: campaignParams, body: createLoyaltyTiersSchema, response: { 200: z.array(loyaltyTierSchema) } } }, async (request) =>
    createLoyaltyTiers(app.ctx, request.principal.projectId, request.params.campaignId, request.body),
  );
  app.get('/v1/loyalties/:campaignId/tiers', { schema: { summary: 'List Loyalty Tiers', params: campaignParams, querystring: loyaltyTierListQuerySchema, response: { 200: loyaltyTierListSchema } } }, async (request) =>
    listLoyaltyTiers(app.ctx, request.principal.projectId, request.params.campaignId, request.query),
  );
  app.get('/v1/loyalties/:campaignId/tiers/:loyaltyTierId', { schema: { summary: 'Get Loyalty Tier', params: tierParams, response: { 200: loyaltyTierSchema } } }, async (request) =>
    getLoyaltyTier(app.ctx, request.principal.projectId, request.params.campaignId, request.params.loyaltyTierId),
  );
  app.get(
    '/v1/loyalties/:campaignId/tiers/:loyaltyTierId/earning-rules',
    { schema: { summary: 'List Loyalty Tier Earning Rules', params: tierParams, querystring: loyaltyTierPageQuerySchema, response: { 200: loyaltyTierEarningRuleListSchema } } },
    async (request) => listLoyaltyTierEarningRules(app.ctx, request.principal.projectId, request.params.campaignId, request.params.loyaltyTierId, request.query),
  );
  app.get('/v1/loyalties/:campaignId/tiers/:loyaltyTierId/rewards', { schema: { summary: 'List Loyalty Tier Rewards', params: tierParams, response: { 200: loyaltyTierRewardListSchema } } }, async (request) =>
    listLoyaltyTierRewards(app.ctx, request.principal.projectId, request.params.campaignId, request.params.loyaltyTierId),
  );
  app.get("/v1/loyalties/members/:memberId/tiers", { schema: { summary: "List Member's Loyalty Tiers", params: z.object({ memberId: z.string().min(1) }), response: { 200: loyaltyTierListSchema } } }, async (request) =>
    listMemberLoyaltyTiers(app.ctx, request.principal.projectId, request.params.memberId),
  );
  app.get(
    '/v1/loyalties/members/:memberId/tiers/progress',
    {
      schema: { summary: "A member's progress to the next loyalty tier", params: z.object({ memberId: z.string().min(1) }), response: { 200: memberTierProgressSchema } },
      config: { docs: { extension: 'The member’s tier, the points the tier rules count now, what the next tier still asks and by when, and the latest tier changes: the real API shows them only in its own dashboard.' } },
    },
    async (request) => memberTierProgress(app.ctx, request.principal.projectId, request.params.memberId),
  );
};

export default loyaltyTierRoutes;
