import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { examplesOf, jsonMedia, type JsonNode, operationsOf, parametersOf, requiredFields, resolve, shapeOf, statusesOf, type Doc, type Operation } from '../../../../test/support/openapi-compare';
import { readReference, referenceDocumentNames } from '../../../../test/support/reference';
import { startTestService, type TestService } from '../../../../test/support/service';

const published: Doc[] = referenceDocumentNames.map((name) => readReference<Doc>(name));
const publishedOperations = published.flatMap(operationsOf);
const publishedByShape = new Map(publishedOperations.map((p) => [p.shape, p]));

/**
 * Real API operations we serve that the reference files leave out: they are not extensions, so
 * they carry no `x-extension`, and there is nothing published here to compare them with.
 */
const realOperationsOutsideTheReference = new Set([
  // List Customers (customers.json), here with its `segment_id` filter.
  shapeOf('get', '/v1/customers'),
  // List Customer's Segments (customers.json): the member page shows them.
  shapeOf('get', '/v1/customers/{}/segments'),
  // Delete Export (exports.json): 204, then the export is gone.
  shapeOf('delete', '/v1/exports/{}'),
  // Get Async Action (async-actions.json): how an order import goes, and its result.
  shapeOf('get', '/v1/async-actions/{}'),
  // Create, List and Get Product (products.json), as far as MATERIAL rewards need them.
  shapeOf('post', '/v1/products'),
  shapeOf('get', '/v1/products'),
  shapeOf('get', '/v1/products/{}'),
]);

/**
 * Error statuses the published contract lists that this service never answers, with the reason.
 * Anything else the contract lists must be in our document.
 */
const errorStatusesWeDoNotAnswer: Record<string, Record<string, string>> = {
  [shapeOf('get', '/v2/loyalties/earning-rules/{}')]: {
    '409': 'no earning rule operation here conflicts with anything',
    '500': 'undocumented per operation: any request may answer 500 (see info.description)',
  },
  [shapeOf('get', '/v2/loyalties/earning-rules')]: {
    '404': 'a list of the project’s rules has nothing to miss',
    '409': 'no earning rule operation here conflicts with anything',
    '500': 'undocumented per operation: any request may answer 500 (see info.description)',
  },
};

/** Request fields we require that the published schema does not, with the reason. */
const requestFieldsWeRequire: Record<string, Record<string, string>> = {
  [shapeOf('post', '/v1/segments')]: { name: 'the published oneOf requires nothing at all (x-subset-known-defects); every published example sends a name' },
  [shapeOf('post', '/v1/rewards')]: { name: 'every published example names the reward, and an unnamed reward cannot be told apart in a member’s list' },
  [shapeOf('post', '/v1/rewards/{}/assignments')]: { campaign: 'the program the reward is offered in: an assignment without one offers it nowhere' },
  [shapeOf('put', '/v1/rewards/{}/assignments/{}')]: { parameters: 'the price is all an assignment update can change; a body without it would change nothing' },
  [shapeOf('post', '/v1/loyalties')]: { name: 'every published example names the program, names are unique per project, and the dashboard lists programs by name' },
  [shapeOf('put', '/v1/loyalties/{}/rewards/{}')]: { parameters: 'the price is all an assignment update can change; a body without it would change nothing' },
  [shapeOf('post', '/v1/customers/metadata/async')]: {
    source_ids: 'the customers to update: without them the action would update nobody',
    metadata: 'the keys each customer gets: without them the action would change nothing',
  },
  ...Object.fromEntries(
    ['/v1/customers/importCSV', '/v1/products/importCSV', '/v1/skus/importCSV'].map((path) => [shapeOf('post', path), { file: 'the CSV to import: a form without it has nothing to import (400 naming `file`)' }]),
  ),
  [shapeOf('post', '/v1/products/metadata/async')]: {
    source_ids: 'the products to update: without them the action would update nothing',
    metadata: 'the keys each product gets: without them the action would change nothing',
  },
  [shapeOf('post', '/v1/loyalties/members/{}/pending-points/{}/balance')]: { points: 'how many pending points to add or take is all the operation does; without it nothing would change' },
};

/** Query parameters we take that the published operation does not list, with the reason. */
const queryParametersWeAdd: Record<string, Record<string, string>> = {
  [shapeOf('get', '/v1/loyalties/members/{}/rewards')]: {
    limit: 'pages the list like every other list of the API (default 10, at most 100)',
    page: 'pages the list like every other list of the API',
  },
  [shapeOf('get', '/v1/loyalties/{}/members')]: { published: 'only cards with (true) or without (false) a holder, for the Members page; README “Extensions”' },
  [shapeOf('get', '/v1/orders')]: { customer: 'one customer’s orders (an id or a source id), for the member page; README “Extensions”' },
};

