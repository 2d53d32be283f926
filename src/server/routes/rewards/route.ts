import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createRewardRequestSchema, rewardListQuerySchema, rewardListSchema, rewardSchema, updateRewardRequestSchema } from '../../../contract/reward';
import { noContent } from '../../http/openapi/responses';
import { errorObjectSchema } from '../../../contract/error';
import { createReward, deleteReward, getReward, listRewards, updateReward } from '../../services/rewards';
import { acceptEmptyJsonBodies } from '../../http/empty-json-body';

const rewardParams = z.object({ rewardId: z.string().min(1) });

/** Rewards: what loyalty points buy. */
const rewardRoutes: FastifyPluginAsyncZod = async (app) => {
  // The SDK's DELETE calls say JSON and send nothing.
  acceptEmptyJsonBodies(app);
  app.get('/v1/rewards', { schema: { summary: 'List Rewards', querystring: rewardListQuerySchema, response: { 200: rewardListSchema } } }, async (request) => listRewards(app.ctx, request.principal.projectId, request.query));
  app.post('/v1/rewards', { schema: { summary: 'Create Reward', body: createRewardRequestSchema, response: { 200: rewardSchema, 404: errorObjectSchema.describe('The product or the loyalty program the reward names does not exist (`not_found`).') } } }, async (request) => createReward(app.ctx, request.principal.projectId, request.body));
  app.get('/v1/rewards/:rewardId', { schema: { summary: 'Get Reward', params: rewardParams, response: { 200: rewardSchema } } }, async (request) => getReward(app.ctx, request.principal.projectId, request.params.rewardId));
  app.put('/v1/rewards/:rewardId', { schema: { summary: 'Update Reward', params: rewardParams, body: updateRewardRequestSchema, response: { 200: rewardSchema } } }, async (request) =>
    updateReward(app.ctx, request.principal.projectId, request.params.rewardId, request.body),
  );
  // 204 without a body, as the real API.
  app.delete('/v1/rewards/:rewardId', { schema: { summary: 'Delete Reward', params: rewardParams, response: { 204: noContent } } }, async (request, reply) => {
    await deleteReward(app.ctx, request.principal.projectId, request.params.rewardId);
    return reply.status(204).send();
  });
};

export default rewardRoutes;
