import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignTransactionListQuerySchema, cardTransactionListQuerySchema, cardTransactionListSchema } from '../../../contract/card-transaction';
import { parseDeepObjectQuery } from '../../http/deep-object-query';
import { listCampaignTransactions, listMemberTransactions } from '../../services/card-transactions-reads';

const memberParams = z.object({ memberId: z.string().min(1) });

/** A loyalty card's transaction history, with and without the campaign in the path, and a program's. */
const cardTransactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/loyalties/:campaignId/members/:memberId/transactions', { preValidation: parseDeepObjectQuery, schema: { summary: 'List Loyalty Card Transactions', params: memberParams.extend({ campaignId: z.string().min(1) }), querystring: cardTransactionListQuerySchema, response: { 200: cardTransactionListSchema } } }, async (request) =>
    listMemberTransactions(app.ctx, request.principal.projectId, request.params.memberId, request.query, request.params.campaignId),
  );

  app.get('/v1/loyalties/members/:memberId/transactions', { preValidation: parseDeepObjectQuery, schema: { summary: 'List Loyalty Card Transactions', params: memberParams, querystring: cardTransactionListQuerySchema, response: { 200: cardTransactionListSchema } } }, async (request) =>
    listMemberTransactions(app.ctx, request.principal.projectId, request.params.memberId, request.query),
  );

  app.get('/v1/loyalties/:campaignId/transactions', { preValidation: parseDeepObjectQuery, schema: { summary: 'List Loyalty Campaign Transactions', params: z.object({ campaignId: z.string().min(1) }), querystring: campaignTransactionListQuerySchema, response: { 200: cardTransactionListSchema } } }, async (request) =>
    listCampaignTransactions(app.ctx, request.principal.projectId, request.params.campaignId, request.query),
  );
};

export default cardTransactionRoutes;
