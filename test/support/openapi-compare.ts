/**
 * Reading two OpenAPI documents side by side: ours (/openapi.json) and the published contract
 * (shared/reference/*.json). Operations are matched by method and path shape, since the two may
 * name a path parameter differently (`{id}` / `{earningRuleId}`).
 */

/** A node of an OpenAPI document read as plain JSON. */
export type JsonNode = any;

export type Doc = { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, any>; parameters?: Record<string, any> } };

export interface Operation {
  method: string;
  path: string;
  /** `GET /v1/exports/{}`: the key two documents are matched on. */
  shape: string;
  op: any;
  /** Path-level parameters, which apply to every operation of the path. */
  pathParameters: any[];
  doc: Doc;
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

export const shapeOf = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`;

export function operationsOf(doc: Doc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    methods
      .filter((m) => item[m])
      .map((method) => ({ method: method.toUpperCase(), path, shape: shapeOf(method, path), op: item[method], pathParameters: item.parameters ?? [], doc })),
  );
}

/** Follows local `$ref`s (`#/components/...`) to the object they name. */
export function resolve(doc: Doc, node: any): any {
  let current = node;
  for (let hops = 0; current?.$ref && hops < 20; hops++) {
    current = current.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((at: any, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

/**
 * The top-level properties every valid value must have: `required` of the schema and of each
 * `allOf` part, plus what every branch of a `oneOf`/`anyOf` requires.
 */
export function requiredFields(doc: Doc, schema: any): Set<string> {
  const s = resolve(doc, schema);
  if (!s || typeof s !== 'object') return new Set();
  const fields = new Set<string>(s.required ?? []);
  for (const part of s.allOf ?? []) for (const f of requiredFields(doc, part)) fields.add(f);
  const branches = s.oneOf ?? s.anyOf;
  if (branches?.length) {
    const [first, ...rest] = branches.map((b: any) => requiredFields(doc, b));
    for (const f of first) if (rest.every((r: Set<string>) => r.has(f))) fields.add(f);
  }
  return fields;
}

/** The examples a response or request body documents (`examples.*.value` and `example`). */
export function examplesOf(media: any): unknown[] {
  const found: unknown[] = [];
  if (media?.example !== undefined) found.push(media.example);
  for (const example of Object.values(media?.examples ?? {})) if ((example as any)?.value !== undefined) found.push((example as any).value);
  return found;
}

export function jsonMedia(doc: Doc, responseOrBody: any): any {
  return resolve(doc, responseOrBody)?.content?.['application/json'];
}

/** Parameters of an operation (its own and its path's), resolved, as `in:name`. */
export function parametersOf(operation: Operation): { in: string; name: string; required: boolean }[] {
  return [...operation.pathParameters, ...(operation.op.parameters ?? [])].map((p) => resolve(operation.doc, p)).map((p) => ({ in: p.in, name: p.name, required: Boolean(p.required) }));
}

export const statusesOf = (operation: Operation) => Object.keys(operation.op.responses ?? {});
