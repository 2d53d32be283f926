import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorObjectSchema } from '../../../contract/error';
import { eventSchemaListSchema, trackEventRequestSchema, trackEventResponseSchema, trackedEventListQuerySchema, trackedEventListSchema } from '../../../contract/event';
import { listEventsOfCustomer, listProjectEventSchemas } from '../../services/events-reads';
import { trackEvent } from '../../services/track-event';


/** Custom events: Track Custom Event, plus two reads of our own (a customer's events, the event schemas). */
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

  app.get(
    '/v1/event-schemas',
    {
      config: { docs: { extension: "The project's event schemas (the cloud keeps them in project settings), so the events page can build a typed form." } },
      schema: { summary: 'List event schemas', response: { 200: eventSchemaListSchema } },
    },
    async (request) => listProjectEventSchemas(app.ctx, request.principal.projectId));
};

export default eventRoutes;
