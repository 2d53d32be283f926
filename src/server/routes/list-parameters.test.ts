import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../test/support/databases';
import { concretePath, documentedListParameters, malformedQuery } from '../../../test/support/list-parameters';
import { operationsOf, parametersOf, type Doc } from '../../../test/support/openapi-compare';
import { startTestService, type TestService } from '../../../test/support/service';

/**
 * No silently ignored filter (issue 34): every query parameter the contract documents for a list
 * we serve is in our /openapi.json for that path, is exercised by the list's behaviour tests named
 * here, and a value it cannot take is a 400 naming it. A new list, or a new documented parameter,
 * fails here until it is served, tested and named.
 */
const documented = documentedListParameters();

/** Published lists this service does not serve, with why (none of their parameters can then be ignored). */
const listsNotServed: Record<string, string> = {};

const routes = 'src/server/routes';
/** Per list, the test files that show each documented parameter returning exactly what matches. */
const behaviourTests: Record<string, string[]> = {
  'GET /v1/customers': [`${routes}/customers/route.test.ts`],
  'GET /v1/customers/{}/activity': [`${routes}/customers/activity.test.ts`],
  'GET /v1/customers/{}/redeemables': [`${routes}/customers/redeemables.test.ts`],
  'GET /v1/products': [`${routes}/list-filters.test.ts`, `${routes}/products/route.test.ts`, `${routes}/products/list.test.ts`],
  'GET /v1/products/{}/skus': [`${routes}/products/skus.test.ts`, `${routes}/products/list.test.ts`],
  'GET /v1/orders': [`${routes}/orders/route.test.ts`, `${routes}/orders/list.test.ts`],
  'GET /v1/loyalties': [`${routes}/list-filters.test.ts`, `${routes}/loyalty-programs/route.test.ts`],
  'GET /v1/loyalties/{}/pending-points': [`${routes}/pending-points/list.test.ts`],
  'GET /v1/loyalties/{}/members/{}/pending-points': [`${routes}/pending-points/list.test.ts`],
  'GET /v1/loyalties/members/{}/pending-points': [`${routes}/pending-points/list.test.ts`],
  'GET /v1/loyalties/{}/transactions': [`${routes}/card-transactions/campaign.test.ts`],
  'GET /v1/loyalties/{}/reward-assignments': [`${routes}/reward-own-assignments/route.test.ts`],
  'GET /v1/loyalties/{}/tiers': [`${routes}/loyalty-tiers/list.test.ts`],
  'GET /v1/loyalties/{}/tiers/{}/earning-rules': [`${routes}/loyalty-tiers/list.test.ts`],
  'GET /v1/rewards/{}/assignments': [`${routes}/reward-own-assignments/route.test.ts`],
  'GET /v1/loyalties/{}/members/{}/activity': [`${routes}/member-points/route.test.ts`],
  'GET /v1/loyalties/members/{}/activity': [`${routes}/member-points/route.test.ts`],
  'GET /v1/loyalties/{}/members/{}/points-expiration': [`${routes}/member-points/route.test.ts`],
  'GET /v1/loyalties/{}/rewards': [`${routes}/reward-assignments/route.test.ts`],
  'GET /v1/loyalties/members/{}/rewards': [`${routes}/reward-assignments/route.test.ts`],
  'GET /v1/loyalties/{}/earning-rules': [`${routes}/earning-rules/v1.test.ts`, `${routes}/earning-rules/filters.test.ts`],
  'GET /v1/rewards': [`${routes}/rewards/route.test.ts`, `${routes}/reward-assignments/route.test.ts`],
  'GET /v1/locations': [`${routes}/locations/route.test.ts`],
  'GET /v1/exports': [`${routes}/exports/list.test.ts`],
  'GET /v2/loyalties/earning-rules': [`${routes}/earning-rules/route.test.ts`, `${routes}/earning-rules/filters.test.ts`],
  'GET /v1/loyalties/{}/members': [`${routes}/list-filters.test.ts`, `${routes}/members/route.test.ts`],
  'GET /v1/loyalties/{}/members/{}/transactions': [`${routes}/list-filters.test.ts`, `${routes}/card-transactions/route.test.ts`],
  'GET /v1/loyalties/members/{}/transactions': [`${routes}/list-filters.test.ts`, `${routes}/card-transactions/route.test.ts`],
  'GET /v1/publications': [`${routes}/list-filters.test.ts`, `${routes}/publications/route.test.ts`, `${routes}/publications/filters.test.ts`],
};

