import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitQuery, pageQuery } from '../../../contract/common';
import { createRewardRequestSchema, updateRewardRequestSchema } from '../../../contract/reward';
import { createReward, deleteReward, getReward, listRewards, updateReward } from '../../services/rewards';
import { acceptEmptyJsonBodies } from '../../http/empty-json-body';

const rewardParams = z.object({ rewardId: z.string().min(1) });
const listQuery = z.object({ limit: limitQuery, page: pageQuery, assignment_id: z.string().min(1).max(200).optional() });

/** Rewards: what loyalty points buy. */
const rewardRoutes: FastifyPluginAsyncZod = async (app) => {
  // The SDK's DELETE calls say JSON and send nothing.
  acceptEmptyJsonBodies(app);
  app.get('/v1/rewards', { schema: { querystring: listQuery } }, async (request) => listRewards(app.ctx, request.principal.projectId, request.query));
  app.post('/v1/rewards', { schema: { body: createRewardRequestSchema } }, async (request) => createReward(app.ctx, request.principal.projectId, request.body));
  app.get('/v1/rewards/:rewardId', { schema: { params: rewardParams } }, async (request) => getReward(app.ctx, request.principal.projectId, request.params.rewardId));
  app.put('/v1/rewards/:rewardId', { schema: { params: rewardParams, body: updateRewardRequestSchema } }, async (request) =>
    updateReward(app.ctx, request.principal.projectId, request.params.rewardId, request.body),
  );
  // 204 without a body, as the real API.
  app.delete('/v1/rewards/:rewardId', { schema: { params: rewardParams } }, async (request, reply) => {
    await deleteReward(app.ctx, request.principal.projectId, request.params.rewardId);
    return reply.status(204).send();
  });
};

export default rewardRoutes;
