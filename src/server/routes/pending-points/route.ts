import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorObjectSchema } from '../../../contract/error';
import { noContent } from '../../http/openapi/responses';
import {
  adjustPendingPointsRequestSchema,
  cancelPendingPointsRequestSchema,
  pendingPointsActivatedSchema,
  pendingPointsAdjustedSchema,
  pendingPointsListQuerySchema,
  pendingPointsListSchema,
} from '../../../contract/pending-points';
import { authorOf } from '../../domain/card-change-author';
import { activatePendingPoints, adjustPendingPoints, cancelPendingPoints, listCampaignPendingPoints, listMemberPendingPoints } from '../../services/pending-points';

const memberParams = z.object({ memberId: z.string().min(1).max(200) });
const entryParams = memberParams.extend({ pendingPointsId: z.string().min(1).max(200) });
const notFound = errorObjectSchema.describe('No such card, or the card has no such entry still pending (`not_found`).');

/** Points held pending by order-paid rules: list (a program's, a member's), adjust, activate now, cancel. */
const pendingPointsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/loyalties/:campaignId/pending-points', { schema: { summary: 'List Campaign Pending Points', params: z.object({ campaignId: z.string().min(1).max(200) }), querystring: pendingPointsListQuerySchema, response: { 200: pendingPointsListSchema } } }, async (request) =>
    listCampaignPendingPoints(app.ctx, request.principal.projectId, request.params.campaignId, request.query),
  );
  app.get('/v1/loyalties/:campaignId/members/:memberId/pending-points', { schema: { summary: 'List Member Pending Points', params: memberParams.extend({ campaignId: z.string().min(1).max(200) }), querystring: pendingPointsListQuerySchema, response: { 200: pendingPointsListSchema } } }, async (request) =>
    listMemberPendingPoints(app.ctx, request.principal.projectId, request.params.memberId, request.query, request.params.campaignId),
  );
  app.get('/v1/loyalties/members/:memberId/pending-points', { schema: { summary: 'List Member Pending Points', params: memberParams, querystring: pendingPointsListQuerySchema, response: { 200: pendingPointsListSchema } } }, async (request) =>
    listMemberPendingPoints(app.ctx, request.principal.projectId, request.params.memberId, request.query),
  );
  app.post('/v1/loyalties/members/:memberId/pending-points/:pendingPointsId/activate', { schema: { summary: 'Activate Member Pending Points', params: entryParams, response: { 200: pendingPointsActivatedSchema, 404: notFound } } }, async (request) =>
    activatePendingPoints(app.ctx, request.principal.projectId, request.params.memberId, request.params.pendingPointsId, authorOf(request.dashboardUser)),
  );
  app.post('/v1/loyalties/members/:memberId/pending-points/:pendingPointsId/balance', { schema: { summary: 'Adjust Member Pending Points', params: entryParams, body: adjustPendingPointsRequestSchema, response: { 200: pendingPointsAdjustedSchema, 404: notFound } } }, async (request) =>
    adjustPendingPoints(app.ctx, request.principal.projectId, request.params.memberId, request.params.pendingPointsId, request.body.points),
  );
  app.post('/v1/loyalties/members/:memberId/pending-points/:pendingPointsId/cancel', { schema: { summary: 'Cancel Member Pending Points', params: entryParams, body: cancelPendingPointsRequestSchema, response: { 204: noContent, 404: notFound } } }, async (request, reply) => {
    await cancelPendingPoints(app.ctx, request.principal.projectId, request.params.memberId, request.params.pendingPointsId, authorOf(request.dashboardUser), request.body?.reason);
    return reply.code(204).send();
  });
};

export default pendingPointsRoutes;
