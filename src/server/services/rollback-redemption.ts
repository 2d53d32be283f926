import type { RedemptionRollback, RollbackRedemptionQuery, RollbackRedemptionRequest } from '../../contract/redemption-rollback';
import { violatedUniqueIndex } from '../../platform/db/errors';
import { newId } from '../../platform/ids';
import type { ServiceContext } from '../context';
import { lockOpenBuckets } from '../db/repositories/point-buckets';
import type { RedemptionRow } from '../db/repositories/redemption-context';
import { findRedemption, insertRollback, returnToStock, rollbackOf } from '../db/repositories/redemption-rollbacks';
import { authorOf } from '../domain/card-change-author';
import { oauthClientId } from '../domain/oauth-client-id';
import { returnsOf, takeBackAddition } from '../domain/redemption-rollback';
import { ApiError, notFound } from '../lib/api-error';
import { pointsExceeded, postToCard } from './card-postings';
import { lockRedemptionCards, viewRollback } from './redemption-reads';

interface Caller {
  projectId: string;
  apiKeyId: string;
  dashboardUser?: string | null;
}

/** The real API's refusal of a second rollback (its error keys: `already_rolled_back`). */
export const alreadyRolledBack = (redemption: Pick<RedemptionRow, 'id'>) =>
  new ApiError(400, 'already_rolled_back', 'Already rolled back', `Redemption ${redemption.id} has already been rolled back`, { id: redemption.id, type: 'redemption' });

/**
 * POST /v1/redemptions/{redemptionId}/rollback: undoes a reward redemption in one transaction under
 * the lock of every card it changed (in id order, as every card writer locks them), so parallel
 * rollbacks of one redemption run one after another and only the first finds it not rolled back
 * (the rollback's unique index holds that too). The points come back as one POINTS_REFUND on the
 * card (its `reason`, details naming the rollback and the redemption, related to the redemption's
 * transaction), into the buckets they were taken from (domain/redemption-rollback.ts); a limited
 * stock gets its item back; a CAMPAIGN reward's points are taken back from the card they went to
 * (POINTS_REMOVAL), refused when that card no longer holds them. Announced as every card change
 * is (card-changes.ts), when the transaction commits.
 */
export async function rollbackRedemption(
  ctx: ServiceContext,
  caller: Caller,
  redemptionId: string,
  query: RollbackRedemptionQuery,
  body: RollbackRedemptionRequest,
): Promise<RedemptionRollback> {
  const { projectId } = caller;
  const found = await findRedemption(ctx.db, projectId, redemptionId);
  if (!found) throw notFound('redemption', redemptionId);
  if (found.rollback) throw alreadyRolledBack(found.redemption);
  const { redemption } = found;
  const reason = query.reason ?? body.reason ?? null;
  const author = authorOf(caller.dashboardUser);
  const now = ctx.clock.now();
  try {
    return await ctx.cardChanges.transaction(ctx.db, async (tx) => {
      const { spent, addition, cards } = await lockRedemptionCards(tx, redemption);
      // Under the cards' lock: a rollback that committed while this one waited is seen now.
      if (await rollbackOf(tx, redemption.id)) throw alreadyRolledBack(redemption);
      const rollbackId = newId('rr');
      const details = { rollback: { id: rollbackId }, redemption: { id: redemption.id }, ...(spent && { reward: (spent.details as { reward?: unknown }).reward }), ...author.details };

      // A CAMPAIGN reward's points first: refused before anything is written when they were spent.
      if (addition) {
        const target = cards.get(addition.voucherId);
        if (target) {
          const open = await lockOpenBuckets(tx, target.id);
          let takes;
          try {
            takes = takeBackAddition(open, addition.id, addition.amount);
          } catch {
            throw pointsExceeded(target, addition.amount);
          }
          const removal = { type: 'POINTS_REMOVAL' as const, points: addition.amount, reason: reason ?? `Rollback of redemption ${redemption.id}`, source: author.source, details, takes, relatedTransactionId: addition.id };
          const after = await postToCard(tx, target, removal, now, open);
          cards.set(target.id, after.card);
        }
      }

      const card = cards.get(redemption.voucherId);
      if (!card) throw notFound('redemption', redemption.id);
      const refund = await postToCard(
        tx,
        card,
        { type: 'POINTS_REFUND', points: redemption.points, reason, source: author.source, details, returns: returnsOf(redemption.takenFrom, redemption.points), relatedTransactionId: redemption.transactionId },
        now,
      );
      await returnToStock(tx, redemption.rewardId, now);
      const rollback = await insertRollback(tx, {
        id: rollbackId,
        projectId,
        redemptionId: redemption.id,
        voucherId: card.id,
        transactionId: refund.transaction.id,
        reason,
        metadata: body.metadata ?? null,
        createdAt: now,
      });
      return viewRollback(ctx, tx, redemption, rollback, oauthClientId(caller.apiKeyId));
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'redemption_rollbacks_once_uq') throw alreadyRolledBack(redemption);
    throw error;
  }
}
