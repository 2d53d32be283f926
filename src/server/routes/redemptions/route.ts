import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorObjectSchema } from '../../../contract/error';
import { redemptionRollbackSchema, rollbackRedemptionQuerySchema, rollbackRedemptionRequestSchema, storedRedemptionSchema } from '../../../contract/redemption-rollback';
import { acceptEmptyJsonBodies } from '../../http/empty-json-body';
import { getRedemption } from '../../services/redemption-reads';
import { rollbackRedemption } from '../../services/rollback-redemption';

const redemptionParams = z.object({ redemptionId: z.string().min(1).max(200) });

/** A reward redemption read back, and undone. */
const redemptionRoutes: FastifyPluginAsyncZod = async (app) => {
  // The official SDK posts a rollback with or without a body.
  acceptEmptyJsonBodies(app);
  app.get('/v1/redemptions/:redemptionId', { schema: { summary: 'Get Redemption', params: redemptionParams, response: { 200: storedRedemptionSchema } } }, async (request) =>
    getRedemption(app.ctx, request.principal, request.params.redemptionId),
  );
  app.post(
    '/v1/redemptions/:redemptionId/rollback',
    {
      schema: {
        summary: 'Rollback Redemption',
        params: redemptionParams,
        querystring: rollbackRedemptionQuerySchema,
        body: rollbackRedemptionRequestSchema.nullish(),
        response: { 200: redemptionRollbackSchema, 400: errorObjectSchema.describe('Already rolled back (`already_rolled_back`), a CAMPAIGN reward whose points were spent (`loyalty_card_points_exceeded`), or invalid input.') },
      },
    },
    async (request) =>
      rollbackRedemption(
        app.ctx,
        { projectId: request.principal.projectId, apiKeyId: request.principal.apiKeyId, dashboardUser: request.dashboardUser },
        request.params.redemptionId,
        request.query,
        request.body ?? {},
      ),
  );
};

export default redemptionRoutes;
