import fc from 'fast-check';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { errorObjectSchema } from '../../contract/error';
import { databaseChecksum } from '../../../test/support/db-checksum';
import { testDatabases } from '../../../test/support/databases';
import { startTestService, type TestService } from '../../../test/support/service';
import { MemoryRateLimitStore } from '../rate-limit/memory-store';
import { RateLimiter } from '../rate-limit/rate-limiter';
import { PublishedOperationIndex } from './published-operation-index';
import type { CatalogRoute } from './route-catalog';
import { findUnstorableText } from './unstorable-text';

/**
 * Every operation of the service (read from the route catalog at run time, so operations added
 * later are covered too) gets generated invalid bodies, queries and path parameters; each answer
 * must be a 4xx error object, and the database must not change.
 */

const runs = Number(process.env.BAD_INPUT_RUNS ?? 25);

const oddStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '../..',
  '..\\..',
  '%00',
  '%2F',
  '\u202eevil',
  '\u200b',
  '🙂🙂',
  'Zoë',
  'null',
  '-1',
  '1e309',
  'NaN',
  'true',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '$where',
];
// Stands for a 70,000-character string, expanded when the request is sent (so counterexamples stay readable).
const hugeMarker = '<<huge>>';
const expandHuge = (text: string) => text.replaceAll(hugeMarker, 'x'.repeat(70_000));
const nastyString = fc.oneof(fc.constantFrom(...oddStrings, hugeMarker), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }));
const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(nastyString, tie('value'), { maxKeys: 3 }),
  ),
})).value;
const deepValue = fc.integer({ min: 33, max: 3000 }).map((depth) => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { nested: value };
  return value;
});

type Schema = z.ZodType;
const schemaOf = (route: CatalogRoute, part: 'body' | 'querystring' | 'params') => (route.schema as Record<string, Schema | undefined> | undefined)?.[part];
/** The property names an object schema knows (through optional/nullable/pipe wrappers), to aim values at them. */
function keysOf(schema: Schema | undefined): string[] {
  let current = schema as unknown as { shape?: Record<string, unknown>; def?: { innerType?: unknown; in?: unknown; out?: unknown } } | undefined;
  for (let i = 0; i < 5 && current && !current.shape; i++) current = (current.def?.innerType ?? current.def?.out ?? current.def?.in) as typeof current;
  return current?.shape ? Object.keys(current.shape) : [];
}

/** A request body: JSON aimed at the schema's properties, any JSON, too deep, malformed text, or a wrong content type. */
function bodyArbitrary(route: CatalogRoute) {
  const keys = keysOf(schemaOf(route, 'body'));
  const aimed = keys.length > 0 ? fc.record(Object.fromEntries([...keys, 'unexpected'].map((k) => [k, nastyValue])), { requiredKeys: [] }) : nastyValue;
  return fc.oneof(
    aimed.map((value) => ({ contentType: 'application/json', text: expandHuge(JSON.stringify(value)) })),
    nastyValue.map((value) => ({ contentType: 'application/json', text: expandHuge(JSON.stringify(value) ?? 'null') })),
    deepValue.map((value) => ({ contentType: 'application/json', text: JSON.stringify({ [keys[0] ?? 'x']: value }) })),
    fc.string({ maxLength: 60 }).map((text) => ({ contentType: 'application/json', text })),
    fc.tuple(fc.constantFrom('text/plain', 'application/xml', 'application/octet-stream', 'multipart/form-data; boundary=z'), fc.string({ maxLength: 60 })).map(([contentType, text]) => ({ contentType, text })),
  );
}

/** Would the service accept this body? Then it is not an invalid input, and the run is skipped. */
function bodyAccepted(route: CatalogRoute, body: { contentType: string; text: string }): boolean {
  if (body.contentType !== 'application/json') return false;
  let value: unknown;
  try {
    value = body.text.trim() === '' ? undefined : JSON.parse(body.text);
  } catch {
    return false;
  }
  const schema = schemaOf(route, 'body');
  return schema !== undefined && schema.safeParse(value).success && findUnstorableText(value) === undefined;
}

function queryArbitrary(route: CatalogRoute) {
  const keys = [...keysOf(schemaOf(route, 'querystring')), 'unexpected'];
  const value = fc.oneof(nastyString, fc.array(nastyString, { minLength: 2, maxLength: 3 }));
  return fc.record(Object.fromEntries(keys.map((k) => [k, value])), { requiredKeys: [] }).map((query) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) for (const item of [v ?? ''].flat()) search.append(k, expandHuge(item));
    return search.toString();
  });
}

function queryAccepted(route: CatalogRoute, search: string): boolean {
  const schema = schemaOf(route, 'querystring');
  const parsed = qs.parse(search, { depth: 4, arrayLimit: 1000, parameterLimit: 1000, allowDots: false, allowPrototypes: false });
  return (schema === undefined || schema.safeParse(parsed).success) && findUnstorableText(parsed) === undefined;
}

/** Percent-encodes a path parameter; a lone surrogate goes out as its (invalid) three UTF-8-style bytes, for the server to cope with. */
function encodeParam(value: string): string {
  return [...value]
    .map((char) => {
      if (!/^[\ud800-\udfff]$/.test(char)) return encodeURIComponent(char);
      const c = char.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    })
    .join('');
}

/** Path parameter values: odd text, encoded slashes and dots (never a bare `.`/`..` segment, which URLs normalise away). */
const paramArbitrary = fc.oneof(nastyString, fc.constantFrom('a/b', 'x/../y', '../etc/passwd', '.hidden', 'x.y', 'a\\b', '%2e%2e')).filter((p) => p !== '' && p !== '.' && p !== '..');

