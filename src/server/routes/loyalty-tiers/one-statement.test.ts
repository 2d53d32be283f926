import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { startTestService, type TestService } from '../../../../test/support/service';
import { tierFixture } from '../../../../test/support/tier-fixture';
import { cardTransactions, memberTierChanges, memberTiers, vouchers } from '../../../platform/db/schema';
import type { CardChange } from '../../services/card-changes';
import { tiersOfCampaign } from '../../db/repositories/loyalty-tiers';
import { cardVersion, ledgerSince, tierHistoryStart } from '../../db/repositories/member-tiers';
import { foldTier, initialTierState, type TierState } from '../../domain/tier-engine';
import { tierPolicyOf } from '../../domain/tier-policy';
import { tierRanges } from '../../services/member-tiers';

/**
 * Members of a tiered program earn from events on the one-statement path (event-accruals.ts) while
 * the earning cannot change their tier: the statement checks their tier row under the card's lock
 * and folds the earning into it. Balance Club: Silver 100–499, Gold 500+ (2× on Purchase).
 */
describe.each(testDatabases())('Tiered members on the one-statement event path (%s)', (kind) => {
  let service: TestService;
  const changes: CardChange[] = [];
  const purchase = async (amount: number) => {
    const res = await service.call('POST', '/v1/events', { body: { event: 'purchase', customer: { source_id: 'alice' }, metadata: { amount } } });
    expect(res.status).toBe(200);
    await service.ctx.cardChanges.settled();
    return changes.filter((c) => c.cardId === card.id).at(-1) as CardChange;
  };
  let card: typeof vouchers.$inferSelect;
  const row = async () => (await service.database.db.select().from(memberTiers).where(eq(memberTiers.voucherId, card.id)))[0];

  beforeAll(async () => {
    service = await startTestService(kind, tierFixture());
    service.clock.set('2026-05-04T09:00:00.000Z');
    service.ctx.cardChanges.subscribe((committed) => void changes.push(...committed));
    [card] = await service.database.db.select().from(vouchers).where(eq(vouchers.code, 'BAL-ALICE'));
  });
  afterAll(() => service.close());

  it('folds earnings that stay in the tier in their own statement; the one that reaches the next tier takes the transaction', async () => {
    // No tier row yet: the transaction, which catches the tier up under the card's lock; the announcement then folds the accrual.
    expect((await purchase(150)).tierFolded).toBeUndefined();
    expect(await row()).toMatchObject({ headroom: 349, tiersSeen: 2 });
    service.clock.advance(60_000);
    // Room left in Silver (499 − 150): one statement, its tier row folded with it.
    const folded = await purchase(10);
    expect(folded.tierFolded).toBe(true);
    const [latest] = await service.database.db.select().from(cardTransactions).where(eq(cardTransactions.id, folded.transactionId as string));
    expect(latest.details).toMatchObject({ holder_loyalty_tier: { name: 'Silver' } });
    expect(await row()).toMatchObject({ lastSeq: Number(latest.seq), headroom: 339 });
    // Exactly the room left: still one statement. One point more would leave Silver: the transaction.
    expect((await purchase(339)).tierFolded).toBe(true);
    expect((await purchase(1)).tierFolded).toBeUndefined();
    expect((await service.call('GET', '/v1/loyalties/members/BAL-ALICE/tiers')).body.data[0].name).toBe('Gold');
    // Gold has no upper end: one statement again, at Gold's 2×.
    const gold = await purchase(10);
    expect(gold).toMatchObject({ tierFolded: true, points: 20 });

    // What the statements stored is the ledger folded in one go, and the changes are the fold's.
    const db = service.database.db;
    const stored = await row();
    const policy = tierPolicyOf(null);
    const whole = foldTier(initialTierState(((await tierHistoryStart(db, card.id)) as Date).getTime(), policy), policy, tierRanges(await tiersOfCampaign(db, card.campaignId)), await ledgerSince(db, card.id, 0), (stored.state as unknown as TierState).asOf);
    expect(stored.state).toEqual(whole.state);
    const recorded = await db.select().from(memberTierChanges).where(eq(memberTierChanges.voucherId, card.id)).orderBy(memberTierChanges.seq);
    expect(recorded.map((c) => [c.type, c.createdAt.getTime()])).toEqual(whole.changes.map((c) => [c.type, c.at]));
    expect(recorded.map((c) => c.type)).toEqual(['joined', 'upgraded']);
    // A read catches up and finds nothing to do.
    await service.call('GET', '/v1/loyalties/members/BAL-ALICE/tiers');
    expect((await row()).updatedAt).toEqual(stored.updatedAt);
  });

  it('a change the tier row has not folded yet (points added by hand, not yet caught up) sends the event to the transaction', async () => {
    // The card changes without its tier row following: the row's card version no longer matches.
    await service.database.db.update(vouchers).set({ metadata: { touched: true } }).where(eq(vouchers.id, card.id));
    expect((await purchase(10)).tierFolded).toBeUndefined();
    expect((await purchase(10)).tierFolded).toBe(true);
  });

  it('a catch-up in a transaction that changed the card itself records no card version (a posting may follow it in that transaction)', async () => {
    const db = service.database.db;
    const outside = await cardVersion(db, card.id);
    expect(outside).toMatch(/^\d+$/);
    await db.transaction(async (tx) => {
      expect(await cardVersion(tx, card.id)).toBe(outside);
      await tx.update(vouchers).set({ metadata: { touched: 2 } }).where(eq(vouchers.id, card.id));
      expect(await cardVersion(tx, card.id)).toBeNull();
    });
  });
});
