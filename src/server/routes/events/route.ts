import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorObjectSchema } from '../../../contract/error';
import { trackEventRequestSchema, trackEventResponseSchema, trackedEventListQuerySchema, trackedEventListSchema } from '../../../contract/event';
import { listEventsOfCustomer } from '../../services/events-reads';
import { trackEvent } from '../../services/track-event';


/** Custom events: Track Custom Event, plus a read of our own (a customer's events). The event schemas are metadata schemas (routes/metadata-schemas). */
const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/v1/events', { schema: { summary: 'Track Custom Event', body: trackEventRequestSchema, response: { 200: trackEventResponseSchema, 404: errorObjectSchema.describe('The card named in `loyalty.code` does not exist (`not_found`).') } } }, async (request) =>
    (await trackEvent(app.ctx, request.principal.projectId, request.body)).response,
  );

  app.get(
    '/v1/events',
    {
      config: { docs: { extension: "A customer's stored events, newest first, for the dashboard's events page." } },
      schema: {
        summary: "List a customer's events",
        querystring: trackedEventListQuerySchema,
        response: { 200: trackedEventListSchema, 404: errorObjectSchema.describe('No customer with that id or source id (`not_found`).') },
      },
    }, async (request) => listEventsOfCustomer(app.ctx, request.principal.projectId, request.query));
};

export default eventRoutes;
