import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitQuery, pageQuery } from '../../../contract/common';
import { addMemberRequestSchema, loyaltyMemberSchema, memberListSchema } from '../../../contract/loyalty-member';
import { addMember } from '../../services/add-member';
import { getMember, listMembers } from '../../services/loyalty-reads';

const campaignParams = z.object({ campaignId: z.string().min(1) });
const memberParams = z.object({ memberId: z.string().min(1) });

const listQuery = z.object({
  limit: limitQuery,
  page: pageQuery,
  order: z.enum(['created_at', '-created_at', 'updated_at', '-updated_at', 'code', '-code']).default('-created_at'),
  customer: z.string().optional(),
  code: z.string().optional(),
  ids: z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v])).optional(),
});

/** Loyalty members: Add Member and the card reads the dashboard uses. */
const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/v1/loyalties/:campaignId/members', { schema: { summary: 'Add Member', params: campaignParams, body: addMemberRequestSchema, response: { 200: loyaltyMemberSchema } } }, async (request) =>
    addMember(app.ctx, request.principal.projectId, request.params.campaignId, request.body),
  );

  app.get('/v1/loyalties/:campaignId/members', { schema: { summary: 'List Members', params: campaignParams, querystring: listQuery, response: { 200: memberListSchema } } }, async (request) =>
    listMembers(app.ctx, request.principal.projectId, request.params.campaignId, request.query),
  );

  app.get('/v1/loyalties/:campaignId/members/:memberId', { schema: { summary: 'Get Member', params: campaignParams.extend(memberParams.shape), response: { 200: loyaltyMemberSchema } } }, async (request) =>
    getMember(app.ctx, request.principal.projectId, request.params.memberId, request.params.campaignId),
  );

  app.get('/v1/loyalties/members/:memberId', { schema: { summary: 'Get Member', params: memberParams, response: { 200: loyaltyMemberSchema } } }, async (request) =>
    getMember(app.ctx, request.principal.projectId, request.params.memberId),
  );
};

export default membersRoutes;
