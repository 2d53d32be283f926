import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signDashboardUser } from '../../../platform/dashboard-user';
import { pendingPoints } from '../../../platform/db/schema';
import { testDatabases } from '../../../../test/support/databases';
import { activityContractErrors } from '../../../../test/support/member-activity-contract';
import { orderRule, proportional } from '../../../../test/support/order-fixture';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';
import { runExport } from '../../services/run-export';

/**
 * While `forced.lock` is set, a balance change finds no card to read without a lock (nor its
 * program to add to without reading), so it takes the transaction under the card's lock.
 */
const forced = vi.hoisted(() => ({ lock: false, reads: 0 }));
vi.mock('../../db/repositories/vouchers', async (original) => {
  const actual = await original<typeof import('../../db/repositories/vouchers')>();
  return {
    ...actual,
    readCardAtVersion: (...args: Parameters<typeof actual.readCardAtVersion>) => (forced.lock ? Promise.resolve(undefined).finally(() => (forced.reads += 1)) : actual.readCardAtVersion(...args)),
    programOfCard: (...args: Parameters<typeof actual.programOfCard>) => (forced.lock ? Promise.resolve(undefined) : actual.programOfCard(...args)),
  };
});

const staff = { id: 'usr_agent7', other: 'usr_marketer' };
const byStaff = (id: string) => ({ channel: 'USER_PORTAL', user: { id } });

/**
 * Issue 35: a card change made through the dashboard (the proxy's signed X-Dashboard-User) records
 * the staff user in the transaction's `details.event_source` (the real API's EventSource), on every
 * path that writes it; a change through the API records none and keeps `source: 'API'`.
 */
