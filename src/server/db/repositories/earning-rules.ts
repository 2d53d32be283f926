import { and, asc, desc, eq, gt, inArray, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { earningRuleAssignments, earningRules } from '../../../platform/db/schema';

export type EarningRuleRow = typeof earningRules.$inferSelect;

/** A rule by id; DELETED rules are not found (api-facts §13). */
export async function findEarningRule(db: DbOrTx, projectId: string, id: string): Promise<EarningRuleRow | undefined> {
  const [row] = await db
    .select()
    .from(earningRules)
    .where(and(eq(earningRules.projectId, projectId), eq(earningRules.id, id), ne(earningRules.status, 'DELETED')))
    .limit(1);
  return row;
}

export interface EarningRuleFilter {
  field: 'id' | 'name' | 'status';
  op: '$is' | '$is_not' | '$in' | '$not_in' | '$contains' | '$starts_with';
  values: string[];
}

/** Where a page starts: after the row with these sort values (keyset paging). */
export interface RulePosition {
  value: string;
  id: string;
}

function filterSql(f: EarningRuleFilter): SQL {
  const column = f.field === 'id' ? earningRules.id : f.field === 'name' ? earningRules.name : earningRules.status;
  switch (f.op) {
    case '$is':
    case '$in':
      return inArray(column, f.values);
    case '$is_not':
    case '$not_in':
      return notInArray(column, f.values);
    case '$contains':
      return sql`strpos(lower(${column}), lower(${f.values[0]})) > 0`;
    case '$starts_with':
      return sql`lower(${column}) LIKE ${f.values[0].toLowerCase().replace(/[\\%_]/g, '\\$&') + '%'}`;
  }
}

/** One page of rules, ordered by created_at or name (id breaks ties), after `position`. */
export async function listEarningRules(
  db: DbOrTx,
  projectId: string,
  opts: { limit: number; order: '-created_at' | 'created_at' | 'name' | '-name'; filters: EarningRuleFilter[]; junction: 'AND' | 'OR'; after?: RulePosition },
): Promise<EarningRuleRow[]> {
  const descending = opts.order.startsWith('-');
  const byName = opts.order.endsWith('name');
  const key = byName ? earningRules.name : earningRules.createdAt;
  const where: (SQL | undefined)[] = [eq(earningRules.projectId, projectId), ne(earningRules.status, 'DELETED')];
  if (opts.filters.length) where.push(opts.junction === 'OR' ? or(...opts.filters.map(filterSql)) : and(...opts.filters.map(filterSql)));
  if (opts.after) {
    const id = opts.after.id;
    // Timestamps carry milliseconds only (they come from JS dates), so the ISO string is exact.
    const value = byName ? opts.after.value : new Date(opts.after.value);
    const beyond = descending ? lt : gt;
    where.push(or(beyond(key, value), and(eq(key, value), gt(earningRules.id, id))));
  }
  return db
    .select()
    .from(earningRules)
    .where(and(...where))
    .orderBy(descending ? desc(key) : asc(key), asc(earningRules.id))
    .limit(opts.limit);
}

/** The sort value of a rule for keyset paging, formatted as the list query compares it. */
export function sortValueOf(row: EarningRuleRow, order: string): string {
  return order.endsWith('name') ? row.name : row.createdAt.toISOString();
}

/**
 * ACTIVE rules triggered by a custom event schema, with the campaigns each is assigned to among
 * `campaignIds` (all campaigns when omitted).
 */
export async function activeRulesForSchema(
  db: DbOrTx,
  projectId: string,
  schemaId: string,
  campaignIds?: string[],
): Promise<{ rule: EarningRuleRow; campaignIds: string[] }[]> {
  if (campaignIds && campaignIds.length === 0) return [];
  const rows = await db
    .select({ rule: earningRules, campaignId: earningRuleAssignments.campaignId })
    .from(earningRules)
    .innerJoin(earningRuleAssignments, eq(earningRuleAssignments.earningRuleId, earningRules.id))
    .where(
      and(
        eq(earningRules.projectId, projectId),
        eq(earningRules.status, 'ACTIVE'),
        sql`${earningRules.trigger}->>'event' = 'customer.custom_event'`,
        sql`${earningRules.trigger}->'custom_event'->>'schema_id' = ${schemaId}`,
        campaignIds ? inArray(earningRuleAssignments.campaignId, campaignIds) : undefined,
      ),
    )
    .orderBy(asc(earningRules.createdAt), asc(earningRules.id));
  const byRule = new Map<string, { rule: EarningRuleRow; campaignIds: string[] }>();
  for (const { rule, campaignId } of rows) {
    const entry = byRule.get(rule.id) ?? { rule, campaignIds: [] };
    entry.campaignIds.push(campaignId);
    byRule.set(rule.id, entry);
  }
  return [...byRule.values()];
}
