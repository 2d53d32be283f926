import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { issueTokenOver, keyHeadersOf, withBearer } from '../../../../test/support/oauth';
import { startTestService, type TestService } from '../../../../test/support/service';
import { loadFixture, type LoadedProject } from '../../seed/load-fixture';
import type { RequestLogEntry } from '../../../contract/request-log';

/** Every row of the log as text, to search for secrets. */
async function wholeLog(service: TestService): Promise<string> {
  await service.ctx.requestLog?.flush();
  const rows = await service.database.execute<{ t: string }>('SELECT request_log::text AS t FROM request_log');
  return rows.map((r) => r.t).join('\n');
}

/** Every request of the log, oldest first, through the API's pages. */
async function readAll(service: TestService, query = ''): Promise<RequestLogEntry[]> {
  const out: RequestLogEntry[] = [];
  for (let page = 1; ; page++) {
    const res = await service.call('GET', `/_local/requests?order=at&limit=100&page=${page}${query}`);
    expect(res.status).toBe(200);
    out.push(...res.body.requests);
    if (res.body.requests.length < 100) return out;
  }
}

describe.each(testDatabases())('The request log (%s)', (kind) => {
  let service: TestService;
  let other: LoadedProject;

  beforeAll(async () => {
    service = await startTestService(kind, baseFixture(), undefined, { requestLogSize: 1_000 });
    other = await loadFixture(service.database, { project: { name: 'Other project' }, api_keys: [{ name: 'their key' }] }, service.clock.now());
  });
  afterAll(async () => service.close());

  it('keeps a request with its answer, credential by id and the customers and cards it touched', async () => {
    const added = await service.call('POST', '/v1/loyalties/Fixed%20Club/members', { body: { customer: { source_id: 'carol', name: 'Carol' } } });
    expect(added.status).toBe(200);
    const res = await service.call('GET', '/_local/requests?limit=1');
    expect(res.status).toBe(200);
    const [entry] = res.body.requests;
    expect(entry).toMatchObject({
      id: added.headers.get('x-request-id'),
      object: 'request',
      method: 'POST',
      path: '/v1/loyalties/Fixed%20Club/members',
      query: '',
      status: 200,
      credential: { type: 'key', key_id: service.project.keys[0].appId, token_id: null },
      request_body: { customer: { source_id: 'carol', name: 'Carol' } },
      request_body_truncated: false,
      response_body: { id: added.body.id, code: added.body.code },
      response_body_truncated: false,
      customer_ids: ['carol', added.body.holder_id],
      card_ids: [added.body.id],
    });
    expect(entry.duration_ms).toBeGreaterThan(0);
    // The other project sees none of it.
    const theirs = await service.call('GET', '/_local/requests', { headers: keyHeadersOf(other.keys[0]) });
    expect(theirs.body).toMatchObject({ total: 0, requests: [] });
  });

  it('after 1,100 requests holds the last 1,000 answered, each once, in order, with no credential anywhere', async () => {
    const token = await issueTokenOver(service, 'api');
    const sent: string[] = [];
    const statuses = new Map<string, number>();
    for (let i = 0; i < 1_100; i++) {
      const kind = i % 5;
      const res =
        kind === 0
          ? await withBearer(service, token, 'GET', '/v1/loyalties/members/FIX-BOB')
          : kind === 1
            ? await service.call('GET', `/v1/loyalties/members/NOPE-${i}`)
            : kind === 2
              ? await service.call('POST', '/v1/customers', { body: { source_id: `c${i}`, metadata: { password: `pw-${i}` } } })
              : kind === 3
                ? await service.call('GET', `/v1/customers?app_token=${service.project.keys[0].appToken}`)
                : await service.call('PUT', '/v1/customers/alice', { body: { email: 'not an email' } });
      const id = res.headers.get('x-request-id') as string;
      sent.push(id);
      statuses.set(id, res.status);
    }
    const log = await readAll(service);
    expect(log).toHaveLength(1_000);
    expect(log.map((e) => e.id)).toEqual(sent.slice(-1_000));
    for (const entry of log) expect(entry.status).toBe(statuses.get(entry.id));
    expect(new Set(statuses.values())).toEqual(new Set([200, 404, 400]));
    const bearer = log.find((e) => e.credential.type === 'bearer');
    expect(bearer?.credential.token_id).toMatch(/\S/);

    const text = await wholeLog(service);
    expect(text).not.toContain(service.project.keys[0].appToken);
    expect(text).not.toContain(token);
    expect(text).not.toMatch(/pw-\d/);
    expect(text).toContain('[redacted]');
    // Pruned to the size, give or take the half between prunings.
    const [{ n }] = await service.database.execute<{ n: number }>(`SELECT count(*)::int AS n FROM request_log WHERE project_id = '${service.project.projectId}'`);
    expect(n).toBeLessThanOrEqual(1_500);
  });

  it('filters by status, path, customer (id or source id), card (id or code) and time', async () => {
    // The log keeps real time (here the test's clock): a minute on, older requests fall before `since`.
    service.clock.advance(60_000);
    const before = new Date(service.clock.now().getTime() - 10_000).toISOString();
    await service.call('GET', '/v1/loyalties/members/FIX-BOB');
    await service.call('GET', '/v1/customers/bob');
    const bob = (await service.call('GET', '/v1/customers/bob')).body.id as string;
    // Refused: its answer names nobody, but its path names bob by source id.
    expect((await service.call('PUT', '/v1/customers/bob', { body: { metadata: 'vip' } })).status).toBe(400);
    const notFound = await readAll(service, '&status=404');
    expect(notFound.length).toBeGreaterThan(0);
    expect(notFound.every((e) => e.status === 404)).toBe(true);
    const clientErrors = await readAll(service, '&status=4xx');
    expect(clientErrors.every((e) => e.status >= 400 && e.status < 500)).toBe(true);
    expect(clientErrors.length).toBeGreaterThan(notFound.length);
    const byPath = await readAll(service, '&path=/members/FIX-BOB');
    expect(byPath.length).toBeGreaterThan(0);
    expect(byPath.every((e) => e.path.includes('/members/FIX-BOB'))).toBe(true);
    const bySource = await readAll(service, '&customer=bob');
    const byId = await readAll(service, `&customer=${bob}`);
    expect(bySource.map((e) => e.id)).toEqual(byId.map((e) => e.id));
    expect(byId.every((e) => e.customer_ids.includes(bob) || e.customer_ids.includes('bob'))).toBe(true);
    expect(byId.some((e) => e.status === 400 && e.method === 'PUT')).toBe(true);
    expect(byId.some((e) => e.path === '/v1/customers/bob')).toBe(true);
    const byCode = await readAll(service, '&card=FIX-BOB');
    expect(byCode.length).toBeGreaterThan(0);
    expect(byCode.every((e) => e.card_ids.length > 0)).toBe(true);
    const recent = await readAll(service, `&since=${encodeURIComponent(before)}&customer=bob&status=2xx`);
    expect(recent.map((e) => e.path)).toEqual(['/v1/loyalties/members/FIX-BOB', '/v1/customers/bob', '/v1/customers/bob']);
  });

  it('refuses a bad filter naming it, and a bearer token', async () => {
    const bad = await service.call('GET', '/_local/requests?status=4x4');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, key: 'invalid_query_params' });
    expect(bad.body.details).toContain('status');
    const since = await service.call('GET', '/_local/requests?since=yesterday');
    expect(since.status).toBe(400);
    expect(since.body.details).toContain('since');
    const unknown = await service.call('GET', '/_local/requests?customerid=x');
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toContain('customerid');
    const token = await issueTokenOver(service, 'api');
    expect((await withBearer(service, token, 'GET', '/_local/requests')).status).toBe(401);
  });
});

