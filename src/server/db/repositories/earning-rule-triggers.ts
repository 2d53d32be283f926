import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { earningRuleTriggers } from '../schema';

/** When the rule last earned on the card, and how often since `since` (the frequency window start). */
export async function triggerHistory(db: DbOrTx, ruleId: string, voucherId: string, since: Date | null): Promise<{ lastTriggeredAt: Date | null; triggersInWindow: number }> {
  const [last] = await db
    .select({ at: earningRuleTriggers.triggeredAt })
    .from(earningRuleTriggers)
    .where(and(eq(earningRuleTriggers.earningRuleId, ruleId), eq(earningRuleTriggers.voucherId, voucherId)))
    .orderBy(desc(earningRuleTriggers.triggeredAt))
    .limit(1);
  let triggersInWindow = 0;
  if (since && last) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(earningRuleTriggers)
      .where(and(eq(earningRuleTriggers.earningRuleId, ruleId), eq(earningRuleTriggers.voucherId, voucherId), gte(earningRuleTriggers.triggeredAt, since)));
    triggersInWindow = Number(n);
  }
  return { lastTriggeredAt: last?.at ?? null, triggersInWindow };
}

export async function recordTrigger(db: DbOrTx, row: typeof earningRuleTriggers.$inferInsert): Promise<void> {
  await db.insert(earningRuleTriggers).values(row);
}
