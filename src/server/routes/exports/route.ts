import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorObjectSchema } from '../../../contract/error';
import { createTransactionsExportSchema, exportListQuerySchema, exportListSchema, exportObjectSchema } from '../../../contract/export';
import { fileResponse, noContent } from '../../http/openapi/responses';
import { createCampaignTransactionsExportSchema, createPointsExpirationExportSchema } from '../../../contract/campaign-exports';
import { createCampaignTransactionsExport, createPointsExpirationExport, createTransactionsExport } from '../../services/create-export';
import { deleteExport } from '../../services/delete-export';
import { openExportDownload } from '../../services/export-download';
import { getExport, listExports } from '../../services/export-reads';

const memberParams = z.object({ memberId: z.string().min(1) });
const campaignMemberParams = memberParams.extend({ campaignId: z.string().min(1) });
const campaignParams = z.object({ campaignId: z.string().min(1) });
const exportParams = z.object({ exportId: z.string().min(1) });
const downloadQuery = z.object({ token: z.string().min(1).max(200) });
/** The SDKs and the "No request body" example send nothing, or an empty JSON body. */
const optionalBody = createTransactionsExportSchema.nullish();

/**
 * Download and Get Export share `GET /v1/exports/{id}` (api-facts §15): a request carrying `token`
 * is a download, routed by this constraint to a public route; one without it is a read that
 * needs credentials like any other.
 */
type ConstraintStrategy = Parameters<FastifyInstance['addConstraintStrategy']>[0];
type Handler = ReturnType<ReturnType<ConstraintStrategy['storage']>['get']>;
const downloadTokenConstraint: ConstraintStrategy = {
  name: 'exportDownloadToken',
  storage() {
    const handlers = new Map<string, Handler>();
    return { get: (value: string) => handlers.get(value) ?? null, set: (value: string, handler: Handler) => void handlers.set(value, handler) };
  },
  // Runs for every request the router sees, so the common case (no token, nothing percent-encoded
  // that could spell one) stays a substring test.
  deriveConstraint(request) {
    const url = request.url ?? '';
    const at = url.indexOf('?');
    if (at < 0 || (!url.includes('token', at) && !url.includes('%', at))) return undefined;
    return new URLSearchParams(url.slice(at + 1)).has('token') ? 'token' : undefined;
  },
};

/** Card transaction exports: create, poll, list, download, delete. */
const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  // In this plugin only: an empty body with a JSON content type means "no body", not a 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    String(body).trim() === '' ? done(null, undefined) : parseJson(request, String(body), done),
  );
  app.addConstraintStrategy(downloadTokenConstraint);

  app.post(
    '/v1/loyalties/:campaignId/members/:memberId/transactions/export',
    { schema: { summary: 'Export Loyalty Card Transactions', params: campaignMemberParams, body: optionalBody, response: { 200: exportObjectSchema } } },
    async (request) =>
      createTransactionsExport(app.ctx, request.principal.projectId, request.params.memberId, request.params.campaignId, request.body, request.dashboardUser),
  );

  app.post('/v1/loyalties/members/:memberId/transactions/export', { schema: { summary: 'Export Loyalty Card Transactions', params: memberParams, body: optionalBody, response: { 200: exportObjectSchema } } }, async (request) =>
    createTransactionsExport(app.ctx, request.principal.projectId, request.params.memberId, undefined, request.body, request.dashboardUser),
  );

  app.post(
    '/v1/loyalties/:campaignId/transactions/export',
    { schema: { summary: 'Export Loyalty Campaign Transactions', params: campaignParams, body: createCampaignTransactionsExportSchema.nullish(), response: { 200: exportObjectSchema, 404: errorObjectSchema.describe('No such program.') } } },
    async (request) => createCampaignTransactionsExport(app.ctx, request.principal.projectId, request.params.campaignId, request.body, request.dashboardUser),
  );

  app.post(
    '/v1/loyalties/:campaignId/points-expiration/export',
    { schema: { summary: 'Export Loyalty Campaign Point Expiration', params: campaignParams, body: createPointsExpirationExportSchema.nullish(), response: { 200: exportObjectSchema, 404: errorObjectSchema.describe('No such program.') } } },
    async (request) => createPointsExpirationExport(app.ctx, request.principal.projectId, request.params.campaignId, request.body, request.dashboardUser),
  );

  app.get('/v1/exports', { schema: { summary: 'List Exports', querystring: exportListQuerySchema, response: { 200: exportListSchema } } }, async (request) => listExports(app.ctx, request.principal.projectId, request.query));

  app.get('/v1/exports/:exportId', { schema: { summary: 'Get Export', params: exportParams, response: { 200: exportObjectSchema } } }, async (request) =>
    getExport(app.ctx, request.principal.projectId, request.params.exportId),
  );

  // 204 without a body, as the real API (EXP delete-export); 404 not_found when the caller's project has no such export.
  app.delete('/v1/exports/:exportId', { schema: { summary: 'Delete Export', params: exportParams, response: { 204: noContent } } }, async (request, reply) => {
    await deleteExport(app.ctx, request.principal.projectId, request.params.exportId);
    return reply.code(204).send();
  });

  app.get(
    '/v1/exports/:exportId',
    {
      constraints: { exportDownloadToken: 'token' },
      // Documented on the download host with the real API's parameter name, as openapi-supporting does: one path cannot hold two GETs.
      config: { auth: 'public', docs: { path: '/v1/exports/:export_Id', downloadHost: true } },
      schema: {
        summary: 'Download Export',
        params: exportParams,
        querystring: downloadQuery,
        response: {
          200: fileResponse('The CSV file of the export.', ['text/csv']),
          401: errorObjectSchema.describe('The token is not valid for this export, or the link expired (`unauthorized`).'),
          410: errorObjectSchema.describe('The file is no longer stored (`gone`).'),
        },
      },
    },
    async (request, reply) => {
      const file = await openExportDownload(app.ctx, request.params.exportId, request.query.token);
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store');
      return reply.send(file.stream);
    },
  );
};

export default exportRoutes;
