import type { Tx } from '../../platform/db/client';
import type { ServiceContext } from '../context';
import { writeCardTransaction, type CardWrite, type NewCardTransaction, type NewPointBucket } from '../db/repositories/card-posting';
import type { CardTransactionRow } from '../db/repositories/card-transactions';
import { lockOpenBuckets, openSlidingBuckets } from '../db/repositories/point-buckets';
import type { CardAtVersion, VoucherRow } from '../db/repositories/vouchers';
import { applyTransaction, signedAmount, totalsOf, type TransactionType } from '../domain/card-ledger';
import { takeSoonestExpiring, type Bucket, type Take } from '../domain/point-buckets';
import { activityOfTransaction, extensionsFor, type Extension } from '../domain/sliding-expiration';
import type { SlidingExpiration } from '../../contract/earning-rule';
import { ApiError } from '../lib/api-error';
import { newId } from '../../platform/ids';
import { changeOfTransaction, recordCardChange } from './card-changes';

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
  /** For points added: how they split by expiry day and sliding policy (default: one bucket that never expires). */
  buckets?: { points: number; expiresOn: string | null; sliding?: SlidingExpiration | null }[];
  /** For points taken: which buckets give them (default: the soonest to expire first). */
  takes?: Take[];
  /** For points given back (a redemption rolled back): the buckets they return to, instead of new ones. */
  returns?: Take[];
  /** The transaction this one caused or was caused by on another card. */
  relatedTransactionId?: string | null;
  /** For an accrual: the rule that earned it, whose trigger limits count it. */
  earningRuleId?: string;
}

/** The real API's error when a spend or removal asks for more points than the card holds (openapi-spend e_400_loyalty_card_points_exceeded). */
export function pointsExceeded(card: Pick<VoucherRow, 'id' | 'code' | 'balance'>, points: number): ApiError {
  return new ApiError(400, 'loyalty_card_points_exceeded', 'loyalty card points exceeded', `Card ${card.code} has ${card.balance} points, ${points} requested`, {
    id: card.id,
    type: 'voucher',
  });
}

export interface PlannedPosting extends CardWrite {
  /** The card as it is after the transaction. */
  after: VoucherRow;
}

/** Whether a posting takes points from buckets it was not told which of. */
const takesFromBuckets = (posting: Posting) => signedAmount(posting.type, posting.points) < 0 && !posting.takes;

/** Whether the posting is activity that moves the last day of some of the card's points (sliding expiration). */
const slidesBuckets = (card: Pick<VoucherRow, 'slides'>, posting: Posting) => card.slides && activityOfTransaction(posting.type) !== undefined;

/**
 * One transaction on a card as it is now: the totals after it by the ledger identity, the buckets it
 * adds, the points it takes (from `openBuckets`, the card's buckets that hold points, soonest to
 * expire first, unless the posting says which), the last days it moves as the member's activity
 * (sliding expiration: of `openBuckets`, which must then hold the card's sliding buckets), and the
 * transaction row with the balance after it. Refuses (loyalty_card_points_exceeded) to take more
 * than the card holds.
 */
export function planPosting(card: VoucherRow, posting: Posting, now: Date, openBuckets: Bucket[] = []): PlannedPosting {
  const amount = signedAmount(posting.type, posting.points);
  const totals = applyTransaction(totalsOf(card), posting.type, amount);
  const buckets: NewPointBucket[] = [];
  let takes: Take[] = [];
  if (amount < 0) {
    if (totals.balance < 0) throw pointsExceeded(card, posting.points);
    try {
      takes = posting.takes ?? takeSoonestExpiring(openBuckets, posting.points);
    } catch (error) {
      if (error instanceof RangeError) throw pointsExceeded(card, posting.points);
      throw error;
    }
  } else if (amount > 0 && posting.returns) {
    // A take of minus the points puts them back (bucketChanges: remaining − taken).
    takes = posting.returns.map((r) => ({ id: r.id, taken: -r.taken }));
  } else if (amount > 0) {
    for (const bucket of posting.buckets ?? [{ points: amount, expiresOn: null }]) {
      if (bucket.points > 0) buckets.push({ id: newId('lopb'), points: bucket.points, expiresOn: bucket.expiresOn, sliding: bucket.sliding ?? null });
    }
  }
  const taken = new Map(takes.map((t) => [t.id, t.taken]));
  const extensions: Extension[] = slidesBuckets(card, posting) ? extensionsFor(openBuckets, activityOfTransaction(posting.type), now, taken) : [];
  const transaction: NewCardTransaction = {
    id: posting.id ?? newId('vtx'),
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
    earningRuleId: posting.earningRuleId ?? null,
    createdAt: now,
  };
  const slides = card.slides || buckets.some((b) => b.sliding);
  return { transaction, totals, buckets, takes, extensions, after: { ...card, ...totals, slides, updatedAt: now } };
}

/**
 * Records one transaction on a card the caller has locked (FOR UPDATE), in the caller's database
 * transaction: moves the totals by the ledger identity, adds or takes point buckets (locking them),
 * moves the last day of the card's sliding points when it is the member's activity, and writes the
 * card transaction with the balance after it. `open`: the card's open buckets when the caller read
 * them under the lock already. Returns the card as it now is and the last days moved.
 */
export async function postToCard(tx: Tx, card: VoucherRow, posting: Posting, now: Date, open?: Bucket[]): Promise<{ card: VoucherRow; transaction: CardTransactionRow; extensions: Extension[] }> {
  // A refusal needs no buckets: the totals alone show the card holds too little.
  const short = takesFromBuckets(posting) && card.balance < posting.points;
  const buckets = open ?? (takesFromBuckets(posting) && !short ? await lockOpenBuckets(tx, card.id) : slidesBuckets(card, posting) ? await openSlidingBuckets(tx, [card.id]) : []);
  const planned = planPosting(card, posting, now, buckets);
  const transaction = (await writeCardTransaction(tx, planned)) as CardTransactionRow;
  recordCardChange(changeOfTransaction(transaction));
  return { card: planned.after, transaction, extensions: planned.extensions };
}

/**
 * The same transaction on a card read without a lock (readCardAtVersion), in one statement that
 * commits on its own: written only if the card is still at the version read, else undefined and
 * nothing written (the caller then takes the locking path).
 */
export async function postToCardIfUnchanged(ctx: ServiceContext, read: CardAtVersion, posting: Posting, now: Date): Promise<{ card: VoucherRow; transaction: CardTransactionRow } | undefined> {
  const planned = planPosting(read.card, posting, now, read.openBuckets);
  const transaction = await writeCardTransaction(ctx.db, planned, read.version);
  if (transaction) ctx.cardChanges.committed([changeOfTransaction(transaction)]);
  return transaction && { card: planned.after, transaction };
}
