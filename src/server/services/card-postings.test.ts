import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../../test/support/databases';
import { spendFixture } from '../../../test/support/spend-fixture';
import type { Database } from '../../platform/db/client';
import { recordRedemptionsIfUnchanged } from '../db/repositories/redemptions-unlocked';
import { lockVoucherByCode, readCardAtVersion, type CardAtVersion } from '../db/repositories/vouchers';
import { loadFixture } from '../seed/load-fixture';
import type { ServiceContext } from '../context';
import { CardChanges } from './card-changes';
import { planPosting, postToCard, postToCardIfUnchanged, type Posting } from './card-postings';

const now = new Date('2026-06-01T12:00:00.000Z');
const removal = (points: number): Posting => ({ type: 'POINTS_REMOVAL', points, reason: 'test', source: 'API' });
const addition = (points: number, expiresOn: string | null): Posting => ({ type: 'POINTS_ADDITION', points, reason: 'test', source: 'API', buckets: [{ points, expiresOn }] });

/** The card's balance, its buckets' sum and how many transactions it has. */
async function ledgerOf(database: Database, code: string) {
  const [row] = await database.execute<{ balance: number; buckets: number; transactions: number }>(
    `SELECT v.balance::int AS balance,
       (SELECT coalesce(sum(remaining), 0)::int FROM point_buckets b WHERE b.voucher_id = v.id) AS buckets,
       (SELECT count(*)::int FROM card_transactions t WHERE t.voucher_id = v.id) AS transactions
     FROM vouchers v WHERE v.code = $1`,
    [code],
  );
  return row;
}

describe.each(testDatabases())('card postings without a lock (%s)', (kind) => {
  let database: Database;
  let projectId: string;
  let rewardId: string;
  // What postToCardIfUnchanged needs of a service context: the database, and where it announces.
  let ctx: ServiceContext;
  const read = async (code: string) => (await readCardAtVersion(database.db, projectId, code, { withBuckets: true })) as CardAtVersion;
  /** A change made meanwhile, the ordinary way: under the card's lock, in a transaction. */
  const changeUnderLock = (code: string, posting: Posting) =>
    new CardChanges().transaction(database.db, async (tx) => postToCard(tx, (await lockVoucherByCode(tx, projectId, code))!, posting, now));

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const project = await loadFixture(database, spendFixture());
    projectId = project.projectId;
    rewardId = project.ids.rewards.get('Free coffee') as string;
    ctx = { db: database.db, cardChanges: new CardChanges() } as ServiceContext;
  });
  afterAll(() => database.close());

  it('writes when the card is as read, taking the points that expire soonest', async () => {
    await changeUnderLock('FIX-DAVE', addition(100, '2026-07-01'));
    const before = await read('FIX-DAVE');
    const posted = await postToCardIfUnchanged(ctx, before, removal(150), now);
    expect(posted?.card.balance).toBe(before.card.balance - 150);
    // The 100 that expire on 2026-07-01 went first, then 50 of the 5,000 that never expire.
    const after = await read('FIX-DAVE');
    expect(after.openBuckets.map((b) => [b.expiresOn, b.remaining])).toEqual([[null, 4950]]);
    expect(await ledgerOf(database, 'FIX-DAVE')).toMatchObject({ balance: 4950, buckets: 4950 });
  });

  it('writes nothing when the card changed after the read, so points read as there are never spent twice', async () => {
    const stale = await read('FIX-CAROL');
    await changeUnderLock('FIX-CAROL', removal(500));
    const ledger = await ledgerOf(database, 'FIX-CAROL');
    // As read, Carol holds 600 and 400 more may go; in fact 100 are left.
    expect(await postToCardIfUnchanged(ctx, stale, removal(400), now)).toBeUndefined();
    expect(await ledgerOf(database, 'FIX-CAROL')).toEqual(ledger);
    // As read, the removal would pass; read again, the ledger refuses it.
    expect(() => planPosting(stale.card, removal(400), now, stale.openBuckets)).not.toThrow();
    const fresh = await read('FIX-CAROL');
    expect(() => planPosting(fresh.card, removal(400), now, fresh.openBuckets)).toThrow(expect.objectContaining({ key: 'loyalty_card_points_exceeded' }));
  });

  it('records a redemption with its transaction only on the card as read, and neither otherwise', async () => {
    const redemption = (id: string, card: CardAtVersion, transactionId: string) => ({
      id,
      voucherId: card.card.id,
      campaignId: card.card.campaignId,
      customerId: card.card.holderId as string,
      rewardId,
      assignmentId: 'a_unused',
      points: 100,
      transactionId,
      orderData: null,
      metadata: null,
      trackingId: null,
      takenFrom: null,
      createdAt: now,
    });
    const spend = (card: CardAtVersion, id: string) => planPosting(card.card, { id, type: 'POINTS_REDEMPTION', points: 100, reason: null, source: 'API' }, now, card.openBuckets);
    const count = async () => (await database.execute<{ n: number }>('SELECT count(*)::int AS n FROM redemptions WHERE id LIKE $1', ['r_unlocked%']))[0].n;

    const stale = await read('FIX-BOB');
    await changeUnderLock('FIX-BOB', addition(1, null));
    const ledger = await ledgerOf(database, 'FIX-BOB');
    const record = (card: CardAtVersion, n: number) => ({ posting: spend(card, `vtx_unlocked${n}`), version: card.version, record: redemption(`r_unlocked${n}`, card, `vtx_unlocked${n}`) });
    expect(await recordRedemptionsIfUnchanged(database.db, [record(stale, 1)])).toEqual([undefined]);
    expect(await ledgerOf(database, 'FIX-BOB')).toEqual(ledger);
    expect(await count()).toBe(0);

    const fresh = await read('FIX-BOB');
    // A second redemption on the same card in one statement is left to the locking path.
    const [written, second] = await recordRedemptionsIfUnchanged(database.db, [record(fresh, 2), record(fresh, 3)]);
    expect(second).toBeUndefined();
    expect(written?.redemption).toMatchObject({ id: 'r_unlocked2', rewardType: 'MATERIAL', points: 100, transactionId: 'vtx_unlocked2' });
    expect(await ledgerOf(database, 'FIX-BOB')).toEqual({ balance: ledger.balance - 100, buckets: ledger.balance - 100, transactions: ledger.transactions + 1 });
    expect(await count()).toBe(1);
  });
});
