import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webhookListSchema, webhookSchema, webhookWithSecretSchema, webhookWriteRequestSchema } from '../../../contract/webhook';
import { errorObjectSchema } from '../../../contract/error';
import { acceptEmptyJsonBodies } from '../../http/empty-json-body';
import { noContent } from '../../http/openapi/responses';
import { createWebhook, deleteWebhook, getWebhook, listWebhooks, rotateWebhookSecret, updateWebhook } from '../../services/webhooks';

const projectParams = z.object({ projectId: z.string().min(1) });
const webhookParams = projectParams.extend({ webhookId: z.string().min(1) });
const management = { auth: 'management' as const };
const tooMany = errorObjectSchema.describe('The project already has as many webhooks as it may have (`webhooks_limit_exceeded`), or a field is not valid (`invalid_payload`).');

/** The Management API's webhook configuration, authenticated by a management key pair. */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptEmptyJsonBodies(app);
  const base = '/management/v1/projects/:projectId/webhooks';
  app.get(base, { config: management, schema: { summary: 'List Webhooks', params: projectParams, response: { 200: webhookListSchema } } }, async (request) =>
    listWebhooks(app.ctx, request.principal.projectId, request.params.projectId),
  );
  // The create answer alone carries the signing secret (an extension: the real API signs with the project's secret).
  app.post(base, { config: management, schema: { summary: 'Create Webhook', params: projectParams, body: webhookWriteRequestSchema, response: { 200: webhookWithSecretSchema, 400: tooMany } } }, async (request) =>
    createWebhook(app.ctx, request.principal.projectId, request.params.projectId, request.body),
  );
  app.get(`${base}/:webhookId`, { config: management, schema: { summary: 'Get Webhook', params: webhookParams, response: { 200: webhookSchema } } }, async (request) =>
    getWebhook(app.ctx, request.principal.projectId, request.params.projectId, request.params.webhookId),
  );
  app.put(`${base}/:webhookId`, { config: management, schema: { summary: 'Update Webhook', params: webhookParams, body: webhookWriteRequestSchema, response: { 200: webhookSchema } } }, async (request) =>
    updateWebhook(app.ctx, request.principal.projectId, request.params.projectId, request.params.webhookId, request.body),
  );
  app.delete(`${base}/:webhookId`, { config: management, schema: { summary: 'Delete Webhook', params: webhookParams, response: { 204: noContent } } }, async (request, reply) => {
    await deleteWebhook(app.ctx, request.principal.projectId, request.params.projectId, request.params.webhookId);
    return reply.status(204).send();
  });
  app.post(
    `${base}/:webhookId/secret`,
    {
      config: { ...management, docs: { extension: 'Rotates the endpoint\'s signing secret and answers the new one, the only time it is shown; the real API keeps one secret per project in its dashboard.' } },
      schema: { summary: 'Rotate Webhook Secret', params: webhookParams, response: { 200: webhookWithSecretSchema } },
    },
    async (request) => rotateWebhookSecret(app.ctx, request.principal.projectId, request.params.projectId, request.params.webhookId),
  );
};

export default webhookRoutes;
