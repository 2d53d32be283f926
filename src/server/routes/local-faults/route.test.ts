import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { baseFixture } from '../../../../test/support/fixtures';
import { keyHeadersOf } from '../../../../test/support/oauth';
import { startTestService, type TestService } from '../../../../test/support/service';
import { createService } from '../../bootstrap';
import { faultRefreshMs } from '../../faults/fault-table';
import { loadFixture, type LoadedProject } from '../../seed/load-fixture';

/** A request whose connection may end without an answer: the status, or the socket error it met. */
function rawRequest(baseUrl: string, method: string, path: string, headers: Record<string, string>, body: unknown): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(baseUrl + path, { method, headers: { ...headers, 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code }));
    req.end(JSON.stringify(body));
  });
}

describe.each(testDatabases())('/_local/faults, LOCAL_CONTROL=on (%s)', (kind) => {
  let service: TestService;
  let other: LoadedProject;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const faults = (method: string, body?: unknown, headers?: Record<string, string>) => service.call(method, '/_local/faults', { body, headers });
  const clear = async () => expect((await faults('DELETE')).status).toBe(204);

  beforeAll(async () => {
    service = await startTestService(kind, baseFixture(), undefined, { localControl: 'on' });
    other = await loadFixture(service.database, baseFixture({ project: { name: 'Other project' } }), service.clock.now());
  });
  afterAll(() => service.close());

  it('sets a fault for one operation once: listed, met by the next request of it only, then spent', async () => {
    const set = await faults('POST', { method: 'GET', path: '/v1/customers/{customerId}', status: 503, times: 1 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ object: 'fault', method: 'GET', path: '/v1/customers/{customerId}', status: 503, latency_ms: null, drop: false, times: 1, remaining: 1, probability: 1 });
    expect(set.body.id).toMatch(/^flt_/);
    // Another operation, and another project's same operation, do not meet it.
    expect((await service.call('GET', '/v1/customers')).status).toBe(200);
    expect((await service.call('GET', '/v1/customers/alice', { headers: keyHeadersOf(other.keys[0]) })).status).toBe(200);

    const met = await service.call('GET', '/v1/customers/alice');
    expect(met.status).toBe(503);
    expect(met.body).toEqual({ code: 503, key: 'service_unavailable', message: 'Service Unavailable', details: 'The service is temporarily unavailable; try again later.', request_id: met.headers.get('x-request-id') });
    expect((await service.call('GET', '/v1/customers/alice')).status).toBe(200);
    expect((await faults('GET')).body).toMatchObject({ object: 'list', data_ref: 'data', total: 1, data: [{ id: set.body.id, remaining: 0 }] });
    await clear();
  });

  it('marks what each request met in the request log', async () => {
    const set = await faults('POST', { method: 'GET', path: '/v1/loyalties/members/{memberId}', status: 429, times: 1 });
    expect((await service.call('GET', '/v1/loyalties/members/FIX-BOB')).status).toBe(429);
    expect((await service.call('GET', '/v1/loyalties/members/FIX-BOB')).status).toBe(200);
    const log = (await service.call('GET', '/_local/requests?path=/v1/loyalties/members/FIX-BOB&limit=2')).body.requests;
    expect(log.map((r: { status: number; injected_fault: unknown }) => [r.status, r.injected_fault])).toEqual([
      [200, null],
      [429, { id: set.body.id, kind: 'status', status: 429, latency_ms: null }],
    ]);
    await clear();
  });

  it('drops the connection (after a delay), logged with status 0, and writes nothing', async () => {
    const set = await faults('POST', { method: 'POST', path: '/v1/loyalties/{campaignId}/members', drop: true, latency_ms: 200, times: 1 });
    const started = Date.now();
    const before = await databaseChecksum(service.database, ['rate_limit_counters', 'request_log', 'local_faults']);
    const dropped = await rawRequest(service.baseUrl, 'POST', `/v1/loyalties/${fixed()}/members`, service.keyHeaders, { customer: { source_id: 'dropped' } });
    expect(dropped.error).toBe('ECONNRESET');
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    expect(await databaseChecksum(service.database, ['rate_limit_counters', 'request_log', 'local_faults'])).toEqual(before);
    const log = (await service.call('GET', `/_local/requests?path=/v1/loyalties/${fixed()}/members&limit=1`)).body.requests;
    expect(log[0]).toMatchObject({ status: 0, injected_fault: { id: set.body.id, kind: 'drop', status: null, latency_ms: 200 } });
    await clear();
  });

  it('meets every operation but the local controls when it names none, with a probability', async () => {
    await faults('POST', { status: 500, probability: 0.5 });
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await service.call('GET', '/v1/loyalties')).status);
    const failed = statuses.filter((s) => s === 500).length;
    expect(statuses.every((s) => s === 200 || s === 500)).toBe(true);
    // Binomial(120, 0.5): 60 ± 5.5; outside 30–90 once in ~10^11 runs.
    expect(failed).toBeGreaterThan(30);
    expect(failed).toBeLessThan(90);
    // The controls themselves never fail: the fault can always be seen and cleared.
    for (let i = 0; i < 10; i++) expect((await faults('GET')).status).toBe(200);
    await clear();
    expect((await service.call('GET', '/v1/loyalties')).status).toBe(200);
  });

  it('meets a counted fault that many times in all across two service processes on one database', async () => {
    const { app, ctx } = await createService(service.database, { ...service.ctx.config, localControl: 'on' }, service.clock);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      await faults('POST', { method: 'GET', path: '/v1/customers', status: 503, times: 3 });
      // The other process reads faults every second; this one at once.
      await new Promise((resolve) => setTimeout(resolve, faultRefreshMs + 200));
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await service.call('GET', '/v1/customers')).status);
        statuses.push((await fetch(`${address}/v1/customers`, { headers: service.keyHeaders })).status);
      }
      expect(statuses.filter((s) => s === 503)).toHaveLength(3);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      // Cleared through this process: the other no longer meets it within a second.
      await faults('POST', { method: 'GET', path: '/v1/customers', status: 503 });
      await new Promise((resolve) => setTimeout(resolve, faultRefreshMs + 200));
      expect((await fetch(`${address}/v1/customers`, { headers: service.keyHeaders })).status).toBe(503);
      await clear();
      await new Promise((resolve) => setTimeout(resolve, faultRefreshMs + 200));
      expect((await fetch(`${address}/v1/customers`, { headers: service.keyHeaders })).status).toBe(200);
      expect(ctx.faults?.empty).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('clears one fault by id (404 for an unknown one), and all of them', async () => {
    const a = (await faults('POST', { path: '/v1/customers', latency_ms: 10 })).body;
    const b = (await faults('POST', { path: '/v1/loyalties', latency_ms: 10 })).body;
    expect((await service.call('DELETE', `/_local/faults/${a.id}`)).status).toBe(204);
    expect((await faults('GET')).body.data.map((f: { id: string }) => f.id)).toEqual([b.id]);
    const unknown = await service.call('DELETE', '/_local/faults/flt_nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ key: 'not_found', resource_type: 'fault' });
    await clear();
    expect((await faults('GET')).body.total).toBe(0);
  });

  it('is cleared by a snapshot restore, as by a reset', async () => {
    const snapshot = (await service.call('GET', '/_local/snapshot')).body;
    await faults('POST', { path: '/v1/customers', status: 502 });
    expect((await service.call('GET', '/v1/customers')).status).toBe(502);
    expect((await service.call('POST', '/_local/snapshot', { body: snapshot })).status).toBe(200);
    expect((await faults('GET')).body.total).toBe(0);
    expect((await service.call('GET', '/v1/customers')).status).toBe(200);
  });

  it('refuses a fault that names no operation or does nothing, naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /status, latency_ms or drop/],
      [{ path: '/v1/nothing-here', status: 500 }, /\.path: names no operation/],
      [{ method: 'DELETE', path: '/v1/loyalties/members/{memberId}/balance', status: 500 }, /\.method: DELETE is not an operation of/],
      [{ status: 404 }, /\.status/],
      [{ status: 500, drop: true }, /\.drop: cannot be combined with status/],
      [{ status: 500, retry_after_seconds: 5 }, /\.retry_after_seconds/],
      [{ status: 500, probability: 0 }, /\.probability/],
      [{ status: 500, times: 0 }, /\.times/],
      [{ latency_ms: 300_001 }, /\.latency_ms/],
      [{ status: 500, when: 'now' }, /when/],
    ];
    for (const [body, details] of cases) {
      const res = await faults('POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload' });
      expect(res.body.details, JSON.stringify(body)).toMatch(details);
    }
    expect((await faults('GET')).body.total).toBe(0);
  });

  it('is in /openapi.json, marked as an extension', async () => {
    const document = (await service.call('GET', '/openapi.json', { auth: false })).body;
    for (const method of ['get', 'post', 'delete']) expect(document.paths['/_local/faults'][method]['x-extension']).toMatch(/LOCAL_CONTROL/);
    expect(document.info.description).toMatch(/faults/);
  });
});

describe('/_local/faults without LOCAL_CONTROL', () => {
  it('is a 404 like any unknown path', async () => {
    const service = await startTestService('pglite', baseFixture(), undefined, { localControl: 'off' });
    try {
      expect((await service.call('POST', '/_local/faults', { body: { status: 500 } })).status).toBe(404);
      expect((await service.call('GET', '/_local/faults')).status).toBe(404);
      expect(service.ctx.faults).toBeUndefined();
    } finally {
      await service.close();
    }
  });
});
