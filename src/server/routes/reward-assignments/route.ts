import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitQuery, pageQuery } from '../../../contract/common';
import { createRewardAssignmentsRequestSchema, updateRewardAssignmentRequestSchema } from '../../../contract/reward-assignment';
import { createRewardAssignments, deleteRewardAssignment, getRewardAssignment, listRewardAssignments, updateRewardAssignment } from '../../services/reward-assignments';
import { acceptEmptyJsonBodies } from '../../http/empty-json-body';

const campaignParams = z.object({ campaignId: z.string().min(1) });
const assignmentParams = campaignParams.extend({ assignmentId: z.string().min(1) });
const listQuery = z.object({ limit: limitQuery, page: pageQuery, assignment_id: z.string().min(1).max(200).optional() });

/** The rewards a loyalty program offers, each at a price in points. */
const rewardAssignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // The SDK's DELETE calls say JSON and send nothing.
  acceptEmptyJsonBodies(app);
  app.get('/v1/loyalties/:campaignId/rewards', { schema: { params: campaignParams, querystring: listQuery } }, async (request) =>
    listRewardAssignments(app.ctx, request.principal.projectId, request.params.campaignId, request.query),
  );
  app.post('/v1/loyalties/:campaignId/rewards', { schema: { params: campaignParams, body: createRewardAssignmentsRequestSchema } }, async (request) =>
    createRewardAssignments(app.ctx, request.principal.projectId, request.params.campaignId, request.body),
  );
  app.get('/v1/loyalties/:campaignId/rewards/:assignmentId', { schema: { params: assignmentParams } }, async (request) =>
    getRewardAssignment(app.ctx, request.principal.projectId, request.params.campaignId, request.params.assignmentId),
  );
  app.put('/v1/loyalties/:campaignId/rewards/:assignmentId', { schema: { params: assignmentParams, body: updateRewardAssignmentRequestSchema } }, async (request) =>
    updateRewardAssignment(app.ctx, request.principal.projectId, request.params.campaignId, request.params.assignmentId, request.body),
  );
  app.delete('/v1/loyalties/:campaignId/rewards/:assignmentId', { schema: { params: assignmentParams } }, async (request, reply) => {
    await deleteRewardAssignment(app.ctx, request.principal.projectId, request.params.campaignId, request.params.assignmentId);
    return reply.status(204).send();
  });
};

export default rewardAssignmentRoutes;
