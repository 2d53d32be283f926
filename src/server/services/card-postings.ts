import type { Tx } from '../../platform/db/client';
import { writeCardTransaction, type NewPointBucket } from '../db/repositories/card-posting';
import type { CardTransactionRow } from '../db/repositories/card-transactions';
import { lockOpenBuckets } from '../db/repositories/point-buckets';
import type { VoucherRow } from '../db/repositories/vouchers';
import { applyTransaction, signedAmount, totalsOf, type TransactionType } from '../domain/card-ledger';
import { takeSoonestExpiring, type Take } from '../domain/point-buckets';
import { ApiError } from '../lib/api-error';
import { newId } from '../../platform/ids';

export interface Posting {
  /** The transaction id, when the caller must know it first (to name it from a related transaction); else generated. */
  id?: string;
  type: TransactionType;
  /** How many points move; the sign comes from the type. */
  points: number;
  reason: string | null;
  source: string;
  sourceId?: string | null;
  /** Details besides `balance`, which is always written. */
  details?: Record<string, unknown>;
  /** For points added: how they split by expiry day (default: one bucket that never expires). */
  buckets?: { points: number; expiresOn: string | null }[];
  /** For points taken: which buckets give them (default: the soonest to expire first). */
  takes?: Take[];
  /** The transaction this one caused or was caused by on another card. */
  relatedTransactionId?: string | null;
}

/** The real API's error when a spend or removal asks for more points than the card holds (openapi-spend e_400_loyalty_card_points_exceeded). */
export function pointsExceeded(card: Pick<VoucherRow, 'id' | 'code' | 'balance'>, points: number): ApiError {
  return new ApiError(400, 'loyalty_card_points_exceeded', 'loyalty card points exceeded', `Card ${card.code} has ${card.balance} points, ${points} requested`, {
    id: card.id,
    type: 'voucher',
  });
}

/**
 * Records one transaction on a card the caller has locked (FOR UPDATE), in the caller's database
 * transaction: moves the totals by the ledger identity, adds or takes point buckets, and writes
 * the card transaction with the balance after it. Returns the card as it now is.
 */
export async function postToCard(tx: Tx, card: VoucherRow, posting: Posting, now: Date): Promise<{ card: VoucherRow; transaction: CardTransactionRow }> {
  const amount = signedAmount(posting.type, posting.points);
  const totals = applyTransaction(totalsOf(card), posting.type, amount);
  const id = posting.id ?? newId('vtx');
  const buckets: NewPointBucket[] = [];
  let taken: Take[] = [];
  if (amount < 0) {
    if (totals.balance < 0) throw pointsExceeded(card, posting.points);
    let takes = posting.takes;
    if (!takes) {
      try {
        takes = takeSoonestExpiring(await lockOpenBuckets(tx, card.id), posting.points);
      } catch (error) {
        if (error instanceof RangeError) throw pointsExceeded(card, posting.points);
        throw error;
      }
    }
    taken = takes;
  } else if (amount > 0) {
    for (const bucket of posting.buckets ?? [{ points: amount, expiresOn: null }]) {
      if (bucket.points > 0) buckets.push({ id: newId('lopb'), points: bucket.points, expiresOn: bucket.expiresOn });
    }
  }
  const transaction = await writeCardTransaction(
    tx,
    {
      id,
      projectId: card.projectId,
      voucherId: card.id,
      campaignId: card.campaignId,
      type: posting.type,
      sourceId: posting.sourceId ?? null,
      reason: posting.reason,
      source: posting.source,
      amount,
      balance: totals.balance,
      details: {
        balance: { type: 'loyalty_card', total: totals.points, object: 'balance', points: amount, balance: totals.balance, related_object: { id: card.id, type: 'voucher' } },
        ...posting.details,
      },
      relatedTransactionId: posting.relatedTransactionId ?? null,
      createdAt: now,
    },
    totals,
    buckets,
    taken,
  );
  return { card: { ...card, ...totals, updatedAt: now }, transaction };
}