/**
 * Query parameters the published operation documents that our operation of that path does not
 * list, with where they are honoured instead. Any other is a filter a client would think applied
 * while the list ignored it (issue 34), so the test below fails on it.
 */
const documentedParametersTakenElsewhere: Record<string, Record<string, string>> = {
  [shapeOf('get', '/v1/exports/{}')]: { token: 'the download: a GET with `token` is routed to Download Export (routes/exports, downloadTokenConstraint)' },
};

/**
 * The published schema's required fields, less those one of its own examples leaves out: where
 * the two disagree, the examples win (they show what the real API sends).
 */
function requiredByContract(operation: Operation, media: JsonNode): { fields: Set<string>; overruled: string[] } {
  const fields = requiredFields(operation.doc, media.schema);
  const examples = examplesOf(media).filter((e): e is Record<string, unknown> => Boolean(e) && typeof e === 'object' && !Array.isArray(e));
  const overruled = [...fields].filter((f) => examples.some((e) => !(f in e)));
  for (const f of overruled) fields.delete(f);
  return { fields, overruled };
}

/** Every way our operation differs from the published one, in words; empty when they match. */
function differences(ours: Operation, theirs: Operation): string[] {
  const found: string[] = [];
  const name = ours.shape;
  const success = (op: Operation) => statusesOf(op).filter((s) => s.startsWith('2')).sort();
  if (success(ours).join() !== success(theirs).join()) found.push(`${name}: success statuses ${success(ours)} instead of ${success(theirs)}`);

  const excused = errorStatusesWeDoNotAnswer[name] ?? {};
  for (const status of statusesOf(theirs).filter((s) => Number(s) >= 400)) {
    if (!statusesOf(ours).includes(status) && !excused[status]) found.push(`${name}: the contract lists ${status}, our document does not`);
  }

  for (const status of statusesOf(theirs).filter((s) => statusesOf(ours).includes(s))) {
    const theirMedia = jsonMedia(theirs.doc, theirs.op.responses[status]);
    const ourMedia = jsonMedia(ours.doc, ours.op.responses[status]);
    if (!theirMedia?.schema) continue;
    if (!ourMedia?.schema) {
      found.push(`${name} ${status}: the contract answers JSON, our document describes no JSON body`);
      continue;
    }
    // Where the published schema is one object but its examples are arrays (Create Reward Assignment
    // answers an array), the examples win: the schema's required fields apply to each item.
    const ourSchema = resolve(ours.doc, ourMedia.schema);
    const itemsPerExample = examplesOf(theirMedia).some(Array.isArray) && ourSchema?.type === 'array';
    const ourRequired = requiredFields(ours.doc, itemsPerExample ? ourSchema.items : ourMedia.schema);
    for (const field of requiredByContract(theirs, theirMedia).fields) {
      if (!ourRequired.has(field)) found.push(`${name} ${status}: the contract requires '${field}', our schema does not`);
    }
  }

  if (theirs.op.requestBody) {
    const theirBody = resolve(theirs.doc, theirs.op.requestBody);
    const ourBody = ours.op.requestBody;
    if (!ourBody) found.push(`${name}: the contract takes a request body, our document none`);
    else {
      for (const [type, media] of Object.entries<JsonNode>(theirBody.content ?? {})) {
        const ourMedia = ourBody.content?.[type];
        if (!ourMedia) {
          found.push(`${name}: the contract takes ${type} bodies, our document does not`);
          continue;
        }
        const theirRequired = requiredFields(theirs.doc, media.schema);
        for (const field of requiredFields(ours.doc, ourMedia.schema)) {
          if (!theirRequired.has(field) && !requestFieldsWeRequire[name]?.[field]) found.push(`${name}: our ${type} body requires '${field}', the contract does not`);
        }
      }
    }
  }

  const pathParams = (op: Operation) => parametersOf(op).filter((p) => p.in === 'path').length;
  if (pathParams(ours) !== pathParams(theirs)) found.push(`${name}: ${pathParams(ours)} path parameters instead of ${pathParams(theirs)}`);
  const theirQuery = new Set(parametersOf(theirs).filter((p) => p.in === 'query').map((p) => p.name));
  for (const p of parametersOf(ours).filter((p) => p.in === 'query')) {
    if (!theirQuery.has(p.name) && !queryParametersWeAdd[name]?.[p.name]) found.push(`${name}: query parameter '${p.name}' is not in the contract`);
  }
  for (const p of parametersOf(theirs).filter((p) => p.in === 'query')) {
    if (parametersOf(ours).some((o) => o.in === 'query' && o.name === p.name) || documentedParametersTakenElsewhere[name]?.[p.name]) continue;
    found.push(p.required ? `${name}: the contract requires query parameter '${p.name}'` : `${name}: the contract documents query parameter '${p.name}', which we would ignore`);
  }
  return found;
}

