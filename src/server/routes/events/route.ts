import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitQuery } from '../../../contract/common';
import { trackEventRequestSchema } from '../../../contract/event';
import { listEventsOfCustomer, listProjectEventSchemas } from '../../services/events-read';
import { trackEvent } from '../../services/track-event';

const listQuery = z.object({
  customer: z.string().min(1),
  limit: limitQuery,
  starting_after_id: z.string().min(1).optional(),
});

/** Custom events: Track Custom Event, plus two reads of our own (a customer's events, the event schemas). */
const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/v1/events', { schema: { body: trackEventRequestSchema } }, async (request) =>
    (await trackEvent(app.ctx, request.principal.projectId, request.body)).response,
  );

  app.get('/v1/events', { schema: { querystring: listQuery } }, async (request) => listEventsOfCustomer(app.ctx, request.principal.projectId, request.query));

  app.get('/v1/event-schemas', async (request) => listProjectEventSchemas(app.ctx, request.principal.projectId));
};

export default eventRoutes;
