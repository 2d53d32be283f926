import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { readReference as reference } from './reference';

const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
addFormats(ajv);
// ValidityHours types start_time / expiration_time as `format: time` (RFC 3339: seconds and zone
// required) while its description says HH:mm and its examples are "12:00" and "14:00": the
// examples win, so HH:mm passes too (the v1 earning-rule test checks the example still says so).
ajv.addFormat('time', /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i);
// OpenAPI's own keywords carry no validation meaning.
for (const keyword of ['example', 'x-subset-known-defects', 'discriminator', 'xml', 'externalDocs']) ajv.addKeyword(keyword);
ajv.addSchema(reference('openapi-subset.json'), 'subset');
ajv.addSchema(reference('openapi-supporting.json'), 'supporting');
// OpenAPI 3.0.1 (its `nullable: true` is a keyword Ajv knows): the v1 earning rules, rewards, balance, redemption.
ajv.addSchema(reference('openapi-spend.json'), 'spend');

export type ContractDocument = 'subset' | 'supporting' | 'spend';
const documentFiles: Record<ContractDocument, string> = { subset: 'openapi-subset.json', supporting: 'openapi-supporting.json', spend: 'openapi-spend.json' };

function operation(document: ContractDocument, path: string, method: string) {
  return reference(documentFiles[document]).paths[path]?.[method.toLowerCase()];
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
  document: ContractDocument,
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
  // An inline schema (Create Earning Rule's array) refers into its document's components.
  const validate = ref ? ajv.getSchema(ref) : ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${document}#/components/`)));
  if (!validate) throw new Error(`Cannot resolve ${schema.$ref}`);
  const ok = validate(dropNulls(body, knownDefectNulls));
  return ok ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}