describe.each(testDatabases())('The request log on close and off (%s)', (kind) => {
  it('writes what is waiting when the service closes, before its database goes', async () => {
    const service = await startTestService(kind, baseFixture());
    try {
      for (let i = 0; i < 20; i++) await service.call('GET', '/v1/customers/alice');
      await service.app.close();
      const [{ n }] = await service.database.execute<{ n: number }>('SELECT count(*)::int AS n FROM request_log');
      expect(n).toBe(20);
    } finally {
      await service.database.close();
    }
  });

  it('keeps a long answer repeated within a batch once, and reads it whole on every entry, after pruning too', async () => {
    const service = await startTestService(kind, baseFixture(), undefined, { requestLogSize: 10 });
    try {
      const answers = await Promise.all(Array.from({ length: 25 }, () => service.call('GET', '/v1/customers?limit=100')));
      const answer = answers[0].body;
      expect(JSON.stringify(answer).length).toBeGreaterThan(512);
      for (const a of answers) expect(a.body).toEqual(answer);
      await service.ctx.requestLog?.flush();
      const stored = await service.database.execute<{ rows: number; bodies: number }>(
        'SELECT count(*)::int AS rows, count(response_body)::int AS bodies FROM request_log',
      );
      // Pruned to 10, give or take the half between prunings; the text stored on the batch's last row.
      expect(stored[0].rows).toBeGreaterThanOrEqual(10);
      expect(stored[0].bodies).toBeLessThan(stored[0].rows);
      const log = await readAll(service);
      expect(log.length).toBe(10);
      for (const entry of log) expect(entry.response_body).toEqual(answer);
    } finally {
      await service.close();
    }
  });

  it('REQUEST_LOG=off keeps nothing and serves no log', async () => {
    const service = await startTestService(kind, baseFixture(), undefined, { requestLogSize: 0 });
    try {
      await service.call('GET', '/v1/customers/alice');
      expect((await service.call('GET', '/_local/requests')).status).toBe(404);
      const [{ n }] = await service.database.execute<{ n: number }>('SELECT count(*)::int AS n FROM request_log');
      expect(n).toBe(0);
    } finally {
      await service.close();
    }
  });
});
