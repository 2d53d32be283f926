import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { earningFixture, points, rule } from '../../../../test/support/earning-fixture';
import { baseFixture } from '../../../../test/support/fixtures';
import { formPost, keyHeadersOf } from '../../../../test/support/oauth';
import { startTestService, type TestService } from '../../../../test/support/service';
import { createService } from '../../bootstrap';
import { loadFixture, type LoadedProject } from '../../seed/load-fixture';
import { cleanUpExportFiles } from '../../services/export-file-cleanup';
import { expirePointsEverywhere } from '../../services/project-time';
import { runExport } from '../../services/run-export';

const day = 24 * 3600;
const tenDays = { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { unit: 'DAY', value: 10 } } };

/** earningFixture plus `fifty_ten`: 50 points on FIX cards that last 10 days. */
function clockFixture() {
  const fixture = earningFixture([rule('Fifty for ten days', 'fifty_ten', [points(50, tenDays)])]);
  fixture.event_schemas = [...(fixture.event_schemas ?? []), { name: 'fifty_ten', properties: {} }];
  return fixture;
}

describe.each(testDatabases())('The project clock, LOCAL_CONTROL=on (%s)', (kind) => {
  let service: TestService;
  let other: LoadedProject;
  const otherHeaders = () => keyHeadersOf(other.keys[0]);
  const clock = (method: string, body?: unknown, headers?: Record<string, string>) => service.call(method, '/_local/clock', { body, headers });
  const balanceOf = async (code: string, headers?: Record<string, string>) => (await service.call('GET', `/v1/loyalties/members/${code}`, { headers })).body.loyalty_card.balance as number;
  const fire = (event: string, headers?: Record<string, string>) => service.call('POST', '/v1/events', { body: { event, customer: { source_id: 'alice' } }, headers });

  beforeAll(async () => {
    service = await startTestService(kind, clockFixture(), undefined, { localControl: 'on' });
    service.ctx.config.dataDir = mkdtempSync(join(tmpdir(), 'clock-test-'));
    // The same cards and rules in a second project (segment ids are global, so without the VIP segment).
    const theirs = clockFixture();
    other = await loadFixture(
      service.database,
      { ...theirs, project: { name: 'Other project' }, segments: [], earning_rules: theirs.earning_rules?.filter((r) => r.name !== 'VIP bonus') },
      service.clock.now(),
    );
  });
  afterAll(async () => {
    await service.close();
    rmSync(service.ctx.config.dataDir, { recursive: true, force: true });
  });

  it('starts at real time', async () => {
    const res = await clock('GET');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ now: service.clock.now().toISOString(), offset_seconds: 0 });
  });

  it('expires 50 points at once when advanced past their last day, with the expiration transaction; the other project keeps them', async () => {
    for (const headers of [undefined, otherHeaders()]) expect((await fire('fifty_ten', headers)).status).toBe(200);
    const before = await balanceOf('FIX-ALICE');
    const otherBefore = await balanceOf('FIX-ALICE', otherHeaders());

    const moved = await clock('POST', { advance_seconds: 11 * day });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ now: new Date(service.clock.now().getTime() + 11 * day * 1000).toISOString(), offset_seconds: 11 * day });

    expect(await balanceOf('FIX-ALICE')).toBe(before - 50);
    const [expiry] = (await service.call('GET', '/v1/loyalties/members/FIX-ALICE/transactions?limit=1')).body.data;
    expect(expiry).toMatchObject({ type: 'POINTS_EXPIRATION', source: 'Automation', details: { balance: { points: -50, balance: before - 50 } } });
    expect(new Date(expiry.created_at).getTime()).toBe(service.clock.now().getTime() + 11 * day * 1000);

    // Another project keeps real time: its points stay, its clock reads 0, and the hourly job leaves them.
    expect(await balanceOf('FIX-ALICE', otherHeaders())).toBe(otherBefore);
    expect((await clock('GET', undefined, otherHeaders())).body.offset_seconds).toBe(0);
    expect((await expirePointsEverywhere(service.ctx)).points).toBe(0);
    expect(await balanceOf('FIX-ALICE', otherHeaders())).toBe(otherBefore);
  });

  it('passes a 12-hour cooldown by the clock', async () => {
    const earned = async () => (await fire('cooldown_ping')).status === 200 && (await balanceOf('FIX-ALICE'));
    const start = await earned();
    expect(await earned()).toBe(start); // in the cooldown: no point
    expect((await clock('POST', { advance_seconds: 11 * 3600 })).status).toBe(200);
    expect(await earned()).toBe(start); // 11 hours later: still in it
    expect((await clock('POST', { advance_seconds: 3600 })).status).toBe(200);
    expect(await earned()).toBe(Number(start) + 1);
  });

  it('stamps what the project writes with its time, and expires bearer tokens by it', async () => {
    const projectNow = new Date((await clock('GET')).body.now).getTime();
    expect((await fire('gold_only')).status).toBe(200);
    // The test's real clock stands still, so events of the same project time tie: find it by type.
    const events: { type: string; created_at: string }[] = (await service.call('GET', '/v1/events?customer=alice&limit=20')).body.events;
    const stamped = events.find((e) => e.type === 'gold_only');
    expect(stamped && new Date(stamped.created_at).getTime()).toBe(projectNow);

    const token = (await formPost(service, '/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api' })).body.access_token as string;
    const bearer = { Authorization: `Bearer ${token}` };
    expect((await service.call('GET', '/v1/loyalties', { headers: bearer, auth: false })).status).toBe(200);
    expect((await clock('POST', { advance_seconds: 15 * 60 })).status).toBe(200);
    const expired = await service.call('GET', '/v1/loyalties', { headers: bearer, auth: false });
    expect(expired.status).toBe(401);
    expect(expired.body.details).toMatch(/expired/);
    expect((await formPost(service, '/v1/oauth/introspect', { access_token: token })).body).toEqual({ active: false });
  });

  it('opens an earning rule window when the clock reaches it', async () => {
    // Happy hour: weekdays 15:00–18:00 UTC in 2026. The test clock starts Thursday 2026-01-15.
    const now = new Date((await clock('GET')).body.now);
    const nextMonday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + ((8 - now.getUTCDay()) % 7 || 7), 16));
    const before = await balanceOf('FIX-ALICE');
    expect((await clock('POST', { now: nextMonday.toISOString() })).status).toBe(200);
    await fire('happy_hour');
    expect(await balanceOf('FIX-ALICE')).toBe(before + 5);
    expect((await clock('POST', { now: new Date(nextMonday.getTime() + 3 * 3600 * 1000).toISOString() })).status).toBe(200);
    await fire('happy_hour');
    expect(await balanceOf('FIX-ALICE')).toBe(before + 5); // 19:00: the window closed
  });

  it('ends export download links by the project clock, and removes their files at once', async () => {
    const created = await service.call('POST', '/v1/loyalties/members/FIX-ALICE/transactions/export', { body: {} });
    await runExport(service.ctx, created.body.id);
    const done = (await service.call('GET', `/v1/exports/${created.body.id}`)).body;
    expect((await fetch(done.result.url)).status).toBe(200);
    const fileOf = async () => (await service.database.execute<{ file_key: string | null }>('SELECT file_key FROM exports WHERE id = $1', [created.body.id]))[0].file_key;
    expect(await fileOf()).not.toBeNull();

    expect((await clock('POST', { advance_seconds: day + 60 })).status).toBe(200);
    const expired = await fetch(done.result.url);
    expect(expired.status).toBe(401);
    expect(((await expired.json()) as { details: string }).details).toMatch(/expired/);
    expect(await fileOf()).toBeNull();
  });

  it('has the hourly expiry take a project’s points by the project’s own time', async () => {
    // Short lived: 7 points that last one day from the project's (advanced) date.
    const before = await balanceOf('FIX-ALICE');
    await fire('short_lived');
    expect(await balanceOf('FIX-ALICE')).toBe(before + 7);
    // Two days of real time: past their last day by the project's clock, not by real time.
    service.clock.advance(2 * day * 1000);
    expect((await expirePointsEverywhere(service.ctx)).points).toBe(7);
    expect(await balanceOf('FIX-ALICE')).toBe(before);
  });

  it('refuses bad moves with 400 naming the field, and moves nothing', async () => {
    const before = (await clock('GET')).body;
    const cases: [unknown, RegExp][] = [
      [{}, /advance_seconds or now/],
      [{ advance_seconds: 10, now: '2030-01-01T00:00:00Z' }, /advance_seconds or now/],
      [{ advance_seconds: 0 }, /advance_seconds/],
      [{ advance_seconds: 1.5 }, /advance_seconds/],
      [{ advance_seconds: '60' }, /advance_seconds/],
      [{ now: 'tomorrow' }, /\.now/],
      [{ now: '2020-01-01T00:00:00Z' }, /\.now: .*only moves forward/],
      [{ advance_seconds: 200 * 366 * day }, /advance_seconds/],
      [{ speed: 2 }, /speed/],
    ];
    for (const [body, details] of cases) {
      const res = await clock('POST', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload' });
      expect(res.body.details, JSON.stringify(body)).toMatch(details);
    }
    expect((await clock('GET')).body.offset_seconds).toBe(before.offset_seconds);
  });

  it('needs the project key pair', async () => {
    expect((await service.call('GET', '/_local/clock', { auth: false })).status).toBe(401);
    const token = (await formPost(service, '/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api' })).body.access_token as string;
    // Key pair only, like the OAuth operations: a bearer token alone does not move time.
    expect((await service.call('POST', '/_local/clock', { body: { advance_seconds: 1 }, headers: { Authorization: `Bearer ${token}` }, auth: false })).status).toBe(401);
  });

  it('returns to real time on DELETE, for this project only', async () => {
    await clock('POST', { advance_seconds: 60 }, otherHeaders());
    const res = await clock('DELETE');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ now: service.clock.now().toISOString(), offset_seconds: 0 });
    expect((await clock('GET')).body.offset_seconds).toBe(0);
    expect((await clock('GET', undefined, otherHeaders())).body.offset_seconds).toBe(60);
  });

  it('is honoured by a process with LOCAL_CONTROL=off on the same database, which only may not move it (issue 35, fault 5)', async () => {
    // A second service process on the same database that may not move clocks.
    const { app, ctx } = await createService(service.database, { ...service.ctx.config, localControl: 'off' }, service.clock);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const onOther = (method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) =>
        fetch(address + path, {
          method,
          headers: { ...service.keyHeaders, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
      const token = (await formPost(service, '/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api' })).body.access_token as string;
      const bearer = { Authorization: `Bearer ${token}` };
      const moved = await clock('POST', { advance_seconds: 40 * day });
      expect(moved.status).toBe(200);
      ctx.clock.forget(service.project.projectId);

      // Both processes see the token expired, and both date what they write by the moved clock.
      expect((await service.call('GET', '/v1/loyalties', { headers: bearer, auth: false })).status).toBe(401);
      expect((await fetch(address + '/v1/loyalties', { headers: bearer })).status).toBe(401);
      expect((await onOther('POST', '/v1/events', { body: { event: 'gold_only', customer: { source_id: 'alice' } } })).status).toBe(200);
      const events: { type: string; created_at: string }[] = (await service.call('GET', '/v1/events?customer=alice&limit=50')).body.events;
      expect(events.filter((e) => e.type === 'gold_only').map((e) => e.created_at)).toContain(moved.body.now);
      expect(await ctx.clock.nowOf(service.project.projectId)).toEqual(new Date(moved.body.now));

      // LOCAL_CONTROL decides only who may move it: there /_local/clock is a 404.
      expect((await onOther('GET', '/_local/clock')).status).toBe(404);
      expect((await onOther('POST', '/_local/clock', { body: { advance_seconds: 60 } })).status).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('lets nothing issued while the clock ran ahead outlive it: a token and a download link last their real lifetime after DELETE (issue 35, fault 4)', async () => {
    const minute = 60_000;
    expect((await clock('POST', { now: '2125-11-01T00:00:00Z' })).status).toBe(200);
    const token = (await formPost(service, '/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api' })).body.access_token as string;
    const bearer = { Authorization: `Bearer ${token}` };
    const created = await service.call('POST', '/v1/loyalties/members/FIX-ALICE/transactions/export', { body: {} });
    await runExport(service.ctx, created.body.id);
    const url = (await service.call('GET', `/v1/exports/${created.body.id}`)).body.result.url as string;
    expect((await clock('DELETE')).status).toBe(200);

    // Back in real time, 5 real minutes after issue: the token has the 10 minutes left it would have had.
    service.clock.advance(5 * minute);
    expect((await service.call('GET', '/v1/loyalties', { headers: bearer, auth: false })).status).toBe(200);
    const introspected = (await formPost(service, '/v1/oauth/introspect', { access_token: token })).body;
    expect(introspected).toMatchObject({ active: true, expires_in: 600, expires_at: Math.floor(service.clock.now().getTime() / 1000) + 600 });
    expect((await fetch(url)).status).toBe(200);

    service.clock.advance(10 * minute);
    const expired = await service.call('GET', '/v1/loyalties', { headers: bearer, auth: false });
    expect(expired.status).toBe(401);
    expect(expired.body.details).toMatch(/expired/);
    expect((await formPost(service, '/v1/oauth/introspect', { access_token: token })).body).toEqual({ active: false });
    // Not live, so it holds no slot of the project's live-token cap and cannot be revoked.
    expect((await formPost(service, '/v1/oauth/token/revoke', { access_token: token })).status).toBe(404);

    // The link: 24 real hours after the file was made, not 100 years.
    service.clock.advance(24 * 60 * minute - 15 * minute);
    const gone = await fetch(url);
    expect(gone.status).toBe(401);
    expect(((await gone.json()) as { details: string }).details).toMatch(/expired/);
    // And the hourly cleanup (real-time run) removes its file.
    expect((await cleanUpExportFiles(service.ctx)).expired).toBe(1);
    const [{ file_key }] = await service.database.execute<{ file_key: string | null }>('SELECT file_key FROM exports WHERE id = $1', [created.body.id]);
    expect(file_key).toBeNull();
  });

  it('leaves no cooldown in the future: a rule that earned while the clock ran ahead earns again after DELETE', async () => {
    expect((await clock('POST', { advance_seconds: 100 * 365 * 86_400 })).status).toBe(200);
    const start = await balanceOf('FIX-ALICE');
    await fire('cooldown_ping');
    expect(await balanceOf('FIX-ALICE')).toBe(start + 1);
    expect((await clock('DELETE')).status).toBe(200);
    await fire('cooldown_ping');
    // Real time is a century before that accrual: it is no trigger yet, so the cooldown has not begun.
    expect(await balanceOf('FIX-ALICE')).toBe(start + 2);
  });

  it('is in /openapi.json, marked as an extension', async () => {
    const document = (await service.call('GET', '/openapi.json', { auth: false })).body;
    for (const method of ['get', 'post', 'delete']) expect(document.paths['/_local/clock'][method]['x-extension']).toMatch(/LOCAL_CONTROL/);
  });
});

describe('The project clock, LOCAL_CONTROL off', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService('pglite', baseFixture());
  });
  afterAll(() => service.close());

  it('answers 404 not_found on every /_local/clock method, and is not in /openapi.json', async () => {
    expect(service.ctx.config.localControl).toBe('auto');
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await service.call(method, '/_local/clock', method === 'POST' ? { body: { advance_seconds: 60 } } : {});
      expect(res.status, method).toBe(404);
      expect(res.body).toMatchObject({ code: 404, key: 'not_found', message: 'Resource not found' });
      expect(res.body.request_id).toMatch(/^v-/);
    }
    const document = (await service.call('GET', '/openapi.json', { auth: false })).body;
    expect(document.paths['/_local/clock']).toBeUndefined();
  });
});
