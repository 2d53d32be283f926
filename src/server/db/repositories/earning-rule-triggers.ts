import type { DbOrTx } from '../../../platform/db/client';
import { plainRows } from '../plain-sql';

// A rule's triggers on a card are its accruals there: each names its rule (earning_rule_id),
// so the history is the ledger itself, found by card_transactions_rule_idx.
// Without a window ($3 null) the FILTER matches nothing: no frequency limit to count for.
const text = `SELECT max(created_at), count(*) FILTER (WHERE created_at >= $3::timestamptz)::int
  FROM card_transactions WHERE earning_rule_id = $1 AND voucher_id = $2`;

/** When the rule last earned on the card, and how often since `since` (the frequency window start), in one query. */
export async function triggerHistory(db: DbOrTx, ruleId: string, voucherId: string, since: Date | null): Promise<{ lastTriggeredAt: Date | null; triggersInWindow: number }> {
  const [[last, inWindow]] = await plainRows(db, text, [ruleId, voucherId, since ? since.toISOString() : null]);
  return { lastTriggeredAt: last ? new Date(last as string | Date) : null, triggersInWindow: Number(inWindow) };
}
