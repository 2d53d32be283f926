import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readReference as reference } from './reference';

const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
addFormats(ajv);
// OpenAPI's own keywords carry no validation meaning.
for (const keyword of ['example', 'x-subset-known-defects', 'discriminator', 'xml', 'externalDocs']) ajv.addKeyword(keyword);
ajv.addSchema(reference('openapi-subset.json'), 'subset');
ajv.addSchema(reference('openapi-supporting.json'), 'supporting');

function operation(document: 'subset' | 'supporting', path: string, method: string) {
  const doc = document === 'subset' ? reference('openapi-subset.json') : reference('openapi-supporting.json');
  return doc.paths[path]?.[method.toLowerCase()];
}

/** Removes the keys, at dotted paths, whose value is null: for the schema defects the subset documents. */
function dropNulls(body: unknown, paths: string[]): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  for (const path of paths) {
    const parts = path.split('.');
    let node: Record<string, unknown> | undefined = copy;
    for (const part of parts.slice(0, -1)) node = node?.[part] as Record<string, unknown> | undefined;
    const last = parts[parts.length - 1];
    if (node && node[last] === null) delete node[last];
  }
  return copy;
}

/**
 * Validates a response body against the published contract of one operation and status.
 * `knownDefectNulls` lists fields the contract's own examples return as null though its schema
 * forbids it (x-subset-known-defects); they are checked by our own schemas instead.
 * Returns Ajv's errors (empty when valid).
 */
export function contractErrors(
  document: 'subset' | 'supporting',
  path: string,
  method: string,
  status: number,
  body: unknown,
  knownDefectNulls: string[] = [],
): string[] {
  const op = operation(document, path, method);
  if (!op) throw new Error(`No ${method} ${path} in ${document}`);
  const response = op.responses[String(status)];
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`No JSON schema for ${status} of ${method} ${path}`);
  const ref = schema.$ref ? `${document}${schema.$ref}` : undefined;
  const validate = ref ? ajv.getSchema(ref) : ajv.compile(schema);
  if (!validate) throw new Error(`Cannot resolve ${schema.$ref}`);
  const ok = validate(dropNulls(body, knownDefectNulls));
  return ok ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}
