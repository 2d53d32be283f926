import type { DbOrTx } from '../../../platform/db/client';
import { plainRows } from '../plain-sql';

// A rule's triggers on a card are its accruals there, each naming its rule (earning_rule_id), and
// the points it held pending there (pending_points, whatever became of them): the history is the
// ledger itself, found by card_transactions_rule_idx and pending_points_rule_idx. Only what
// happened by `now` ($4) counts: a project clock moved back leaves no trigger in the future.
// Without a window ($3 null) the FILTER matches nothing: no frequency limit to count for.
const text = `SELECT max(at), count(*) FILTER (WHERE at >= $3::timestamptz)::int FROM (
    SELECT created_at AS at FROM card_transactions WHERE earning_rule_id = $1 AND voucher_id = $2 AND created_at <= $4::timestamptz
    UNION ALL
    SELECT created_at FROM pending_points WHERE earning_rule_id = $1 AND voucher_id = $2 AND created_at <= $4::timestamptz) h`;

/** When the rule last earned on the card, and how often since `since` (the frequency window start), by `now`, in one query. */
export async function triggerHistory(db: DbOrTx, ruleId: string, voucherId: string, since: Date | null, now: Date): Promise<{ lastTriggeredAt: Date | null; triggersInWindow: number }> {
  const [[last, inWindow]] = await plainRows(db, text, [ruleId, voucherId, since ? since.toISOString() : null, now.toISOString()]);
  return { lastTriggeredAt: last ? new Date(last as string | Date) : null, triggersInWindow: Number(inWindow) };
}
