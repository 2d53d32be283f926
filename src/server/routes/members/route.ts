import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parseDeepObjectQuery } from '../../http/deep-object-query';
import { z } from 'zod';
import { addMemberRequestSchema, loyaltyMemberSchema, memberListQuerySchema, memberListSchema } from '../../../contract/loyalty-member';
import { addMember } from '../../services/add-member';
import { getMember, listMembers } from '../../services/loyalty-reads';

const campaignParams = z.object({ campaignId: z.string().min(1) });
const memberParams = z.object({ memberId: z.string().min(1) });


/** Loyalty members: Add Member and the card reads the dashboard uses. */
const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/v1/loyalties/:campaignId/members', { schema: { summary: 'Add Member', params: campaignParams, body: addMemberRequestSchema, response: { 200: loyaltyMemberSchema } } }, async (request) =>
    addMember(app.ctx, request.principal.projectId, request.params.campaignId, request.body),
  );

  app.get('/v1/loyalties/:campaignId/members', { preValidation: parseDeepObjectQuery, schema: { summary: 'List Members', params: campaignParams, querystring: memberListQuerySchema, response: { 200: memberListSchema } } }, async (request) =>
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
