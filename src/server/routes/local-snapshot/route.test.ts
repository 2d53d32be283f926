import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { keyHeadersOf } from '../../../../test/support/oauth';
import { orderRule, proportional } from '../../../../test/support/order-fixture';
import { startTestService, type TestService } from '../../../../test/support/service';
import { tierFixture } from '../../../../test/support/tier-fixture';
import { loadFixture, type LoadedProject } from '../../seed/load-fixture';
import { exportFileKey, exportFiles } from '../../storage/export-files';
import type { FixtureInput } from '../../seed/fixture-schema';

/** Tiered programs (tierFixture) plus an order-paid rule on Tier Club that holds its points 7 days. */
function snapshotFixture(name: string): FixtureInput {
  const fixture = tierFixture({ extra: { project: { name } } });
  fixture.earning_rules = [...(fixture.earning_rules ?? []), orderRule('Held', [proportional('PRE_DISCOUNT_ORDER_AMOUNT', { order: { amount: { every: 100, value: 2 } } })], { campaigns: ['Tier Club'], pending_points: { period_type: 'DAY', period_value: 7 } })];
  return fixture;
}

type Snapshot = { project: { id: string }; api_keys: unknown[]; records: Record<string, Record<string, unknown>[]> };

describe.each(testDatabases())('GET and POST /_local/snapshot (%s)', (kind) => {
  let service: TestService;
  let other: LoadedProject;
  const otherHeaders = () => keyHeadersOf(other.keys[0]);
  const ok = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    service.clock.advance(1000);
    const res = await service.call(method, path, { body, headers });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const snapshot = async (headers?: Record<string, string>) => (await ok('GET', '/_local/snapshot', undefined, headers)) as Snapshot;

  beforeAll(async () => {
    service = await startTestService(kind, snapshotFixture('Snapshot project'), undefined, { localControl: 'on', dataDir: mkdtempSync(join(tmpdir(), 'snapshot-')) });
    service.clock.set('2026-05-04T10:00:00.000Z');
    other = await loadFixture(service.database, { ...snapshotFixture('Other project') }, service.clock.now());
    // Every kind of state a project gathers: earnings that change tiers, a paid order with held points,
    // a redemption and its rollback, a redemption kept, points added with a date to expire, a segment,
    // SKUs, a webhook endpoint, and the clock moved.
    await ok('POST', '/v1/events', { event: 'purchase', customer: { source_id: 'alice' }, metadata: { amount: 600 } });
    await ok('POST', '/v1/events', { event: 'ping', customer: { source_id: 'bob' } });
    await ok('POST', '/v1/orders', { source_id: 'order-1', customer: 'bob', status: 'PAID', items: [{ source_id: 'mug', quantity: 2 }] });
    const mug = service.project.ids.rewards.get('Mug');
    const redeemed = await ok('POST', '/v1/loyalties/members/BAL-ALICE/redemption', { reward: { id: mug } });
    await ok('POST', `/v1/redemptions/${redeemed.id}/rollback`, { reason: 'changed mind' });
    await ok('POST', '/v1/loyalties/members/BAL-ALICE/redemption', { reward: { id: mug } });
    await ok('POST', '/v1/loyalties/members/TIER-CAROL/balance', { points: 75, expiration_type: 'CUSTOM_DATE', expiration_date: '2026-12-31', reason: 'goodwill' });
    const alice = await ok('GET', '/v1/customers/alice');
    await ok('POST', '/v1/segments', { name: 'VIPs', type: 'static', customers: [alice.id] });
    await ok('POST', '/v1/products/mug/skus', { source_id: 'mug-blue', sku: 'Blue mug', price: 1800 });
    await service.database.execute(
      "INSERT INTO webhooks (id, project_id, target_url, events, active, secret, created_at) VALUES ('wh_snapshot1', $1, 'https://example.com/hook', '[\"customer.loyalty.card.points_added\"]', true, 'whsec_kept', $2)",
      [service.project.projectId, service.clock.now().toISOString()],
    );
    await ok('POST', '/_local/clock', { advance_seconds: 3600 });
  }, 180_000);
  afterAll(async () => service.close());

  it('round trip: snapshot, reset to empty, restore, snapshot again gives the same document; the restored project works on', async () => {
    const first = await snapshot();
    const tables = Object.keys(first.records);
    for (const table of ['card_transactions', 'point_buckets', 'pending_points', 'orders', 'redemptions', 'redemption_rollbacks', 'member_tiers', 'member_tier_changes', 'segment_members', 'skus', 'webhooks', 'project_clocks', 'vouchers', 'publications', 'events', 'loyalty_tiers', 'reward_assignments']) {
      expect(tables, table).toContain(table);
    }
    expect(JSON.stringify(first)).not.toContain('whsec_kept');
    const theirs = await snapshot(otherHeaders());

    expect((await ok('POST', '/_local/reset', { to: 'empty' })).to).toBe('empty');
    // An empty reset keeps the webhook endpoints (as it keeps keys); the restore replaces them.
    expect(Object.keys((await snapshot()).records)).toEqual(['webhooks']);

    const restored = await ok('POST', '/_local/snapshot', first);
    expect(restored).toMatchObject({ object: 'project_restore', project_id: service.project.projectId });
    const second = await snapshot();
    expect(second).toEqual(first);
    expect(await snapshot(otherHeaders())).toEqual(theirs);
    // The endpoint kept its signing secret; the clock its offset; the ledger goes on after the restored rows.
    expect(await service.database.execute('SELECT secret FROM webhooks WHERE id = $1', ['wh_snapshot1'])).toEqual([{ secret: 'whsec_kept' }]);
    expect((await ok('GET', '/_local/clock')).offset_seconds).toBe(3600);
    const before = (await ok('GET', '/v1/loyalties/members/TIER-CAROL')).loyalty_card.balance;
    await ok('POST', '/v1/loyalties/members/TIER-CAROL/balance', { points: 5 });
    expect((await ok('GET', '/v1/loyalties/members/TIER-CAROL')).loyalty_card.balance).toBe(before + 5);
    const seqs = (await snapshot()).records.card_transactions.map((t) => t.seq as number);
    expect(seqs.at(-1)).toBeGreaterThan(Math.max(...first.records.card_transactions.map((t) => t.seq as number)));
    // A reset now goes back to the restored document.
    await ok('POST', '/_local/reset');
    expect(await snapshot()).toEqual(first);
  });

  it('refuses a document that is not the fixture format, or references rows it does not hold, whole, naming the place; nothing changes', async () => {
    const good = await snapshot();
    const checksum = await databaseChecksum(service.database);
    const refused = async (document: unknown, place: string) => {
      const res = await service.call('POST', '/_local/snapshot', { body: document });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload', request_id: expect.any(String) });
      expect(res.body.details).toContain(place);
      expect(await databaseChecksum(service.database)).toEqual(checksum);
    };
    const edited = (edit: (d: Snapshot) => void) => {
      const copy = structuredClone(good);
      edit(copy);
      return copy;
    };
    await refused({ records: {} }, "Payload should have required property 'project'");
    await refused(edited((d) => (d.records.card_transactions[2].voucher_id = 'v_nowhere')), 'Property .records.card_transactions.2.voucher_id: no vouchers row with id v_nowhere');
    await refused(edited((d) => (d.records.point_buckets[0].transaction_id = 'vtx_nowhere')), 'Property .records.point_buckets.0.transaction_id');
    await refused(edited((d) => (d.records.vouchers[1].balance = 'lots')), 'Property .records.vouchers.1.balance');
    await refused(edited((d) => (d.records.customers[0].shoe_size = 44)), "Property .records.customers.0 should not have additional property 'shoe_size'");
    await refused(edited((d) => (d.records.tables = [])), "Property .records should not have additional property 'tables'");
    await refused(edited((d) => d.records.customers.push({ ...d.records.customers[0] })), 'is listed twice');
    // What only the database can tell: a code twice in the project, and ids another project holds.
    await refused(edited((d) => (d.records.vouchers[1].code = d.records.vouchers[0].code)), 'Property .records.vouchers');
    const theirs = await snapshot(otherHeaders());
    const res = await service.call('POST', '/_local/snapshot', { body: theirs });
    expect(res.status).toBe(400);
    expect(res.body.details).toMatch(/^Property \.records\.\w+\.0\.id: \S+ is taken by another project on this service$/);
    expect(await databaseChecksum(service.database)).toEqual(checksum);
  });
  it('refuses card totals that contradict the card’s ledger, buckets or pending points, naming the field (issue 48, fault 4)', async () => {
    const good = await snapshot();
    const checksum = await databaseChecksum(service.database);
    const cardIndex = good.records.vouchers.findIndex((v) => v.code === 'BAL-ALICE');
    const card = good.records.vouchers[cardIndex];
    const ledger = good.records.card_transactions.filter((t) => t.voucher_id === card.id).reduce((sum, t) => sum + (t.amount as number), 0);
    expect(ledger).toBeGreaterThan(0);
    expect(card.balance).toBe(ledger);
    const pendingIndex = good.records.vouchers.findIndex((v) => (v.pending_points as number) > 0);
    expect(pendingIndex).toBeGreaterThanOrEqual(0);
    const bucketIndex = good.records.point_buckets.findIndex((b) => b.voucher_id === card.id && (b.remaining as number) > 0);
    const refused = async (edit: (d: Snapshot) => void, place: string) => {
      const copy = structuredClone(good);
      edit(copy);
      const res = await service.call('POST', '/_local/snapshot', { body: copy });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload', message: 'Invalid payload', request_id: expect.any(String) });
      expect(res.body.details).toContain(place);
      expect(await databaseChecksum(service.database)).toEqual(checksum);
    };
    const balance = `Property .records.vouchers.${cardIndex}.balance`;
    await refused((d) => (d.records.vouchers[cardIndex].balance = -5), `${balance}: is -5 but the card's transactions sum to ${ledger}`);
    await refused((d) => (d.records.vouchers[cardIndex].balance = ledger + 1), `${balance}: is ${ledger + 1} but the card's transactions sum to ${ledger}`);
    await refused((d) => ((d.records.point_buckets[bucketIndex].remaining as number) -= 1), `${balance}: is ${ledger} but the card's point buckets hold ${ledger - 1}`);
    await refused((d) => ((d.records.vouchers[pendingIndex].pending_points as number) += 3), `Property .records.vouchers.${pendingIndex}.pending_points:`);
    await refused((d) => (d.records.point_buckets[bucketIndex].remaining = -1), `Property .records.point_buckets.${bucketIndex}.remaining`);
    // Ledger and card moved together past zero: still refused, as a fixture's history is.
    await refused((d) => {
      d.records.vouchers[cardIndex].balance = -5;
      d.records.card_transactions.find((t) => t.voucher_id === card.id)!.amount = (d.records.card_transactions.find((t) => t.voucher_id === card.id)!.amount as number) - ledger - 5;
    }, `${balance}: is -5`);
  });

  it("reset and restore remove the project's export files, and only its own", async () => {
    const files = exportFiles(service.ctx.config);
    const write = (projectId: string, id: string) => files.write(exportFileKey(projectId, id), async (sink) => sink.write('id\n'));
    const mine = async () => {
      const file = await files.open(exportFileKey(service.project.projectId, 'exp_mine'));
      file?.stream.destroy();
      return file ? 'there' : 'gone';
    };
    await write(service.project.projectId, 'exp_mine');
    await write(other.projectId, 'exp_theirs');
    expect(await mine()).toBe('there');
    await ok('POST', '/_local/reset');
    expect(await mine()).toBe('gone');
    await write(service.project.projectId, 'exp_mine');
    await ok('POST', '/_local/snapshot', await snapshot());
    expect(await mine()).toBe('gone');
    const theirs = await files.open(exportFileKey(other.projectId, 'exp_theirs'));
    theirs?.stream.destroy();
    expect(theirs).toBeDefined();
  });

  // Last: the fresh service's key pair has the same ids and new secrets, and the key lookup cache is the process's.
  it('seeding a new service with the snapshot (npm run seed, SEED_FILE) recreates the same document', async () => {
    const first = await snapshot();
    const fresh = await startTestService(kind, first, undefined, { localControl: 'on' });
    try {
      const res = await fresh.call('GET', '/_local/snapshot');
      expect(res.status).toBe(200);
      expect(res.body).toEqual(first);
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
