import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FaultStatus, InjectedFault } from '../../contract/local-faults';
import type { ServiceContext } from '../context';
import type { FaultRow } from '../db/repositories/local-faults';
import { isFaultProof } from '../domain/fault-route';
import { errorObjectOf, internalError } from '../http/error-handler';
import { logRequest } from '../http/request-log-hooks';
import { ApiError } from '../lib/api-error';
import { tooManyRequests } from '../rate-limit/rate-limit-hook';
import type { FaultTable } from './fault-table';

/** The error each fault status answers: the real API's error object, as this service answers that status itself. */
function faultError(status: FaultStatus, retryAfter: number, limit: number): ApiError {
  switch (status) {
    case 429:
      return tooManyRequests(limit, retryAfter);
    case 500:
      return internalError();
    case 502:
      return new ApiError(502, 'bad_gateway', 'Bad Gateway', 'The service could not reach a system it depends on; try again.');
    case 503:
      return new ApiError(503, 'service_unavailable', 'Service Unavailable', 'The service is temporarily unavailable; try again later.');
    case 504:
      return new ApiError(504, 'gateway_timeout', 'Gateway Timeout', 'The service did not answer in time; try again.');
  }
}

/** As the log shows what a request met: the status or drop it ended in, else the delay alone. */
function injectedOf(fault: FaultRow): InjectedFault {
  const kind = fault.drop ? 'drop' : fault.status !== null ? 'status' : 'latency';
  return { id: fault.id, kind, status: fault.status, latency_ms: fault.latencyMs };
}

/**
 * Meets a request with the fault it drew: a delay, then an error answer or a dropped connection
 * (or, for a delay alone, the usual answer). Returns whether the request was answered here.
 */
async function inject(ctx: ServiceContext, fault: FaultRow, request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  request.injectedFault = injectedOf(fault);
  if (fault.latencyMs !== null) await sleep(fault.latencyMs);
  if (fault.drop) {
    void reply.hijack();
    request.raw.socket.destroy();
    if (ctx.requestLog) logRequest(ctx.requestLog, request, 0, reply.elapsedTime, ctx.clock.realNow());
    return true;
  }
  if (fault.status === null) return false;
  const realNow = ctx.clock.realNow().getTime();
  const { limit, windowMs } = ctx.rateLimiter;
  // As the real limit answers: the rest of the current window, unless the fault says how long.
  const windowEnd = Math.floor(realNow / windowMs) * windowMs + windowMs;
  const retryAfter = fault.retryAfterSeconds ?? Math.max(1, Math.ceil((windowEnd - realNow) / 1000));
  const error = faultError(fault.status as FaultStatus, retryAfter, limit);
  if (fault.status === 429) void reply.headers({ 'x-rate-limit-remaining': '0', 'x-rate-limit-retry': String(Math.ceil(realNow / 1000) + retryAfter) });
  if (fault.status === 503 && fault.retryAfterSeconds !== null) void reply.header('retry-after', String(retryAfter));
  if (error.headers) void reply.headers(error.headers);
  await reply.code(error.code).send(errorObjectOf(error, request.id));
  return true;
}

/**
 * Faults on demand (LOCAL_CONTROL=on): right after authentication, before validation and the
 * operation, a request of a project that set faults may meet one, so a request answered by a fault
 * has written nothing. With no fault anywhere the hook is one size check; the local controls
 * (`/_local/…`) never meet one.
 */
export function injectFaults(app: FastifyInstance, ctx: ServiceContext, table: FaultTable): void {
  app.decorateRequest('injectedFault', null);
  app.addHook('preValidation', (request, reply, done) => {
    if (table.empty || !request.principal) return done();
    const url = request.routeOptions.url;
    if (!url || isFaultProof(url)) return done();
    table
      .meet(request.principal.projectId, request.method, url)
      .then((fault) => (fault ? inject(ctx, fault, request, reply) : false))
      .then((answered) => {
        if (!answered) done();
      }, done);
  });
  app.addHook('onClose', async () => table.stop());
}
