import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorObjectSchema } from '../../../contract/error';
import { transferPointsRequestSchema, transferPointsResponseSchema } from '../../../contract/points-transfer';
import { transferPoints } from '../../services/transfer-points';

const params = z.object({ campaignId: z.string().min(1).max(200), memberId: z.string().min(1).max(200) });

/** Points moved between members' cards. */
const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/loyalties/:campaignId/members/:memberId/transfers',
    {
      schema: {
        summary: 'Transfer Loyalty Points',
        params,
        body: transferPointsRequestSchema,
        response: {
          200: transferPointsResponseSchema,
          400: errorObjectSchema.describe('A source holds too few points (`loyalty_card_points_exceeded`), has no holder (`missing_customer`), or invalid input naming the field.'),
          404: errorObjectSchema.describe('No such program, or no such card (the member’s or a source).'),
        },
      },
    },
    async (request) => transferPoints(app.ctx, { projectId: request.principal.projectId, dashboardUser: request.dashboardUser }, request.params.campaignId, request.params.memberId, request.body),
  );
};

export default transferRoutes;
