import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorObjectSchema } from '../../../contract/error';
import { rewardSchema } from '../../../contract/reward';
import {
  campaignRewardAssignmentListQuerySchema,
  createRewardOwnAssignmentRequestSchema,
  rewardAssignmentListSchema,
  rewardAssignmentSchema,
  rewardOwnAssignmentListQuerySchema,
  updateRewardAssignmentRequestSchema,
} from '../../../contract/reward-assignment';
import { acceptEmptyJsonBodies } from '../../http/empty-json-body';
import { noContent } from '../../http/openapi/responses';
import { getRewardAssignment, listRewardAssignments } from '../../services/reward-assignments';
import {
  createRewardOwnAssignment,
  deleteRewardOwnAssignment,
  getAssignmentReward,
  getRewardOwnAssignment,
  listRewardOwnAssignments,
  updateRewardOwnAssignment,
} from '../../services/reward-own-assignments';

const campaignAssignment = z.object({ campaignId: z.string().min(1).max(200), assignmentId: z.string().min(1).max(200) });
const rewardParams = z.object({ rewardId: z.string().min(1).max(200) });
const rewardAssignment = rewardParams.extend({ assignmentId: z.string().min(1).max(200) });

/** Reward assignments read through a program's `reward-assignments`, and a reward's own assignments. */
const rewardOwnAssignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The SDK's DELETE calls say JSON and send nothing.
  acceptEmptyJsonBodies(app);
  app.get('/v1/loyalties/:campaignId/reward-assignments', { schema: { summary: 'List Reward Assignments with campaign ID', params: campaignAssignment.pick({ campaignId: true }), querystring: campaignRewardAssignmentListQuerySchema, response: { 200: rewardAssignmentListSchema } } }, async (request) =>
    listRewardAssignments(app.ctx, request.principal.projectId, request.params.campaignId, { limit: request.query.limit, page: request.query.page, assignment_id: request.query.assignmentId }),
  );
  app.get('/v1/loyalties/:campaignId/reward-assignments/:assignmentId', { schema: { summary: 'Get Campaign Reward Assignments', params: campaignAssignment, response: { 200: rewardAssignmentSchema } } }, async (request) =>
    getRewardAssignment(app.ctx, request.principal.projectId, request.params.campaignId, request.params.assignmentId),
  );
  app.get('/v1/loyalties/:campaignId/reward-assignments/:assignmentId/reward', { schema: { summary: 'Get Reward Details', params: campaignAssignment, response: { 200: rewardSchema } } }, async (request) =>
    getAssignmentReward(app.ctx, request.principal.projectId, request.params.campaignId, request.params.assignmentId),
  );
  app.get('/v1/rewards/:rewardId/assignments', { schema: { summary: 'List Reward Assignments', params: rewardParams, querystring: rewardOwnAssignmentListQuerySchema, response: { 200: rewardAssignmentListSchema } } }, async (request) =>
    listRewardOwnAssignments(app.ctx, request.principal.projectId, request.params.rewardId, request.query),
  );
  app.post(
    '/v1/rewards/:rewardId/assignments',
    { schema: { summary: 'Create Reward Assignment', params: rewardParams, body: createRewardOwnAssignmentRequestSchema, response: { 200: rewardAssignmentSchema, 409: errorObjectSchema.describe('The program already offers the reward (`duplicate_found`).') } } },
    async (request) => createRewardOwnAssignment(app.ctx, request.principal.projectId, request.params.rewardId, request.body),
  );
  app.get('/v1/rewards/:rewardId/assignments/:assignmentId', { schema: { summary: 'Get Reward Assignment', params: rewardAssignment, response: { 200: rewardAssignmentSchema } } }, async (request) =>
    getRewardOwnAssignment(app.ctx, request.principal.projectId, request.params.rewardId, request.params.assignmentId),
  );
  app.put('/v1/rewards/:rewardId/assignments/:assignmentId', { schema: { summary: 'Update Reward Assignment', params: rewardAssignment, body: updateRewardAssignmentRequestSchema, response: { 200: rewardAssignmentSchema } } }, async (request) =>
    updateRewardOwnAssignment(app.ctx, request.principal.projectId, request.params.rewardId, request.params.assignmentId, request.body),
  );
  app.delete('/v1/rewards/:rewardId/assignments/:assignmentId', { schema: { summary: 'Delete Reward Assignment', params: rewardAssignment, response: { 204: noContent } } }, async (request, reply) => {
    await deleteRewardOwnAssignment(app.ctx, request.principal.projectId, request.params.rewardId, request.params.assignmentId);
    return reply.status(204).send();
  });
};

export default rewardOwnAssignmentRoutes;
