import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardTransactionListSchema } from '../../../contract/card-transaction';
import { limitQuery } from '../../../contract/common';
import { listMemberTransactions } from '../../services/card-transactions-read';

const memberParams = z.object({ memberId: z.string().min(1) });
const listQuery = z.object({
  limit: limitQuery,
  order: z.enum(['id', '-id']).default('-id'),
  starting_after_id: z.string().min(1).optional(),
});

/** A loyalty card's transaction history, with and without the campaign in the path. */
const cardTransactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/v1/loyalties/:campaignId/members/:memberId/transactions', { schema: { summary: 'List Loyalty Card Transactions', params: memberParams.extend({ campaignId: z.string().min(1) }), querystring: listQuery, response: { 200: cardTransactionListSchema } } }, async (request) =>
    listMemberTransactions(app.ctx, request.principal.projectId, request.params.memberId, request.query, request.params.campaignId),
  );

  app.get('/v1/loyalties/members/:memberId/transactions', { schema: { summary: 'List Loyalty Card Transactions', params: memberParams, querystring: listQuery, response: { 200: cardTransactionListSchema } } }, async (request) =>
    listMemberTransactions(app.ctx, request.principal.projectId, request.params.memberId, request.query),
  );
};

export default cardTransactionRoutes;
