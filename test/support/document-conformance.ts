import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/** Statuses any request may answer, said once in the document's description rather than per operation (502–504: a fault, /_local/faults). */
const generalStatuses = new Set([405, 413, 414, 415, 431, 500, 502, 503, 504]);

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * Makes every JSON response of the service in a test prove /openapi.json right: its status must
 * be documented for the operation, and its body must match the documented schema. A response that
 * does not is replaced by a 500 naming the mismatch, so the test that made the call fails there.
 */
export function checkResponsesAgainstDocument(app: FastifyInstance): void {
  let validatorOf: ((path: string) => ValidateFunction | undefined) | undefined;
  const load = () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
    addFormats(ajv);
    ajv.addSchema(app.swagger() as object, 'openapi');
    return (path: string) => ajv.getSchema(`openapi#/${path}`);
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    const status = reply.statusCode;
    if (!url || generalStatuses.has(status) || typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (url === '/openapi.json' || url.startsWith('/docs')) return payload;
    validatorOf ??= load();
    const path = (request.routeOptions.config.docs?.path ?? url).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation = `${request.method} ${path}`;
    const method = request.method.toLowerCase();
    const document = app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> };
    const response = document.paths[path]?.[method]?.responses?.[String(status)];
    let problem: string | undefined;
    if (!response) problem = `${operation} answered ${status}, which /openapi.json does not list for it`;
    else if (!response.content?.['application/json']) problem = `${operation} ${status} answered JSON, /openapi.json describes no JSON body`;
    else {
      const validate = validatorOf(pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema'));
      if (!validate) problem = `${operation} ${status}: schema not found`;
      else if (!validate(JSON.parse(payload))) problem = `${operation} ${status} does not match /openapi.json: ${(validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('; ')}`;
    }
    if (!problem) return payload;
    void reply.code(500);
    return JSON.stringify({ code: 500, key: 'response_not_documented', message: 'Response does not match /openapi.json', details: problem, answer: JSON.parse(payload) });
  });
}
