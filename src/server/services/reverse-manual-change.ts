import type { CardTransaction } from '../../contract/card-transaction';
import type { PointsExpiration } from '../../contract/earning-rule';
import type { ReverseTransactionRequest } from '../../contract/card-transaction-reversal';
import { violatedUniqueIndex } from '../../platform/db/errors';
import type { ServiceContext } from '../context';
import { findCardTransaction, reversalOfTransaction } from '../db/repositories/card-transactions';
import { lockOpenBuckets } from '../db/repositories/point-buckets';
import { addedPointsExpiry } from '../domain/added-points-expiry';
import { authorOf } from '../domain/card-change-author';
import { reversalOf } from '../domain/manual-change-reversal';
import { takeBackAddition } from '../domain/redemption-rollback';
import { ApiError, notFound } from '../lib/api-error';
import { presentCardTransaction } from '../presenters/card-transaction';
import { pointsExceeded, postToCard, type Posting } from './card-postings';
import { memberCard, requireHolder } from './member-cards';

const notReversible = (id: string, type: string) =>
  new ApiError(400, 'not_reversible', 'Transaction not reversible', `Transaction ${id} (${type}) is no points addition or removal made by hand; only those can be reversed`, { id, type: 'loyalty_card_transaction' });
const alreadyReversed = (id: string) => new ApiError(400, 'already_reversed', 'Already reversed', `Transaction ${id} has already been reversed`, { id, type: 'loyalty_card_transaction' });

/**
 * Undoes a points addition or removal made by hand, in one transaction under the card's lock: a
 * new transaction of the opposite type for the same points (an addition's points taken back from
 * its own bucket first; a removal's points back in a bucket expiring by the program's rules), with
 * the reason, naming the original (`related_transaction_id`, `details.reversal_of`). Once: the
 * check runs under the lock, and a unique index on reversals holds it whatever runs in parallel.
 * Announced as every card change is.
 */
export async function reverseManualChange(ctx: ServiceContext, caller: { projectId: string; dashboardUser?: string | null }, code: string, transactionId: string, body: ReverseTransactionRequest): Promise<CardTransaction> {
  const { projectId } = caller;
  const author = authorOf(caller.dashboardUser);
  const now = ctx.clock.now();
  try {
    return await ctx.cardChanges.transaction(ctx.db, async (tx) => {
      const { card, campaign } = await memberCard(tx, projectId, code, undefined, { lock: true });
      requireHolder(card);
      const original = await findCardTransaction(tx, card.id, transactionId);
      if (!original) throw notFound('loyalty_card_transaction', transactionId);
      const reversal = reversalOf(original);
      if (!reversal) throw notReversible(original.id, original.type);
      if (await reversalOfTransaction(tx, original.id)) throw alreadyReversed(original.id);
      const posting: Posting = {
        type: reversal.type,
        points: reversal.points,
        reason: body.reason,
        source: author.source,
        details: { reversal_of: { id: original.id, type: original.type }, ...author.details },
        relatedTransactionId: original.id,
      };
      let open;
      if (reversal.type === 'POINTS_REMOVAL') {
        open = await lockOpenBuckets(tx, card.id);
        try {
          posting.takes = takeBackAddition(open, original.id, reversal.points);
        } catch {
          throw pointsExceeded(card, reversal.points);
        }
      } else {
        const expiry = addedPointsExpiry({}, campaign.pointsExpiration as PointsExpiration | null, now);
        posting.buckets = [{ points: reversal.points, expiresOn: expiry.ok ? expiry.expiresOn : null }];
      }
      const { transaction } = await postToCard(tx, card, posting, now, open);
      return presentCardTransaction(transaction);
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'card_transactions_reversal_uq') throw alreadyReversed(transactionId);
    throw error;
  }
}
