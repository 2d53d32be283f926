import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createRewardAssignmentsRequestSchema, rewardAssignmentListQuerySchema, rewardAssignmentListSchema, rewardAssignmentSchema, updateRewardAssignmentRequestSchema } from '../../../contract/reward-assignment';
import { noContent } from '../../http/openapi/responses';
import { errorObjectSchema } from '../../../contract/error';
import { createRewardAssignments, deleteRewardAssignment, getRewardAssignment, listRewardAssignments, updateRewardAssignment } from '../../services/reward-assignments';
import { acceptEmptyJsonBodies } from '../../http/empty-json-body';

const campaignParams = z.object({ campaignId: z.string().min(1) });
const assignmentParams = campaignParams.extend({ assignmentId: z.string().min(1) });

/** The rewards a loyalty program offers, each at a price in points. */
const rewardAssignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The SDK's DELETE calls say JSON and send nothing.
  acceptEmptyJsonBodies(app);
  app.get('/v1/loyalties/:campaignId/rewards', { schema: { summary: 'List Reward Assignments', params: campaignParams, querystring: rewardAssignmentListQuerySchema, response: { 200: rewardAssignmentListSchema } } }, async (request) =>
    listRewardAssignments(app.ctx, request.principal.projectId, request.params.campaignId, request.query),
  );
  app.post('/v1/loyalties/:campaignId/rewards', { schema: { summary: 'Create Reward Assignment', params: campaignParams, body: createRewardAssignmentsRequestSchema, response: { 200: z.array(rewardAssignmentSchema), 409: errorObjectSchema.describe('The program already offers that reward (`duplicate_found`).') } } }, async (request) =>
    createRewardAssignments(app.ctx, request.principal.projectId, request.params.campaignId, request.body),
  );
  app.get('/v1/loyalties/:campaignId/rewards/:assignmentId', { schema: { summary: 'Get Reward Assignment', params: assignmentParams, response: { 200: rewardAssignmentSchema } } }, async (request) =>
    getRewardAssignment(app.ctx, request.principal.projectId, request.params.campaignId, request.params.assignmentId),
  );
  app.put('/v1/loyalties/:campaignId/rewards/:assignmentId', { schema: { summary: 'Update Reward Assignment', params: assignmentParams, body: updateRewardAssignmentRequestSchema, response: { 200: rewardAssignmentSchema } } }, async (request) =>
    updateRewardAssignment(app.ctx, request.principal.projectId, request.params.campaignId, request.params.assignmentId, request.body),
  );
  app.delete('/v1/loyalties/:campaignId/rewards/:assignmentId', { schema: { summary: 'Delete Reward Assignment', params: assignmentParams, response: { 204: noContent } } }, async (request, reply) => {
    await deleteRewardAssignment(app.ctx, request.principal.projectId, request.params.campaignId, request.params.assignmentId);
    return reply.status(204).send();
  });
};

export default rewardAssignmentRoutes;
