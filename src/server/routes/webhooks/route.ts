import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webhookAttemptListQuerySchema, webhookAttemptListSchema, webhookListSchema, webhookSchema, webhookSendoutSchema, webhookWithSecretSchema, webhookWriteRequestSchema } from '../../../contract/webhook';
import { errorObjectSchema } from '../../../contract/error';
import { acceptEmptyJsonBodies } from '../../http/empty-json-body';
import { noContent } from '../../http/openapi/responses';
import { createWebhook, deleteWebhook, getWebhook, listWebhookAttempts, listWebhooks, rotateWebhookSecret, sendTestWebhook, sendWebhookAgain, updateWebhook } from '../../services/webhooks';

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
  app.get(
    `${base}/:webhookId/sendouts`,
    {
      config: { ...management, docs: { extension: 'The endpoint\'s sendout log, newest attempt first: time (project clock), event, attempt, status code, duration and the first 1 kB of the answer; the real API shows it only in its dashboard.' } },
      schema: { summary: 'List Webhook Sendouts', params: webhookParams, querystring: webhookAttemptListQuerySchema, response: { 200: webhookAttemptListSchema } },
    },
    async (request) => listWebhookAttempts(app.ctx, request.principal.projectId, request.params.projectId, request.params.webhookId, request.query),
  );
  app.post(
    `${base}/:webhookId/sendouts/:sendoutId/send`,
    {
      config: { ...management, docs: { extension: '"Send again": the sendout becomes due at once, with the same envelope and ids; the real API offers it only in its dashboard.' } },
      schema: { summary: 'Send Webhook Sendout Again', params: webhookParams.extend({ sendoutId: z.string().min(1) }), response: { 200: webhookSendoutSchema } },
    },
    async (request) => sendWebhookAgain(app.ctx, request.principal.projectId, request.params.projectId, request.params.webhookId, request.params.sendoutId),
  );
  app.post(
    `${base}/:webhookId/test`,
    {
      config: { ...management, docs: { extension: '"Send test webhook": a signed sendout of type `webhook.test` to this endpoint alone, due at once, logged like any other; the real API offers it only in its dashboard.' } },
      schema: { summary: 'Send Test Webhook', params: webhookParams, response: { 200: webhookSendoutSchema } },
    },
    async (request) => sendTestWebhook(app.ctx, request.principal.projectId, request.params.projectId, request.params.webhookId, request.dashboardUser),
  );
};

export default webhookRoutes;
