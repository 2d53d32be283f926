import type { FastifySchemaValidationError } from 'fastify';
import { formatValidationDetail } from '../../contract/validation-details';

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
 * Says which property is wrong in the real API's words (the one format, src/contract/validation-details):
 * "Property .customer.email: expected string" or "Payload should have required property 'customer'".
 */
export function describeValidationIssue(error: FastifySchemaValidationError, input: unknown): string {
  // fastify-type-provider-zod spreads the zod issue (minus path, code and message) into `params`
  // and puts its code in `keyword`; older versions nested it as `params.issue`.
  const params = error.params as (ZodIssueLike & { issue?: ZodIssueLike }) | undefined;
  const issue: ZodIssueLike | undefined = params?.issue ?? (params ? { ...params, code: error.keyword, message: error.message } : undefined);
  const path = (issue?.path ?? error.instancePath.split('/').filter(Boolean)).map(String);
  const parent = path.slice(0, -1);
  const last = path[path.length - 1];
  if (last !== undefined && valueAt(input, path) === undefined) {
    return formatValidationDetail({ kind: 'required', path: parent, property: last });
  }
  if (issue?.code === 'unrecognized_keys' && issue.keys?.length) {
    return formatValidationDetail({ kind: 'additional', path, property: issue.keys[0] });
  }
  return formatValidationDetail({ kind: 'invalid', path, message: issue?.message ?? error.message ?? 'is not valid' });
}
