import type { DbOrTx } from '../../../platform/db/client';
import { slidingActivityTypes } from '../../../platform/db/schema';
import { plainRows } from '../plain-sql';
import { voucherRows, type VoucherRow } from './vouchers';

/**
 * Records that some rule of the project counts events of these names as activity (sliding
 * expiration's custom activity). Rows are only ever added: points keep the policy they were earned
 * under, whatever later becomes of the rule.
 */
export async function registerSlidingActivityTypes(db: DbOrTx, projectId: string, eventTypes: readonly string[]): Promise<void> {
  if (eventTypes.length === 0) return;
  await db
    .insert(slidingActivityTypes)
    .values([...new Set(eventTypes)].map((eventType) => ({ projectId, eventType })))
    .onConflictDoNothing();
}

const lockText = `SELECT ${voucherRows.columns()} FROM vouchers
  WHERE project_id = $1 AND holder_id = $2 AND EXISTS (SELECT 1 FROM sliding_activity_types s WHERE s.project_id = $1 AND s.event_type = $3)
  ORDER BY id FOR UPDATE`;

/**
 * When some rule counts events named `eventType` as activity: every card the customer holds, locked
 * in id order (as lockCards; taken before any other card of theirs in the transaction, so the
 * engine's locks that follow are already held). Otherwise none, and nothing locked.
 */
export async function lockCardsForActivity(db: DbOrTx, projectId: string, holderId: string, eventType: string): Promise<VoucherRow[]> {
  return (await plainRows(db, lockText, [projectId, holderId, eventType])).map((row) => voucherRows.row(row));
}

const moveText = `WITH x AS (SELECT * FROM jsonb_to_recordset($1::text::jsonb) AS x(id text, voucher_id text, expires_on text)),
  cards AS (UPDATE vouchers v SET updated_at = $2::timestamptz WHERE v.id IN (SELECT voucher_id FROM x) RETURNING v.id)
  UPDATE point_buckets p SET expires_on = x.expires_on FROM x, cards WHERE p.id = x.id AND p.voucher_id = x.voucher_id AND cards.id = x.voucher_id`;

/**
 * Moves the last day of sliding points an activity with no card transaction of its own (a custom
 * event) extends, on cards the caller has locked: the buckets and their cards in one statement, so
 * a card's version (card-posting.ts) changes with its buckets, as with every other bucket change.
 */
export async function moveSlidingExpiry(db: DbOrTx, moves: readonly { id: string; voucherId: string; expiresOn: string }[], at: Date): Promise<void> {
  if (moves.length === 0) return;
  await plainRows(db, moveText, [JSON.stringify(moves.map((m) => ({ id: m.id, voucher_id: m.voucherId, expires_on: m.expiresOn }))), at.toISOString()]);
}
