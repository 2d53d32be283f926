import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';
import { startTwoProcesses, type TwoProcesses } from '../../../../test/support/two-processes';
import type { Database } from '../../../platform/db/client';

/**
 * List Members' `total` comes from counts the triggers on `vouchers` keep (migration 0023), not
 * from counting a program's cards on every page. Whatever writes cards (a program made with its
 * cards, Add Member taking a free card or making one, deleting a program, erasing a customer, a
 * reset, a restore, two processes enrolling at once), the kept counts equal the cards counted.
 */
async function countsDrift(database: Database): Promise<unknown[]> {
  return database.execute(
    `SELECT coalesce(v.campaign_id, k.campaign_id) AS campaign_id, v.cards AS counted_cards, k.cards AS kept_cards, v.held AS counted_held, k.held AS kept_held
     FROM (SELECT campaign_id, count(*)::int AS cards, count(holder_id)::int AS held FROM vouchers GROUP BY campaign_id) v
     FULL JOIN (SELECT campaign_id, sum(cards)::int AS cards, sum(held)::int AS held FROM campaign_card_counts GROUP BY campaign_id) k ON k.campaign_id = v.campaign_id
     WHERE v.cards IS DISTINCT FROM k.cards AND (v.cards IS NOT NULL OR k.cards <> 0) OR v.held IS DISTINCT FROM k.held AND (v.held IS NOT NULL OR k.held <> 0)`,
  );
}

describe.each(testDatabases())('List Members total from kept counts (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const totals = async (campaign: string) => {
    const get = async (query: string) => {
      const res = await service.call('GET', `/v1/loyalties/${campaign}/members?limit=1${query}`);
      expect(res.status).toBe(200);
      return res.body.total as number;
    };
    return { all: await get(''), held: await get('&published=true'), free: await get('&published=false') };
  };
  const counted = async (campaign: string) => {
    const [row] = await service.database.execute<{ all: number; held: number }>('SELECT count(*)::int AS all, count(holder_id)::int AS held FROM vouchers WHERE campaign_id = $1', [campaign]);
    return { all: row.all, held: row.held, free: row.all - row.held };
  };

  beforeAll(async () => {
    service = await startTestService(kind, spendFixture(), undefined, { localControl: 'on' });
    service.clock.set('2026-05-10T12:00:00.000Z');
  });
  afterAll(() => service.close());

  it('counts the fixture’s cards, then every Add Member, whether it takes a free card or makes one', async () => {
    expect(await countsDrift(service.database)).toEqual([]);
    const enroll = async (campaign: string, n: number, prefix: string) => {
      for (let i = 0; i < n; i++) expect((await service.call('POST', `/v1/loyalties/${campaign}/members`, { body: { customer: { source_id: `${prefix}-${i}` } } })).status).toBe(200);
    };
    // Fixed Club hands out its free cards; Auto Club makes a card per member.
    const [fixedBefore, autoBefore] = [await totals(fixed()), await totals(auto())];
    expect(fixedBefore).toEqual(await counted(fixed()));
    expect(fixedBefore.free).toBeGreaterThanOrEqual(2);
    await enroll(fixed(), 2, 'total');
    await enroll(auto(), 4, 'auto-total');
    const [fixedAfter, autoAfter] = [await totals(fixed()), await totals(auto())];
    expect(fixedAfter).toEqual({ all: fixedBefore.all, held: fixedBefore.held + 2, free: fixedBefore.free - 2 });
    // Auto Club's own free cards go first, then it makes new ones.
    expect(autoAfter).toEqual({ all: autoBefore.all + 4 - autoBefore.free, held: autoBefore.held + 4, free: 0 });
    expect(await countsDrift(service.database)).toEqual([]);
  });

  it('counts a program made with its cards, its members, and nothing once it is deleted', async () => {
    const program = await service.call('POST', '/v1/loyalties', { body: { name: 'Counted Club', vouchers_count: 25, voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 } } } });
    expect(program.status).toBe(200);
    expect(await totals(program.body.id)).toEqual({ all: 25, held: 0, free: 25 });
    expect((await service.call('POST', `/v1/loyalties/${program.body.id}/members`, { body: { customer: { source_id: 'counted-1' } } })).status).toBe(200);
    expect(await totals(program.body.id)).toEqual({ all: 25, held: 1, free: 24 });
    // No route deletes a card but not its program (whose counts go with it): a free card deleted by hand, as a later writer might.
    await service.database.execute('DELETE FROM vouchers WHERE id = (SELECT id FROM vouchers WHERE campaign_id = $1 AND holder_id IS NULL LIMIT 1)', [program.body.id]);
    expect(await totals(program.body.id)).toEqual({ all: 24, held: 1, free: 23 });
    expect((await service.call('DELETE', `/v1/loyalties/${program.body.id}?force=true`)).status).toBe(200);
    expect(await countsDrift(service.database)).toEqual([]);
    expect((await service.database.execute('SELECT 1 FROM campaign_card_counts WHERE campaign_id = $1', [program.body.id])).length).toBe(0);
  });

  it('stays true when a holder is erased, and through a snapshot, a reset and a restore', async () => {
    expect((await service.call('POST', '/v1/customers/total-0/permanent-deletion')).status).toBe(200);
    expect(await totals(fixed())).toEqual(await counted(fixed()));
    const snapshot = await service.call('GET', '/_local/snapshot');
    expect(snapshot.status).toBe(200);
    const whenSnapshot = await totals(fixed());
    expect((await service.call('POST', '/_local/reset')).status).toBe(200);
    expect(await countsDrift(service.database)).toEqual([]);
    expect(await totals(fixed())).toEqual(await counted(fixed()));
    expect((await service.call('POST', '/_local/snapshot', { body: snapshot.body })).status).toBe(200);
    expect(await countsDrift(service.database)).toEqual([]);
    expect(await totals(fixed())).toEqual(whenSnapshot);
  });

  it('counts by filter when a filter narrows the cards', async () => {
    const res = await service.call('GET', `/v1/loyalties/${fixed()}/members?limit=1&code=FIX-BOB`);
    expect(res.body.total).toBe(1);
  });
});

describe.runIf(testDatabases().includes('postgres'))('List Members total across two service processes on one PostgreSQL', () => {
  let two: TwoProcesses;

  beforeAll(async () => {
    two = await startTwoProcesses(spendFixture(), 'membertotal');
  }, 120_000);
  afterAll(() => two?.close());

  it('counts 60 members enrolled at once through both processes, exactly', async () => {
    const { database, headers, addresses } = two;
    const auto = two.project.ids.campaigns.get('Auto Club') as string;
    const heldOf = async () => (await database.execute<{ n: number }>('SELECT count(holder_id)::int AS n FROM vouchers WHERE campaign_id = $1', [auto]))[0].n;
    const before = await heldOf();
    const statuses = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const res = await fetch(`${addresses[i % 2]}/v1/loyalties/${auto}/members`, { method: 'POST', headers, body: JSON.stringify({ customer: { source_id: `both-${i}` } }) });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await countsDrift(database)).toEqual([]);
    const listed = await fetch(`${addresses[0]}/v1/loyalties/${auto}/members?limit=1&published=true`, { headers });
    expect(((await listed.json()) as { total: number }).total).toBe(before + 60);
    expect(await heldOf()).toBe(before + 60);
  });
});
