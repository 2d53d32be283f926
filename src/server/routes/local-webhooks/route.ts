import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorObjectSchema } from '../../../contract/error';
import { firedWebhookSchema, fireWebhookSchema } from '../../../contract/webhook-fire';
import { fireWebhook } from '../../services/fire-webhook';

const why = 'Testing a webhook receiver without making the change (LOCAL_CONTROL): any event type of the payload contract, on demand, as the Stripe CLI’s `trigger` fires them.';

/** Registered only with LOCAL_CONTROL=on, like the clock: a project's key pair fires that project's webhooks. */
const localWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/_local/webhooks/fire',
    {
      config: { auth: 'key', docs: { extension: why } },
      schema: {
        summary: 'Fire a webhook',
        description:
          "Sends one event of `type` (any event type of the webhook payload contract) to the endpoint `webhook_id`, or to every active endpoint that subscribes to the type. Its `data` is the contract's example for the type with the project's objects where it names them: the customer (`customer`, an id or source id) and the loyalty card (`card`, an id or code), each other's when one is given, else the project's latest held card and its holder; the card's program and its tiers; the customer's latest order; the card's latest transaction. It goes out as any sendout does: signed, in the endpoint's log, retried, sent again on demand. Nothing in the project changes.",
        body: fireWebhookSchema,
        response: { 200: firedWebhookSchema, 404: errorObjectSchema.describe('The endpoint, customer or card named does not exist in this project (`not_found`).') },
      },
    },
    async (request) => fireWebhook(app.ctx, request.principal.projectId, request.body, request.dashboardUser),
  );
};

export default localWebhookRoutes;
