import type { FastifySchemaValidationError } from 'fastify';

type ZodIssueLike = { code?: string; input?: unknown; path?: PropertyKey[]; keys?: string[]; message?: string };

/**
 * Says which property is wrong in the real API's words: "Property .customer.email: expected string"
 * or "Payload should have required property 'customer'".
 */
export function describeValidationIssue(error: FastifySchemaValidationError): string {
  const issue = (error.params as { issue?: ZodIssueLike } | undefined)?.issue;
  const path = issue?.path ?? error.instancePath.split('/').filter(Boolean);
  const parent = path.slice(0, -1);
  const owner = parent.length ? `Property .${parent.join('.')}` : 'Payload';
  const last = path[path.length - 1];
  if (issue?.code === 'invalid_type' && issue.input === undefined && last !== undefined) {
    return `${owner} should have required property '${String(last)}'`;
  }
  if (issue?.code === 'unrecognized_keys' && issue.keys?.length) {
    const where = path.length ? `Property .${path.join('.')}` : 'Payload';
    return `${where} should not have additional property '${issue.keys[0]}'`;
  }
  const where = path.length ? `Property .${path.join('.')}` : 'Payload';
  return `${where}: ${issue?.message ?? error.message}`;
}