describe('GET /openapi.json', () => {
  let service: TestService;
  let document: Doc & Record<string, JsonNode>;
  let ours: Operation[];

  beforeAll(async () => {
    service = await startTestService('pglite');
    const res = await service.call('GET', '/openapi.json', { auth: false });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    document = res.body;
    ours = operationsOf(document);
  });
  afterAll(() => service.close());

  it('is a valid OpenAPI 3.1 document, served without a key', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('serves the API reference page with the pinned Swagger UI, and a file it does not have is a 404', async () => {
    // swagger-ui-dist 5.33+ renders only the first few operations of a document this size (docs-routes.ts).
    const bundle = await fetch(`${service.baseUrl}/docs/static/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(await bundle.text()).toContain('"5.32.15"');
    const missing = await service.call('GET', '/docs/static/nothing-here.js', { auth: false });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, key: 'not_found' });
  });

  it('lists every route the service serves, each with its success response described', () => {
    const served = service.app.routeCatalog.routes.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/docs'));
    expect(served.length).toBeGreaterThan(25);
    for (const route of served) {
      const path = (route.config?.docs?.path ?? route.url).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const operation = document.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      const success = Object.entries<JsonNode>(operation.responses).filter(([status]) => status.startsWith('2'));
      expect(success.length, `${route.method} ${route.url} success response`).toBe(1);
      const [status, response] = success[0];
      if (status !== '204') expect(Object.keys(response.content ?? {}), `${route.method} ${route.url} ${status} content`).not.toEqual([]);
    }
  });

  it('answers the error object for every documented error status', () => {
    for (const operation of ours) {
      for (const [status, response] of Object.entries<JsonNode>(operation.op.responses)) {
        if (Number(status) < 400) continue;
        expect(response.content?.['application/json']?.schema, `${operation.shape} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorObject' });
      }
    }
    expect(document.components?.schemas?.ErrorObject?.required).toEqual(['code', 'message']);
  });

  it('marks the operations the real API does not have as extensions, and no others', () => {
    const real = (o: Operation) => publishedByShape.has(o.shape) || realOperationsOutsideTheReference.has(o.shape);
    expect(ours.filter((o) => real(o) && o.op['x-extension'] !== undefined).map((o) => o.shape)).toEqual([]);
    expect(ours.filter((o) => !real(o) && !/\w/.test(o.op['x-extension'] ?? '')).map((o) => o.shape)).toEqual([]);
  });

  it('matches the published contract on every operation both have: statuses, required fields, parameters', () => {
    const both = ours.filter((o) => publishedByShape.has(o.shape));
    // The operations of the subset and the supporting reference that this service serves today.
    expect(both.length).toBeGreaterThanOrEqual(24);
    const problems = both.flatMap((o) => differences(o, publishedByShape.get(o.shape) as Operation));
    expect(problems).toEqual([]);
  });

  it('serves every v1 loyalty and rewards operation of the published contract (issue 30), none missing unnamed', () => {
    // Operations of the published contract this service does not serve, each with its reason (none today;
    // the qualification operations, left out by the issue, are in none of the reference files).
    const notServed: Record<string, string> = {};
    const published = (prefix: string) => [...new Set(publishedOperations.filter((p) => p.path.startsWith(prefix)).map((p) => p.shape))].sort();
    const served = new Set(ours.map((o) => o.shape));
    const loyalty = published('/v1/loyalties');
    const rewards = published('/v1/rewards');
    // The union of the reference files holds 52 v1 loyalty operations (the issue counted 53 with a qualification one) and 10 rewards operations.
    expect(loyalty.length).toBe(52);
    expect(rewards.length).toBe(10);
    expect([...loyalty, ...rewards].filter((shape) => !served.has(shape) && !notServed[shape])).toEqual([]);
    expect(Object.keys(notServed).filter((shape) => served.has(shape))).toEqual([]);
  });

  it('lets the published examples win where the published schema contradicts them', () => {
    // POST /v1/events: EventsCreateResponseBody requires `metadata`, its 200 example has none
    // (x-subset-known-defects); introspection's inactive example is `{active: false}` alone.
    const overruled = publishedOperations.flatMap((p) =>
      Object.entries<JsonNode>(p.op.responses ?? {}).flatMap(([status, response]) => {
        const media = jsonMedia(p.doc, response);
        return media?.schema ? requiredByContract(p, media).overruled.map((field) => `${p.shape} ${status} ${field}`) : [];
      }),
    );
    expect(overruled).toContain('POST /v1/events 200 metadata');
    expect(overruled).toContain('POST /v1/oauth/introspect 200 access_token');
    expect(overruled).not.toContain('POST /v1/oauth/introspect 200 active');
  });
});
