import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardTransactionSchema } from '../../../contract/card-transaction';
import { reverseTransactionRequestSchema } from '../../../contract/card-transaction-reversal';
import { errorObjectSchema } from '../../../contract/error';
import { reverseManualChange } from '../../services/reverse-manual-change';

const params = z.object({ memberId: z.string().min(1).max(200), transactionId: z.string().min(1).max(200) });

/** Undoing a points change made by hand (an extension). */
const reversalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/loyalties/members/:memberId/transactions/:transactionId/reversal',
    {
      config: { docs: { extension: 'Reverses a points addition or removal made by hand, with a required reason: the real API has no way to undo one but another manual change that names nothing.' } },
      schema: {
        summary: 'Reverse Manual Points Change',
        params,
        body: reverseTransactionRequestSchema,
        response: {
          200: cardTransactionSchema.describe('The new transaction, naming the one it reverses (`related_transaction_id`, `details.reversal_of`).'),
          400: errorObjectSchema.describe('Not a change made by hand (`not_reversible`), reversed already (`already_reversed`), points added then spent (`loyalty_card_points_exceeded`), or invalid input naming the field.'),
          404: errorObjectSchema.describe('No such card, or no such transaction on it.'),
        },
      },
    },
    async (request) => reverseManualChange(app.ctx, { projectId: request.principal.projectId, dashboardUser: request.dashboardUser }, request.params.memberId, request.params.transactionId, request.body),
  );
};

export default reversalRoutes;
