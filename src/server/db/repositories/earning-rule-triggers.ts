import { and, count, eq, gte, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { earningRuleTriggers } from '../../../platform/db/schema';

/** When the rule last earned on the card, and how often since `since` (the frequency window start), in one query. */
export async function triggerHistory(db: DbOrTx, ruleId: string, voucherId: string, since: Date | null): Promise<{ lastTriggeredAt: Date | null; triggersInWindow: number }> {
  const [row] = await db
    .select({
      last: max(earningRuleTriggers.triggeredAt),
      inWindow: since ? count(sql`CASE WHEN ${gte(earningRuleTriggers.triggeredAt, since)} THEN 1 END`) : sql<number>`0`,
    })
    .from(earningRuleTriggers)
    .where(and(eq(earningRuleTriggers.earningRuleId, ruleId), eq(earningRuleTriggers.voucherId, voucherId)));
  return { lastTriggeredAt: row?.last ? new Date(row.last) : null, triggersInWindow: Number(row?.inWindow ?? 0) };
}

export async function recordTrigger(db: DbOrTx, row: typeof earningRuleTriggers.$inferInsert): Promise<void> {
  await db.insert(earningRuleTriggers).values(row);
}