describe.each(testDatabases())('every operation refuses generated invalid input (%s)', (kind) => {
  let service: TestService;
  let operations: CatalogRoute[];
  const known: Record<string, string> = {};

  beforeAll(async () => {
    service = await startTestService(kind);
    // These runs are many requests; the limiter itself is tested elsewhere.
    service.ctx.rateLimiter = new RateLimiter(new MemoryRateLimitStore(), 1e9);
    operations = service.app.routeCatalog.routes.filter((route) => route.method !== 'HEAD' && route.url !== '/healthz');
    known.campaignId = service.project.ids.campaigns.get('Fixed Club') as string;
    known.memberId = 'FIX-BOB';
  });
  afterAll(() => service.close());

  const pathOf = (route: CatalogRoute, params: Record<string, string> = {}) =>
    route.url.replace(/:(\w+)/g, (_m, name: string) => encodeParam(expandHuge(params[name] ?? known[name] ?? `unknown-${name}`)));

  async function expectRefused(route: CatalogRoute, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
    const response = await service.call(route.method, path, { body: init.body, headers: init.headers });
    const where = `${route.method} ${path.slice(0, 200)} ${init.body?.slice(0, 200) ?? ''} → ${response.status} ${String(JSON.stringify(response.body)).slice(0, 300)}`;
    expect(response.status, where).toBeGreaterThanOrEqual(400);
    expect(response.status, where).toBeLessThan(500);
    expect(errorObjectSchema.safeParse(response.body).success, where).toBe(true);
    expect(response.body.code, where).toBe(response.status);
    expect(response.body.request_id, where).toMatch(/^v-/);
  }

  it('covers every operation the service registers', () => {
    const names = operations.map((r) => `${r.method} ${r.url}`);
    // A floor, not a list: new operations join the runs below on their own.
    for (const op of ['POST /v1/loyalties/:campaignId/members', 'POST /v1/oauth/token', 'POST /v1/oauth/introspect', 'GET /v2/loyalties/earning-rules/:id', 'POST /v1/segments', 'GET /v1/locations', 'POST /v1/events', 'POST /v1/loyalties/members/:memberId/transactions/export']) {
      expect(names).toContain(op);
    }
  });

  it('bodies: a 4xx error object for every generated invalid body of every operation that takes one; nothing stored', async () => {
    for (const route of operations.filter((r) => r.method !== 'GET')) {
      const before = await databaseChecksum(service.database);
      await fc.assert(
        fc.asyncProperty(bodyArbitrary(route), async (body) => {
          fc.pre(!bodyAccepted(route, body));
          // A delete naming a real program would succeed with no body to refuse (it takes none) and
          // empty the fixture for the runs after it, so deletes name an unknown program, as the others do.
          const params: Record<string, string> = route.method === 'DELETE' ? { campaignId: 'unknown-campaignId' } : {};
          await expectRefused(route, pathOf(route, params), { body: body.text, headers: { 'content-type': body.contentType } });
        }),
        { numRuns: runs },
      );
      expect(await databaseChecksum(service.database), `${route.method} ${route.url} changed the database`).toEqual(before);
    }
  });

  it('queries: a 4xx error object for every generated invalid query of every operation that reads one; nothing stored', async () => {
    for (const route of operations.filter((r) => schemaOf(r, 'querystring'))) {
      const before = await databaseChecksum(service.database);
      await fc.assert(
        fc.asyncProperty(queryArbitrary(route), async (search) => {
          fc.pre(!queryAccepted(route, search));
          const body = route.method === 'GET' ? undefined : '{}';
          await expectRefused(route, `${pathOf(route)}?${search}`, body ? { body, headers: { 'content-type': 'application/json' } } : {});
        }),
        { numRuns: runs },
      );
      expect(await databaseChecksum(service.database), `${route.method} ${route.url} changed the database`).toEqual(before);
    }
  });

  it('path parameters: odd, encoded, dotted or slashed ids are 4xx error objects; nothing stored', async () => {
    for (const route of operations.filter((r) => r.url.includes(':'))) {
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const before = await databaseChecksum(service.database);
      await fc.assert(
        fc.asyncProperty(fc.tuple(fc.constantFrom(...names), paramArbitrary), async ([name, value]) => {
          // An otherwise invalid body, so a POST that found its resource still cannot store anything.
          const init = route.method === 'GET' ? {} : { body: '[]', headers: { 'content-type': 'application/json' } };
          await expectRefused(route, pathOf(route, { [name]: value }), init);
        }),
        { numRuns: runs },
      );
      expect(await databaseChecksum(service.database), `${route.method} ${route.url} changed the database`).toEqual(before);
    }
  });

  it('methods: every other method on every operation’s path is a 405 naming the allowed ones (501 where the contract has it: not-implemented.test.ts)', async () => {
    const published = new PublishedOperationIndex();
    for (const route of operations) {
      const path = pathOf(route);
      const allowed = service.app.routeCatalog.allowedMethods(path.split('?')[0]);
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !allowed.includes(m))) {
        const response = await service.call(method, path, method === 'GET' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } });
        if (published.find(method, path)) {
          expect(response.body, `${method} ${path}`).toMatchObject({ code: 501, key: 'not_implemented' });
          continue;
        }
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get('allow')).toBe(allowed.join(', '));
        expect(response.body).toMatchObject({ code: 405, key: 'method_not_allowed' });
      }
    }
  });
});
