import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLogCountSchema, requestLogListSchema, requestLogQuerySchema } from '../../../contract/request-log';
import { readRequestLog } from '../../services/request-log-reads';

const why =
  'Seeing what a client really sent: the last requests of the calling project (REQUEST_LOG_SIZE, 1,000 by default), with their answers, credentials by id only, bodies redacted and cut at 8,192 characters. REQUEST_LOG=off keeps none.';

/**
 * The request log, served whenever it is kept (REQUEST_LOG, on by default), with the key pair only:
 * it shows every client's bodies, so a bearer token, whatever its scope, may not read it.
 */
const requestLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/_local/requests',
    {
      config: { auth: 'key', docs: { extension: why } },
      schema: {
        summary: "The project's request log",
        description:
          'Newest first (`order=at` for oldest first). Filters combine: `status` (404 or 4xx), `path` (part of it), `customer` (id or source id), `card` (id or code), `since` (a `marker`: what was logged after it; or an instant, real time). `count_only=true` answers how many match (`request_count`). Every answer carries the `marker` of the newest request read. Requests refused before their credentials were checked belong to no project and are not kept; reading the log is not logged.',
        querystring: requestLogQuerySchema,
        response: { 200: z.union([requestLogListSchema, requestLogCountSchema]) },
      },
    },
    async (request) => readRequestLog(app.ctx, request.principal.projectId, request.query),
  );
};

export default requestLogRoutes;