describe.each(testDatabases())('Who changed a card: dashboard staff or the API (%s)', (kind) => {
  let service: TestService;
  const reward = (name: string) => service.project.ids.rewards.get(name) as string;
  const call = (path: string, body: unknown, user?: string) => {
    service.clock.advance(1000);
    const headers = user ? { 'x-dashboard-user': signDashboardUser(service.ctx.dashboardUserKey, user, 'POST', path, service.clock.now()) } : undefined;
    return service.call('POST', path, { body, headers });
  };
  const latest = async (code: string, count = 1) => (await service.call('GET', `/v1/loyalties/members/${code}/transactions?limit=${count}`)).body.data;

  beforeAll(async () => {
    service = await startTestService(
      kind,
      spendFixture({
        earning_rules: [
          orderRule('Held 7 days', [proportional('PRE_DISCOUNT_ORDER_AMOUNT', { order: { amount: { every: 100, value: 1 } } })], { campaigns: ['Auto Club'], pending_points: { period_type: 'DAY', period_value: 7 } }),
        ],
      }),
    );
  });
  afterAll(() => service.close());

  it('balance changes: an addition without a read, a removal at the version read, and both under the lock', async () => {
    const path = '/v1/loyalties/members/FIX-CAROL/balance';
    expect((await call(path, { points: 100, reason: 'goodwill, ticket 4711' }, staff.id)).status).toBe(200);
    expect((await call(path, { points: -30, reason: 'double booking' }, staff.other)).status).toBe(200);
    forced.lock = true;
    forced.reads = 0;
    try {
      expect((await call(path, { points: 7, reason: 'locked add' }, staff.id)).status).toBe(200);
      expect((await call(path, { points: -2, reason: 'locked remove' }, staff.other)).status).toBe(200);
      expect((await call(path, { points: 5, reason: 'api locked' })).status).toBe(200);
    } finally {
      forced.lock = false;
    }
    expect(forced.reads).toBe(3);
    expect((await call(path, { points: 3, reason: 'api add' })).status).toBe(200);
    expect((await call(path, { points: -1, reason: 'api remove' })).status).toBe(200);

    const [apiRemove, apiAdd, apiLocked, lockedRemove, lockedAdd, removed, added] = await latest('FIX-CAROL', 7);
    for (const [tx, user] of [
      [added, staff.id],
      [removed, staff.other],
      [lockedAdd, staff.id],
      [lockedRemove, staff.other],
    ] as const) {
      expect(tx).toMatchObject({ source: 'voucherify-web-ui', details: { event_source: byStaff(user) } });
    }
    expect(added).toMatchObject({ type: 'POINTS_ADDITION', reason: 'goodwill, ticket 4711', details: { balance: { points: 100 } } });
    for (const tx of [apiLocked, apiAdd, apiRemove]) {
      expect(tx.source).toBe('API');
      expect(tx.details).not.toHaveProperty('event_source');
    }
  });

  it('redemptions: the common one without a lock, a limited stock and a reward of points on another card under the lock', async () => {
    const path = '/v1/loyalties/members/FIX-DAVE/redemption';
    expect((await call(path, { reward: { id: reward('Free coffee') } }, staff.id)).status).toBe(200);
    expect((await call(path, { reward: { id: reward('Mug') } }, staff.id)).status).toBe(200);
    expect((await call(path, { reward: { id: reward('Free coffee') } })).status).toBe(200);
    const [api, mug, coffee] = await latest('FIX-DAVE', 3);
    expect(coffee).toMatchObject({ type: 'POINTS_REDEMPTION', source: 'voucherify-web-ui', details: { reward: { name: 'Free coffee' }, event_source: byStaff(staff.id) } });
    expect(mug).toMatchObject({ type: 'POINTS_REDEMPTION', source: 'voucherify-web-ui', details: { reward: { name: 'Mug' }, event_source: byStaff(staff.id) } });
    expect(api).toMatchObject({ type: 'POINTS_REDEMPTION', source: 'API' });
    expect(api.details).not.toHaveProperty('event_source');

    // Alice's Auto bonus: spent on FIX-ALICE, added on AUTO-ALICE, both by the staff user.
    expect((await call('/v1/loyalties/members/FIX-ALICE/redemption', { reward: { id: reward('Auto bonus') } }, staff.other)).status).toBe(200);
    const [[spent], [gained]] = [await latest('FIX-ALICE'), await latest('AUTO-ALICE')];
    expect(spent).toMatchObject({ type: 'POINTS_REDEMPTION', details: { event_source: byStaff(staff.other) } });
    expect(gained).toMatchObject({ type: 'POINTS_ADDITION', source: 'voucherify-web-ui', details: { event_source: byStaff(staff.other) } });
  });

  it('pending points activated by hand; member activity names the staff user as the real API’s event source does', async () => {
    for (let n = 0; n < 2; n += 1) {
      expect((await service.call('POST', '/v1/orders', { body: { customer: 'alice', status: 'PAID', amount: 2000 } })).status).toBe(200);
    }
    const entries = (await service.call('GET', '/v1/loyalties/members/AUTO-ALICE/pending-points')).body.data as { id: string }[];
    expect(entries).toHaveLength(2);
    expect((await call(`/v1/loyalties/members/AUTO-ALICE/pending-points/${entries[0].id}/activate`, undefined, staff.id)).status).toBe(200);
    expect((await call(`/v1/loyalties/members/AUTO-ALICE/pending-points/${entries[1].id}/activate`, undefined)).status).toBe(200);
    const [api, dashboard] = await latest('AUTO-ALICE', 2);
    expect(dashboard).toMatchObject({ type: 'PENDING_POINTS_ACTIVATION', source: 'voucherify-web-ui', details: { event_source: byStaff(staff.id), pending_points: { id: entries[0].id } } });
    expect(api).toMatchObject({ type: 'PENDING_POINTS_ACTIVATION', source: 'API' });
    expect(api.details).not.toHaveProperty('event_source');

    // Canceling names the staff user on the entry, which leaves no card transaction.
    expect((await service.call('POST', '/v1/orders', { body: { customer: 'alice', status: 'PAID', amount: 500 } })).status).toBe(200);
    const [third] = (await service.call('GET', '/v1/loyalties/members/AUTO-ALICE/pending-points')).body.data as { id: string }[];
    expect((await call(`/v1/loyalties/members/AUTO-ALICE/pending-points/${third.id}/cancel`, { reason: 'order returned' }, staff.other)).status).toBe(204);
    const [canceled] = await service.ctx.db.select().from(pendingPoints).where(eq(pendingPoints.id, third.id));
    expect(canceled).toMatchObject({ status: 'CANCELED', details: { event_source: byStaff(staff.other) } });

    const activity = (await service.call('GET', '/v1/loyalties/members/AUTO-ALICE/activity?limit=2')).body;
    expect(activityContractErrors('/v1/loyalties/members/{memberId}/activity', activity)).toEqual([]);
    expect(activity.data.map((a: { data: { event_source: unknown } }) => a.data.event_source)).toEqual([{ channel: 'API' }, byStaff(staff.id)]);
  });

  it('exports carry the staff user inside each transaction’s details', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'author-export-'));
    service.ctx.config.dataDir = dataDir;
    try {
      const created = await service.call('POST', '/v1/loyalties/members/FIX-CAROL/transactions/export', { body: { parameters: { order: 'created_at', fields: ['type', 'source', 'reason', 'details'] } } });
      await runExport(service.ctx, created.body.id);
      const done = await service.call('GET', `/v1/exports/${created.body.id}`);
      const rows = parse(await (await fetch(done.body.result.url)).text(), { columns: true }) as { type: string; source: string; reason: string; details: string }[];
      const goodwill = rows.find((r) => r.reason === 'goodwill, ticket 4711');
      expect(goodwill?.source).toBe('voucherify-web-ui');
      expect(JSON.parse(goodwill?.details ?? '{}').event_source).toEqual(byStaff(staff.id));
      expect(JSON.parse(rows.find((r) => r.reason === 'api add')?.details ?? '{}')).not.toHaveProperty('event_source');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
