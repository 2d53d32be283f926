import { operationsOf, resolve, type Doc, type JsonNode } from './openapi-compare';
import { readReference, referenceDocumentNames } from './reference';

/** A query parameter the published contract documents for a GET operation, with its schema. */
export interface DocumentedParameter {
  /** The published path, e.g. `/v1/loyalties/{campaignId}/members`. */
  path: string;
  /** `GET /v1/loyalties/{}/members`: how our document's path is matched. */
  shape: string;
  name: string;
  schema: JsonNode;
  /** The contract file that documents it. */
  file: string;
}

/** GET operations with query parameters that are not lists: a download by token is one export's file. */
const notLists = new Set(['GET /v1/exports/{}']);

/**
 * Every query parameter the contract files document for a list (a GET that takes query parameters),
 * once per operation even where two files publish the same one.
 */
export function documentedListParameters(): DocumentedParameter[] {
  const found = new Map<string, DocumentedParameter>();
  for (const file of referenceDocumentNames) {
    const doc = readReference<Doc>(file);
    for (const operation of operationsOf(doc).filter((o) => o.method === 'GET' && !notLists.has(o.shape))) {
      const parameters = [...operation.pathParameters, ...(operation.op.parameters ?? [])].map((p) => resolve(doc, p)).filter((p) => p.in === 'query');
      for (const p of parameters) {
        const key = `${operation.shape} ${p.name}`;
        if (!found.has(key)) found.set(key, { path: operation.path, shape: operation.shape, name: p.name, schema: resolveDeep(doc, p.schema ?? {}), file });
      }
    }
  }
  return [...found.values()];
}

/** A schema with its `$ref`s (and those of its branches and items) followed. */
function resolveDeep(doc: Doc, node: JsonNode, depth = 0): JsonNode {
  const s = resolve(doc, node);
  if (!s || typeof s !== 'object' || depth > 3) return s;
  const out: JsonNode = { ...s };
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) if (s[key]) out[key] = s[key].map((b: JsonNode) => resolveDeep(doc, b, depth + 1));
  if (s.items) out.items = resolveDeep(doc, s.items, depth + 1);
  return out;
}

const kindsOf = (s: JsonNode): string[] => [s.type, ...[...(s.oneOf ?? []), ...(s.anyOf ?? []), ...(s.allOf ?? [])].flatMap(kindsOf)].filter(Boolean);

/**
 * A query string with a value of `p` no list may take, or undefined for a free-text parameter
 * (any string is a value to match). A date is a date, a number a number, an enum one of its values,
 * a deepObject only the fields it documents.
 */
export function malformedQuery(p: DocumentedParameter): string | undefined {
  const s = p.schema;
  const kinds = kindsOf(s);
  const enumOf = s.enum ?? s.items?.enum;
  if (enumOf) return `${p.name}=not-a-value`;
  if (kinds.includes('integer') || kinds.includes('number')) return `${p.name}=many`;
  if (kinds.includes('boolean')) return `${p.name}=maybe`;
  if (kinds.includes('object') || s.properties) return `${p.name}[no_such_field]=x`;
  if (/date|_at\b|_at\[/.test(p.name)) return `${p.name}=soon`;
  if (p.name === 'cursor') return 'cursor=not-a-cursor';
  return undefined;
}

/** A request path for `path` with each path parameter filled with `fill`. */
export const concretePath = (path: string, fill: (parameter: string) => string) => path.replace(/\{([^}]+)\}/g, (_, name: string) => fill(name));