/** Parameters a behaviour test sends through the SDK rather than spelling them out, with the test. */
const sentBySdk: Record<string, Record<string, string>> = {
  'GET /v1/customers': { starting_after: 'customers/route.test.ts “runs the SDK’s customers.create, list by e-mail, update, get and scroll”: customers.scroll pages with it' },
};

/** Whether a test file sends the parameter in a query: `name=`, `name[` or a quoted `'name'` key. */
function sends(file: string, name: string): boolean {
  const text = readFileSync(join(process.cwd(), file), 'utf8');
  return [`${name}=`, `${name}[`, `'${name}'`, `${name}: `].some((form) => text.includes(form));
}

describe('Documented list parameters', () => {
  it('are read from the contract files: every list and its parameters', () => {
    expect(documented.length).toBeGreaterThan(100);
    expect(documented.filter((p) => p.shape === 'GET /v1/publications').map((p) => p.name)).toEqual(
      expect.arrayContaining(['campaign', 'customer', 'voucher', 'result', 'voucher_type', 'is_referral_code', 'filters', 'source_id']),
    );
  });

  it('each list has behaviour tests that send every parameter it documents', () => {
    const missing = documented
      .filter((p) => !listsNotServed[p.shape])
      .flatMap((p) => {
        const files = behaviourTests[p.shape];
        if (!files) return [`${p.shape}: no behaviour tests named`];
        const absent = files.filter((f) => !existsSync(join(process.cwd(), f)));
        if (absent.length) return [`${p.shape}: ${absent.join(', ')} does not exist`];
        return files.some((f) => sends(f, p.name)) || sentBySdk[p.shape]?.[p.name] ? [] : [`${p.shape} ${p.name}: sent by none of ${files.join(', ')}`];
      });
    expect([...new Set(missing)]).toEqual([]);
    expect(Object.keys(behaviourTests).filter((shape) => !documented.some((p) => p.shape === shape))).toEqual([]);
  });
});

describe.each(testDatabases())('List parameters on the service (%s)', (kind) => {
  let service: TestService;
  let ours: Map<string, { path: string; query: Set<string> }>;

  beforeAll(async () => {
    service = await startTestService(kind);
    const doc = (await service.call('GET', '/openapi.json', { auth: false })).body as Doc;
    ours = new Map(operationsOf(doc).map((o) => [o.shape, { path: o.path, query: new Set(parametersOf(o).filter((p) => p.in === 'query').map((p) => p.name)) }]));
  });
  afterAll(() => service.close());

  it('our /openapi.json takes every documented parameter on the same path', () => {
    const notTaken = documented.filter((p) => !listsNotServed[p.shape] && !ours.get(p.shape)?.query.has(p.name)).map((p) => `${p.shape} ${p.name} (${p.file})`);
    expect(notTaken).toEqual([]);
    // A list named as not served must really not be: serving it brings its parameters in.
    expect(Object.keys(listsNotServed).filter((shape) => ours.has(shape))).toEqual([]);
  });

  it('a value a parameter cannot take is a 400 naming the parameter, never ignored, never a 500', async () => {
    const checked: string[] = [];
    for (const p of documented.filter((d) => !listsNotServed[d.shape])) {
      const query = malformedQuery(p);
      if (!query) continue;
      const path = concretePath((ours.get(p.shape) as { path: string }).path, () => 'anything');
      const res = await service.call('GET', `${path}?${query}`);
      expect(res.status, `${p.shape} ?${query}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body, `${p.shape} ?${query}`).toMatchObject({ code: 400, key: 'invalid_query_params' });
      const base = p.name.replace(/\[.*$/, '');
      expect(JSON.stringify([res.body.message, res.body.details]), `${p.shape} ?${query} names ${base}`).toContain(base);
      checked.push(`${p.shape} ${p.name}`);
    }
    expect(checked.length).toBeGreaterThan(60);
  });
});
