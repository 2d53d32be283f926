import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { earningFixture } from '../../../test/support/earning-fixture';
import { testDatabases } from '../../../test/support/databases';
import { startTestService, type TestService } from '../../../test/support/service';
import { lockCards } from '../db/repositories/loyalty-cards';
import { findVoucherByCode } from '../db/repositories/vouchers';
import { postToCard } from './card-postings';
import { pointsExpiryQueue, pointsExpiryWorker } from '../jobs/points-expiry-worker';
import { startWorkers } from '../jobs/workers';
import { loadFixture } from '../seed/load-fixture';
import { cardsPerTransaction, expireDuePoints } from './expire-points';

describe.each(testDatabases())('Points expiry (%s)', (kind) => {
  let service: TestService;
  const card = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}`)).body.loyalty_card;
  const track = (event: string, metadata: object = {}) => service.call('POST', '/v1/events', { body: { event, customer: 'alice', loyalty: { code: 'FIX-ALICE' }, metadata } });
  const remove = async (points: number) => {
    const row = await findVoucherByCode(service.ctx.db, service.project.projectId, 'FIX-ALICE');
    await service.ctx.cardChanges.transaction(service.ctx.db, async (tx) => {
      const [locked] = await lockCards(tx, [row!.id]);
      await postToCard(tx, locked, { type: 'POINTS_REMOVAL', points, reason: 'spent', source: 'API' }, service.clock.now());
    });
  };

  beforeAll(async () => {
    service = await startTestService(kind, earningFixture());
  });
  afterAll(() => service.close());

  it('expires due points as POINTS_EXPIRATION, the soonest-expiring spent first, never twice, keeping the identity', async () => {
    service.clock.set('2026-01-15T10:00:00.000Z');
    await track('short_lived'); // 7 points, last day 2026-01-16
    service.clock.set('2026-01-15T11:00:00.000Z');
    await track('app_review', { rating: 5 }); // 10 points, never expire
    service.clock.set('2026-01-16T09:00:00.000Z');
    await track('short_lived'); // 7 points, last day 2026-01-17
    expect(await card('FIX-ALICE')).toMatchObject({ points: 24, balance: 24, next_expiration_date: '2026-01-16', next_expiration_points: 7 });

    // Spending 9 takes the points that expire soonest: all 7 due 16 Jan and 2 of the 7 due 17 Jan;
    // the review's 10, which never expire, stay whole.
    await remove(9);
    expect(await card('FIX-ALICE')).toMatchObject({ balance: 15, subtracted_points: 9, next_expiration_date: '2026-01-17', next_expiration_points: 5 });

    expect(await expireDuePoints(service.ctx, new Date('2026-01-17T23:59:59.999Z'))).toEqual({ cards: 0, points: 0, transactions: 0 });
    expect(await expireDuePoints(service.ctx, new Date('2026-01-18T00:00:00.000Z'))).toEqual({ cards: 1, points: 5, transactions: 1 });
    const after = await card('FIX-ALICE');
    expect(after).toMatchObject({ points: 24, balance: 10, expired_points: 5, subtracted_points: 9 });
    expect(after.next_expiration_date).toBeUndefined();
    expect(after.balance).toBe(after.points - after.expired_points - after.subtracted_points);

    const [expiry] = (await service.call('GET', '/v1/loyalties/members/FIX-ALICE/transactions?limit=1')).body.data;
    expect(expiry).toMatchObject({
      type: 'POINTS_EXPIRATION',
      source: 'Automation',
      reason: 'Points expired after 2026-01-17',
      details: { balance: { points: -5, balance: 10, total: 24 }, points_expiration: { expiration_date: '2026-01-17', points: 5 } },
    });

    // A second run, later, finds nothing more to expire.
    expect(await expireDuePoints(service.ctx, new Date('2026-03-01T00:00:00.000Z'))).toEqual({ cards: 0, points: 0, transactions: 0 });
  });

  it('expires several cards and days in one run, one transaction per card and day', async () => {
    const bob = () => service.call('POST', '/v1/events', { body: { event: 'short_lived', customer: 'bob' } });
    service.clock.set('2026-04-01T10:00:00.000Z');
    await bob();
    await track('short_lived');
    service.clock.set('2026-04-02T10:00:00.000Z');
    await bob();
    const run = await expireDuePoints(service.ctx, new Date('2026-04-10T00:00:00.000Z'), 1);
    expect(run).toEqual({ cards: 2, points: 21, transactions: 3 });
    expect((await card('FIX-BOB')).expired_points).toBe(14);
  });

  it('rests after each transaction the given fraction of its time (the hourly run), and only then', async () => {
    const codes = ['REST-1', 'REST-2', 'REST-3'];
    const other = await loadFixture(service.database, {
      project: { name: 'resting' },
      api_keys: [{ name: 'k' }],
      customers: codes.map((code) => ({ source_id: code })),
      campaigns: [{ name: 'Rest Club', type: 'STATIC', cards: codes.map((code) => ({ code, holder: code })) }],
    });
    const due = async (expiresOn: string) => {
      for (const code of codes) {
        const row = await findVoucherByCode(service.ctx.db, other.projectId, code);
        await service.ctx.cardChanges.transaction(service.ctx.db, async (tx) => {
          const [locked] = await lockCards(tx, [row!.id]);
          await postToCard(tx, locked, { type: 'POINTS_ADDITION', points: 5, reason: 'due', source: 'API', buckets: [{ points: 5, expiresOn }] }, new Date('2026-05-01T10:00:00.000Z'));
        });
      }
    };
    // The job's own waits: timers set while it runs for a fraction of a millisecond's multiple (a
    // transaction's measured time × the rest); the service's other timers (polls, flushes) are whole milliseconds.
    const restsDuring = async (now: string, rest: number) => {
      const timers = vi.spyOn(globalThis, 'setTimeout');
      try {
        const run = await expireDuePoints(service.ctx, new Date(now), 1, other.projectId, rest);
        expect(run.cards).toBe(3);
        return timers.mock.calls.filter(([, delay]) => typeof delay === 'number' && delay > 0 && !Number.isInteger(delay)).length;
      } finally {
        timers.mockRestore();
      }
    };
    await due('2026-05-10');
    const resting = await restsDuring('2026-05-11T00:00:00.000Z', 0.5);
    await due('2026-05-20');
    const notResting = await restsDuring('2026-05-21T00:00:00.000Z', 0);
    expect(resting).toBeGreaterThanOrEqual(3);
    expect(notResting).toBe(0);
  });

  it('expires more cards than one transaction locks, each once, with points earned meanwhile kept, the ledger exact', async () => {
    // A project of its own: 2.5 transactions' worth of cards, each with 10 points due on 1 June and 3 that never expire.
    const count = Math.floor(cardsPerTransaction * 2.5);
    const codes = Array.from({ length: count }, (_, i) => `BATCH-${i}`);
    const other = await loadFixture(service.database, {
      project: { name: 'batches' },
      api_keys: [{ name: 'k' }],
      customers: codes.map((code) => ({ source_id: code })),
      campaigns: [{ name: 'Batch Club', type: 'STATIC', cards: codes.map((code) => ({ code, holder: code })) }],
    });
    const at = new Date('2026-05-30T10:00:00.000Z');
    for (const code of codes) {
      const row = await findVoucherByCode(service.ctx.db, other.projectId, code);
      await service.ctx.cardChanges.transaction(service.ctx.db, async (tx) => {
        let [locked] = await lockCards(tx, [row!.id]);
        locked = (await postToCard(tx, locked, { type: 'POINTS_ADDITION', points: 10, reason: 'due', source: 'API', buckets: [{ points: 10, expiresOn: '2026-06-01' }] }, at)).card;
        await postToCard(tx, locked, { type: 'POINTS_ADDITION', points: 3, reason: 'kept', source: 'API' }, at);
      });
    }
    // Batches of 7 cards to find, so the walk of the due day takes several pages too.
    const run = await expireDuePoints(service.ctx, new Date('2026-06-02T00:00:00.000Z'), 7, other.projectId);
    expect(run).toEqual({ cards: count, points: count * 10, transactions: count });
    const ledger = await service.database.execute<{ cards: number; expirations: number; off: number }>(
      `SELECT count(*)::int AS cards,
              (SELECT count(*)::int FROM card_transactions t WHERE t.project_id = $1 AND t.type = 'POINTS_EXPIRATION') AS expirations,
              count(*) FILTER (WHERE v.balance <> 3 OR v.expired_points <> 10
                OR v.balance <> (SELECT sum(amount) FROM card_transactions t WHERE t.voucher_id = v.id)
                OR v.balance <> (SELECT sum(remaining) FROM point_buckets b WHERE b.voucher_id = v.id)
                OR v.balance <> (SELECT t.balance FROM card_transactions t WHERE t.voucher_id = v.id ORDER BY t.seq DESC LIMIT 1))::int AS off
       FROM vouchers v WHERE v.project_id = $1`,
      [other.projectId],
    );
    expect(ledger).toEqual([{ cards: count, expirations: count, off: 0 }]);
    expect(await expireDuePoints(service.ctx, new Date('2026-06-03T00:00:00.000Z'), 7, other.projectId)).toEqual({ cards: 0, points: 0, transactions: 0 });
  });

  it.skipIf(kind === 'pglite')('waits for a card another writer holds, then expires only what that writer left in the due bucket', async () => {
    const other = await loadFixture(service.database, {
      project: { name: 'held' },
      api_keys: [{ name: 'k' }],
      customers: [{ source_id: 'held' }],
      campaigns: [{ name: 'Held Club', type: 'STATIC', cards: [{ code: 'HELD-1', holder: 'held' }] }],
    });
    const row = await findVoucherByCode(service.ctx.db, other.projectId, 'HELD-1');
    await service.ctx.cardChanges.transaction(service.ctx.db, async (tx) => {
      let [locked] = await lockCards(tx, [row!.id]);
      locked = (await postToCard(tx, locked, { type: 'POINTS_ADDITION', points: 10, reason: 'due', source: 'API', buckets: [{ points: 10, expiresOn: '2026-07-01' }] }, new Date('2026-06-30T10:00:00.000Z'))).card;
      await postToCard(tx, locked, { type: 'POINTS_ADDITION', points: 3, reason: 'kept', source: 'API' }, new Date('2026-06-30T10:00:00.000Z'));
    });
    // A spend holds the card while the job starts: the job reads the due bucket (10) before the spend
    // commits, waits for the card, and must then see the 6 the spend left, not the 10 it first read.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let spendLocked = () => {};
    const spending = new Promise<void>((resolve) => (spendLocked = resolve));
    const spend = service.ctx.cardChanges.transaction(service.ctx.db, async (tx) => {
      const [locked] = await lockCards(tx, [row!.id]);
      await postToCard(tx, locked, { type: 'POINTS_REMOVAL', points: 4, reason: 'spent', source: 'API' }, new Date('2026-07-02T00:00:01.000Z'));
      spendLocked();
      await held;
    });
    await spending;
    const job = expireDuePoints(service.ctx, new Date('2026-07-02T00:00:02.000Z'), undefined, other.projectId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await spend;
    expect(await job).toEqual({ cards: 1, points: 6, transactions: 1 });
    const [ledger] = await service.database.execute<{ balance: number; expired: number; buckets: number; transactions: number }>(
      `SELECT v.balance::int AS balance, v.expired_points::int AS expired,
              (SELECT sum(remaining)::int FROM point_buckets b WHERE b.voucher_id = v.id) AS buckets,
              (SELECT sum(amount)::int FROM card_transactions t WHERE t.voucher_id = v.id) AS transactions
       FROM vouchers v WHERE v.id = $1`,
      [row!.id],
    );
    expect(ledger).toEqual({ balance: 3, expired: 6, buckets: 3, transactions: 3 });
  });

  it('runs as an hourly pg-boss job on the service database', async () => {
    const workers = await startWorkers(service.ctx, { registrations: [pointsExpiryWorker], pollingIntervalSeconds: 0.5 });
    try {
      expect(await workers.boss.getSchedules()).toEqual([expect.objectContaining({ name: pointsExpiryQueue.name, cron: '5 * * * *' })]);
      service.clock.set('2026-05-01T10:00:00.000Z');
      await track('short_lived');
      const before = await card('FIX-ALICE');
      service.clock.set('2026-05-03T00:05:00.000Z');
      const jobId = await workers.boss.send(pointsExpiryQueue.name, {});
      let state: string | undefined;
      const deadline = Date.now() + 30_000;
      while (state !== 'completed' && state !== 'failed' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        state = (await workers.boss.getJobById(pointsExpiryQueue.name, jobId as string))?.state;
      }
      expect(state).toBe('completed');
      expect(await card('FIX-ALICE')).toMatchObject({ balance: before.balance - 7, expired_points: before.expired_points + 7 });
    } finally {
      await workers.stop();
    }
  });
});
