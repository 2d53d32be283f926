import { eq } from 'drizzle-orm';
import type { PointsExpiration } from '../../../contract/earning-rule';
import { campaigns, cardTransactions, pointBuckets, vouchers } from '../../../platform/db/schema';
import { applyTakes, lockOpenBuckets } from '../../db/repositories/point-buckets';
import { applyTransaction, signedAmount, totalsOf } from '../../domain/card-ledger';
import { takeSoonestExpiring } from '../../domain/point-buckets';
import { expirationDateOf } from '../../domain/points-expiration';
import { newId } from '../../../platform/ids';
import type { Fixture } from '../fixture-schema';
import { FixtureError, type SeedContext } from '../seed-context';

/**
 * Card history: each transaction moves the card's totals exactly as the engine would, and points
 * added keep the program's expiry rule (its `points_expiration`, from the transaction's date), as
 * the engine's would: a demo program whose points last 12 months shows them expiring.
 */
export async function loadTransactions(seed: SeedContext, list: Fixture['transactions']): Promise<void> {
  const expiryRules = new Map<string, PointsExpiration | null>();
  async function expiryRuleOf(campaignId: string): Promise<PointsExpiration | null> {
    if (!expiryRules.has(campaignId)) {
      const [campaign] = await seed.tx.select({ pointsExpiration: campaigns.pointsExpiration }).from(campaigns).where(eq(campaigns.id, campaignId));
      expiryRules.set(campaignId, (campaign?.pointsExpiration as PointsExpiration | null) ?? null);
    }
    return expiryRules.get(campaignId) ?? null;
  }
  for (const t of list) {
    const card = seed.refs.cards.get(t.card);
    if (!card) throw new FixtureError(`transaction: unknown card '${t.card}'`);
    const [row] = await seed.tx.select().from(vouchers).where(eq(vouchers.id, card.id));
    const amount = signedAmount(t.type, t.amount);
    const totals = applyTransaction(totalsOf(row), t.type, amount);
    const createdAt = t.created_at ? new Date(t.created_at) : seed.now;
    const id = t.id ?? newId('vtx');
    await seed.tx.update(vouchers).set({ ...totals, updatedAt: createdAt }).where(eq(vouchers.id, card.id));
    await seed.tx.insert(cardTransactions).values({
      id,
      projectId: seed.projectId,
      voucherId: card.id,
      campaignId: card.campaignId,
      type: t.type,
      sourceId: t.source_id ?? null,
      reason: t.reason ?? null,
      source: 'API',
      amount,
      balance: totals.balance,
      details: t.details ?? { balance: { type: 'loyalty_card', total: totals.points, points: amount, balance: totals.balance, object: 'balance' } },
      createdAt,
    });
    if (amount < 0) {
      // Spent points leave the buckets that expire soonest, as in the engine, so expiry never takes them again.
      try {
        await applyTakes(seed.tx, takeSoonestExpiring(await lockOpenBuckets(seed.tx, card.id), -amount));
      } catch (error) {
        if (error instanceof RangeError) throw new FixtureError(`transaction on card '${t.card}': takes ${-amount} points but the card holds ${row.balance}`);
        throw error;
      }
    }
    if (amount > 0) {
      await seed.tx.insert(pointBuckets).values({ id: newId('lopb'), projectId: seed.projectId, voucherId: card.id, transactionId: id, points: amount, remaining: amount, expiresOn: expirationDateOf(await expiryRuleOf(card.campaignId), createdAt), createdAt });
    }
  }
}
