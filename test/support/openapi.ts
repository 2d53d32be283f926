import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { webhookEventTypeOf } from '../../src/contract/webhook-fire';
import { readReference as reference } from './reference';

/**
 * openapi-spend.json is OpenAPI 3.0, where `nullable: true` lets a value be null; JSON Schema (and
 * Ajv) need the null in the type. Rewritten the way openapi-subset's own conversion did
 * (api-facts §0): `type: X, nullable: true` becomes `type: [X, "null"]`, an enum gains null, and a
 * nullable `allOf` wrapper becomes "null or all of these".
 */
function convertNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convertNullable);
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Record<string, unknown>;
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, convertNullable(v)]));
  if (nullable !== true) return out;
  // A nullable wrapper of other schemas ("null or all of these"), with or without a type of its own.
  if (out.allOf || out.oneOf || out.anyOf || out.$ref) return { anyOf: [{ type: 'null' }, out] };
  if (typeof out.type === 'string') out.type = [out.type, 'null'];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}

const documents = {
  subset: reference('openapi-subset.json'),
  supporting: reference('openapi-supporting.json'),
  spend: convertNullable(reference('openapi-spend.json')) as Record<string, any>,
  'loyalty-rest': convertNullable(reference('openapi-loyalty-rest.json')) as Record<string, any>,
  webhooks: convertNullable(reference('webhooks-loyalty.json')) as Record<string, any>,
  'promotion-webhooks': convertNullable(reference('promotion/webhooks.json')) as Record<string, any>,
  'customers-catalog': convertNullable(reference('openapi-customers-catalog.json')) as Record<string, any>,
};
export type ContractDocument = keyof typeof documents;

const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: true });
addFormats(ajv);
// ValidityHours types start_time / expiration_time as `format: time` (RFC 3339: seconds and zone
// required) while its description says HH:mm and its examples are "12:00" and "14:00": the
// examples win, so HH:mm passes too (the v1 earning-rule test checks the example still says so).
ajv.addFormat('time', /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i);
// OpenAPI's own keywords carry no validation meaning.
for (const keyword of ['example', 'x-subset-known-defects', 'discriminator', 'xml', 'externalDocs']) ajv.addKeyword(keyword);
for (const [name, doc] of Object.entries(documents)) ajv.addSchema(doc, name);

function operation(document: ContractDocument, path: string, method: string) {
  return documents[document].paths[path]?.[method.toLowerCase()];
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

/** An inline schema whose `#/components/…` references point into `document`, so Ajv can compile it on its own. */
function anchored(schema: unknown, document: ContractDocument): Record<string, unknown> {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${document}${v}` : walk(v)]));
  };
  return walk(schema) as Record<string, unknown>;
}

function errorsOf(validate: ReturnType<typeof ajv.compile>, body: unknown): string[] {
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}

/**
 * Validates a response body against the published contract of one operation and status.
 * `knownDefectNulls` lists fields the contract's own examples return as null though its schema
 * forbids it (x-subset-known-defects); they are checked by our own schemas instead.
 * Returns Ajv's errors (empty when valid).
 */
export function contractErrors(document: ContractDocument, path: string, method: string, status: number, body: unknown, knownDefectNulls: string[] = []): string[] {
  const op = operation(document, path, method);
  if (!op) throw new Error(`No ${method} ${path} in ${document}`);
  const response = op.responses[String(status)];
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`No JSON schema for ${status} of ${method} ${path}`);
  const ref = schema.$ref ? `${document}${schema.$ref}` : undefined;
  const validate = ref ? ajv.getSchema(ref) : ajv.compile(anchored(schema, document));
  if (!validate) throw new Error(`Cannot resolve ${schema.$ref}`);
  return errorsOf(validate, dropNulls(body, knownDefectNulls));
}

/**
 * Validates a value against one named component schema of a contract (e.g. a branch of a `oneOf`
 * the contract cannot decide on its own). Returns Ajv's errors (empty when valid).
 */
export function componentErrors(document: ContractDocument, component: string, value: unknown, knownDefectNulls: string[] = []): string[] {
  const validate = ajv.getSchema(`${document}#/components/schemas/${component}`);
  if (!validate) throw new Error(`No component ${component} in ${document}`);
  return errorsOf(validate, dropNulls(value, knownDefectNulls));
}

/** Whether the contract documents `status` for the operation (with or without a body). */
export function documentsStatus(document: ContractDocument, path: string, method: string, status: number): boolean {
  return operation(document, path, method)?.responses?.[String(status)] !== undefined;
}

/** The webhook payload documents: webhooks-loyalty.json and promotion/webhooks.json (which holds every loyalty event too). */
export type WebhookDocument = 'webhooks' | 'promotion-webhooks';

/** The `content` of the webhook for an event type in a payload document (the webhook named `EVENTS.<TYPE>`, bus_val_rule for business_validation_rule), if it lists it. */
function webhookContent(type: string, document: WebhookDocument): { schema: { $ref: string }; examples: Record<string, { value: unknown }> } | undefined {
  const entry = Object.entries(documents[document].webhooks as Record<string, any>).find(([name]) => webhookEventTypeOf(name) === type);
  return entry?.[1].post.requestBody.content['application/json'];
}

/** Whether the payload document lists the event type. */
export function webhookListed(type: string, document: WebhookDocument): boolean {
  return webhookContent(type, document) !== undefined;
}

/**
 * Validates a webhook's `data` against the payload schema the document (webhooks-loyalty.json by
 * default) publishes for its event type. Returns Ajv's errors (empty when valid).
 */
export function webhookPayloadErrors(type: string, data: unknown, knownDefectNulls: string[] = [], document: WebhookDocument = 'webhooks'): string[] {
  const content = webhookContent(type, document);
  if (!content) throw new Error(`No webhook ${type} in ${document}`);
  const validate = ajv.getSchema(`${document}${content.schema.$ref}`);
  if (!validate) throw new Error(`Cannot resolve ${content.schema.$ref}`);
  return errorsOf(validate, dropNulls(data, knownDefectNulls));
}

/**
 * Where a webhook schema contradicts its own example, the example wins: `data`'s errors, less
 * those the published example itself has (same path and message). Returns the rest.
 */
export function webhookPayloadErrorsBeyondExample(type: string, data: unknown, document: WebhookDocument = 'webhooks'): string[] {
  const content = webhookContent(type, document);
  if (!content) throw new Error(`No webhook ${type} in ${document}`);
  const example = Object.values(content.examples)[0].value;
  const shape = (error: string) => error.replace(/ \{.*\}$/, '');
  const exampleErrors = new Set(webhookPayloadErrors(type, example, [], document).map(shape));
  return webhookPayloadErrors(type, data, [], document).filter((error) => !exampleErrors.has(shape(error)));
}
