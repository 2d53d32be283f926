import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asyncActionSchema } from '../../../contract/async-action';
import { errorObjectSchema } from '../../../contract/error';
import { getAsyncAction } from '../../services/async-actions-reads';

const params = z.object({ asyncActionId: z.string().min(1).max(200) });

/** Get Async Action: how an order import (POST /v1/orders/import) goes, and its result. */
const asyncActionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/async-actions/:asyncActionId',
    { schema: { summary: 'Get Async Action', params, response: { 200: asyncActionSchema, 404: errorObjectSchema.describe('The project has no such async action (`not_found`, `resource_type` `async_action`).') } } },
    async (request) => getAsyncAction(app.ctx, request.principal.projectId, request.params.asyncActionId),
  );
};

export default asyncActionRoutes;
