import type { z } from 'zod';
import type { Records, RecordRow } from './schema';

/** A whole number of the document (zod checked it is one), or the column's default 0 when left out. */
function whole(value: unknown): bigint {
  return typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : 0n;
}

/** Sum of `column` over rows per card (`voucher_id`), rows not counted by `counts` left out. */
function sumsByCard(rows: RecordRow[] | undefined, column: string, counts: (row: RecordRow) => boolean = () => true): Map<unknown, bigint> {
  const sums = new Map<unknown, bigint>();
  for (const row of rows ?? []) if (counts(row)) sums.set(row.voucher_id, (sums.get(row.voucher_id) ?? 0n) + whole(row[column]));
  return sums;
}

/**
 * What the service's writes keep true of every card, held to a document's records as the fixture's
 * history section holds its transactions to it: a card's `balance` is the sum of its transactions'
 * amounts and of its point buckets' `remaining`, and never negative; its `pending_points` is the sum
 * of its PENDING pending points, never negative; a bucket holds between 0 and its points. A
 * restored card that broke them would answer one balance and spend or expire another. Issues name
 * the card's field, with the figures that contradict it.
 */
export function checkCardTotals(records: Records, ctx: z.RefinementCtx): void {
  const ledgers = sumsByCard(records.card_transactions, 'amount');
  const buckets = sumsByCard(records.point_buckets, 'remaining');
  const pending = sumsByCard(records.pending_points, 'points', (row) => (row.status ?? 'PENDING') === 'PENDING');
  (records.vouchers ?? []).forEach((card, i) => {
    const balance = whole(card.balance);
    const ledger = ledgers.get(card.id) ?? 0n;
    const held = buckets.get(card.id) ?? 0n;
    const issue = (column: string, message: string) => ctx.addIssue({ code: 'custom', path: ['records', 'vouchers', i, column], message });
    if (balance !== ledger) issue('balance', `is ${balance} but the card's transactions sum to ${ledger}`);
    else if (balance !== held) issue('balance', `is ${balance} but the card's point buckets hold ${held}`);
    else if (balance < 0n) issue('balance', `is ${balance}: a card's balance is never negative`);
    const pendingPoints = whole(card.pending_points);
    const pendingHeld = pending.get(card.id) ?? 0n;
    if (pendingPoints !== pendingHeld) issue('pending_points', `is ${pendingPoints} but the card's PENDING pending points sum to ${pendingHeld}`);
    else if (pendingPoints < 0n) issue('pending_points', `is ${pendingPoints}: a card's pending points are never negative`);
  });
  (records.point_buckets ?? []).forEach((bucket, i) => {
    const remaining = whole(bucket.remaining);
    if (remaining < 0n || remaining > whole(bucket.points)) {
      ctx.addIssue({ code: 'custom', path: ['records', 'point_buckets', i, 'remaining'], message: `is ${remaining}: a bucket holds between 0 and its ${whole(bucket.points)} points` });
    }
  });
}
