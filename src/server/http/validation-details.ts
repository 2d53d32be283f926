import type { FastifySchemaValidationError } from 'fastify';

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let node = input;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

type ZodIssueLike = { code?: string; input?: unknown; path?: PropertyKey[]; keys?: string[]; message?: string };

/**
 * Says which property is wrong in the real API's words: "Property .customer.email: expected string"
 * or "Payload should have required property 'customer'".
 */
export function describeValidationIssue(error: FastifySchemaValidationError, input: unknown): string {
  // fastify-type-provider-zod spreads the zod issue (minus path, code and message) into `params`
  // and puts its code in `keyword`; older versions nested it as `params.issue`.
  const params = error.params as (ZodIssueLike & { issue?: ZodIssueLike }) | undefined;
  const issue: ZodIssueLike | undefined = params?.issue ?? (params ? { ...params, code: error.keyword, message: error.message } : undefined);
  const path = issue?.path ?? error.instancePath.split('/').filter(Boolean);
  const parent = path.slice(0, -1);
  const owner = parent.length ? `Property .${parent.join('.')}` : 'Payload';
  const last = path[path.length - 1];
  if (last !== undefined && valueAt(input, path) === undefined) {
    return `${owner} should have required property '${String(last)}'`;
  }
  if (issue?.code === 'unrecognized_keys' && issue.keys?.length) {
    const where = path.length ? `Property .${path.join('.')}` : 'Payload';
    return `${where} should not have additional property '${issue.keys[0]}'`;
  }
  const where = path.length ? `Property .${path.join('.')}` : 'Payload';
  return `${where}: ${issue?.message ?? error.message}`;
}
