import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createFaultSchema, faultListSchema, faultParamsSchema, faultSchema } from '../../../contract/local-faults';
import { noContent } from '../../http/openapi/responses';
import { clearFault, clearFaults, createFault, listFaults } from '../../services/local-faults';

const why = 'Testing what a client does when the API fails (LOCAL_CONTROL): the calling project’s requests meet a rate limit, an error, a delay or a dropped connection on demand.';

/**
 * Faults on demand, registered only with LOCAL_CONTROL=on, like the clock: a project's key pair
 * sets faults for that project's requests and no other's. The injection itself is
 * faults/inject-faults.ts, before every operation's validation and handler.
 */
const localFaultRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { auth: 'key' as const, docs: { extension: why } };
  /** What a fault may name: every operation but the local controls, which no fault meets. */
  const served = () => app.routeCatalog.routes.filter((route) => !route.url.startsWith('/_local/'));

  app.post(
    '/_local/faults',
    {
      config,
      schema: {
        summary: 'Set a fault',
        description:
          'The next requests of the calling project to the operation (`method` and `path`, either, or neither: every operation) meet it: `status` answers 429 (with `X-Rate-Limit-*` and `Retry-After`), 500, 502, 503 or 504 with the error object; `latency_ms` waits first (alone, the request is then served as usual); `drop` closes the connection without an answer. `times` limits it to that many requests (1: once), `probability` to a share of them. A request answered by a fault has written nothing. Faults are checked in the order they were set; the request log marks what each request met (`injected_fault`). Cleared by `DELETE`, by `POST /_local/reset` and by a snapshot restore.',
        body: createFaultSchema,
        response: { 200: faultSchema },
      },
    },
    async (request) => createFault(app.ctx, request.principal.projectId, request.body, served()),
  );

  app.get('/_local/faults', { config, schema: { summary: "The project's faults", description: 'Oldest first, with what remains of counted ones (0: spent).', response: { 200: faultListSchema } } }, async (request) =>
    listFaults(app.ctx, request.principal.projectId),
  );

  app.delete('/_local/faults', { config, schema: { summary: 'Clear every fault', response: { 204: noContent } } }, async (request, reply) => {
    await clearFaults(app.ctx, request.principal.projectId);
    return reply.code(204).send();
  });

  app.delete('/_local/faults/:faultId', { config, schema: { summary: 'Clear one fault', params: faultParamsSchema, response: { 204: noContent } } }, async (request, reply) => {
    await clearFault(app.ctx, request.principal.projectId, request.params.faultId);
    return reply.code(204).send();
  });
};

export default localFaultRoutes;
