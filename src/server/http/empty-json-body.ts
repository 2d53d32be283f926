import type { FastifyInstance } from 'fastify';

/**
 * In the plugin it is called in: an empty body with a JSON content type means "no body" instead of
 * a 400. The official SDK sends `Content-Type: application/json` on its DELETE calls, with nothing.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    String(body).trim() === '' ? done(null, undefined) : parseJson(request, String(body), done),
  );
}
