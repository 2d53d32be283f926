import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { balanceUpdateRequestSchema, balanceUpdateResponseSchema } from '../../../contract/loyalty-balance';
import { memberActivityListQuerySchema, memberActivityListSchema } from '../../../contract/member-activity';
import { pointsBucketListQuerySchema, pointsBucketListSchema } from '../../../contract/points-expiration';
import { adjustBalance } from '../../services/adjust-balance';
import { listMemberActivity } from '../../services/member-activity-reads';
import { listPointsExpiration } from '../../services/points-expiration-reads';

const memberParams = z.object({ memberId: z.string().min(1) });
const campaignMemberParams = memberParams.extend({ campaignId: z.string().min(1) });

/** A member's points: adjust the balance, read the activity and the buckets about to expire. */
const memberPointsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/v1/loyalties/:campaignId/members/:memberId/balance', { schema: { summary: 'Add or Remove Loyalty Card Balance', params: campaignMemberParams, body: balanceUpdateRequestSchema, response: { 200: balanceUpdateResponseSchema } } }, async (request) =>
    adjustBalance(app.ctx, request.principal.projectId, request.params.memberId, request.body, { campaignRef: request.params.campaignId, dashboardUser: request.dashboardUser }),
  );
  app.post('/v1/loyalties/members/:memberId/balance', { schema: { summary: 'Add or Remove Loyalty Card Balance', params: memberParams, body: balanceUpdateRequestSchema, response: { 200: balanceUpdateResponseSchema } } }, async (request) =>
    adjustBalance(app.ctx, request.principal.projectId, request.params.memberId, request.body, { dashboardUser: request.dashboardUser }),
  );

  app.get('/v1/loyalties/:campaignId/members/:memberId/activity', { schema: { summary: 'List Member Activity', params: campaignMemberParams, querystring: memberActivityListQuerySchema, response: { 200: memberActivityListSchema } } }, async (request) =>
    listMemberActivity(app.ctx, request.principal.projectId, request.params.memberId, request.query, request.params.campaignId),
  );
  app.get('/v1/loyalties/members/:memberId/activity', { schema: { summary: 'List Member Activity', params: memberParams, querystring: memberActivityListQuerySchema, response: { 200: memberActivityListSchema } } }, async (request) =>
    listMemberActivity(app.ctx, request.principal.projectId, request.params.memberId, request.query),
  );

  app.get('/v1/loyalties/:campaignId/members/:memberId/points-expiration', { schema: { summary: 'Get Points Expiration', params: campaignMemberParams, querystring: pointsBucketListQuerySchema, response: { 200: pointsBucketListSchema } } }, async (request) =>
    listPointsExpiration(app.ctx, request.principal.projectId, request.params.campaignId, request.params.memberId, request.query),
  );
};

export default memberPointsRoutes;
