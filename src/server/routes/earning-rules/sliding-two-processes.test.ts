import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { slidingFixture } from '../../../../test/support/sliding-fixture';
import { slidingDaysOfCard } from '../../../../test/support/sliding-ledger';
import { startTwoProcesses, type TwoProcesses } from '../../../../test/support/two-processes';

/**
 * Two service processes on one PostgreSQL, as behind a load balancer: events that earn sliding
 * points, events that only count as activity and redemptions, in parallel on one card over both,
 * serialize on the card's lock, so every point lands in a bucket and every last day is the one the
 * ledger gives.
 */
describe.runIf(testDatabases().includes('postgres'))('Sliding expiration across two service processes on one PostgreSQL', () => {
  let two: TwoProcesses;

  beforeAll(async () => {
    two = await startTwoProcesses(slidingFixture(), 'slide2');
  }, 120_000);
  afterAll(() => two?.close());

  it('keeps every point of 20 visits, 10 app opens and 4 redemptions in parallel, with each last day as the ledger gives it', async () => {
    const { database, headers } = two;
    const post = async (i: number, path: string, body: object) => (await fetch(`${two.addresses[i % 2]}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).status;
    // First points, so the redemptions have something to take.
    expect(await post(0, '/v1/events', { event: 'visit', customer: { source_id: 'alice' } })).toBe(200);
    const statuses = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => post(i, '/v1/events', { event: 'visit', customer: { source_id: 'alice' } })),
      ...Array.from({ length: 10 }, (_, i) => post(i, '/v1/events', { event: 'app_open', customer: { source_id: 'alice' } })),
      ...Array.from({ length: 4 }, (_, i) => post(i, '/v1/loyalties/members/SLIDE-ALICE/redemption', { reward: { id: two.project.ids.rewards.get('Five') } })),
    ]);
    expect(statuses.join(",")).toEqual(statuses.map(() => 200).join(","));
    const [card] = await database.execute<{ id: string; balance: string; slides: boolean }>("SELECT id, balance, slides FROM vouchers WHERE code = 'SLIDE-ALICE'");
    expect({ balance: Number(card.balance), slides: card.slides }).toEqual({ balance: 210 - 20, slides: true });
    const [{ remaining }] = await database.execute<{ remaining: string }>('SELECT coalesce(sum(remaining), 0) AS remaining FROM point_buckets WHERE voucher_id = $1', [card.id]);
    expect(Number(remaining)).toBe(190);
    const days = await slidingDaysOfCard(database, 'SLIDE-ALICE');
    expect(days.length).toBeGreaterThan(0);
    for (const { stored, fromLedger } of days) expect(stored).toBe(fromLedger);
  });
});
