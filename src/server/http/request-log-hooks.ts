import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InjectedFault } from '../../contract/local-faults';
import type { RequestLogWriter } from '../services/request-log-writer';

/** The log's own reads are not logged: reading the log would fill it. */
const unlogged = new Set(['/_local/requests']);

declare module 'fastify' {
  interface FastifyRequest {
    /** The body sent, kept by reference for the request log until the answer is out. */
    sentPayload: unknown;
    /** Set by a handler whose request must not be kept: a permanent deletion, whose path names the person erased. */
    keptOutOfRequestLog: boolean;
    /** The fault (/_local/faults) the request met, for the log (decorated where faults are served). */
    injectedFault?: InjectedFault | null;
  }
}

/** Hands one request of an authenticated project to the log: answered with `status`, or 0 when its connection was dropped. */
export function logRequest(writer: RequestLogWriter, request: FastifyRequest, status: number, durationMs: number, realNow: Date): void {
  const principal = request.principal;
  if (!principal || request.keptOutOfRequestLog || unlogged.has(request.routeOptions.url ?? '')) return;
  writer.add({
    projectId: principal.projectId,
    requestId: request.id,
    at: new Date(realNow.getTime() - durationMs),
    method: request.method,
    url: request.url,
    status,
    durationMs,
    credential: { type: principal.method, keyId: principal.apiKeyId, tokenId: principal.tokenId ?? null },
    dashboardUserId: request.dashboardUser,
    params: request.params,
    body: request.body,
    payload: request.sentPayload,
    injectedFault: request.injectedFault ?? null,
  });
}

/**
 * Hands every answered request of an authenticated project to the request log once its answer has
 * gone out (`onResponse`), doing no work on the request's path beyond keeping references; a request
 * refused before it was authenticated belongs to no project and is not kept. The service's close
 * writes what is still waiting, after its last answer and before its database closes.
 */
export function recordAnsweredRequests(app: FastifyInstance, writer: RequestLogWriter, realNow: () => Date): void {
  app.decorateRequest('sentPayload', undefined);
  app.decorateRequest('keptOutOfRequestLog', false);
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.principal) request.sentPayload = payload;
    done(null, payload);
  });
  app.addHook('onResponse', (request, reply, done) => {
    logRequest(writer, request, reply.statusCode, reply.elapsedTime, realNow());
    done();
  });
  app.addHook('onClose', async () => writer.flush());
}
