import { and, asc, count, desc, eq, gt, inArray, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { plainRows, tableRows } from '../plain-sql';
import { earningRuleAssignments, earningRules } from '../../../platform/db/schema';
import type { EarningRuleFilterOp } from '../../../contract/earning-rule';

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

/**
 * One condition of the v2 list's filters. created_at's relative days are turned into instants when
 * the first page is asked for (`$after`, `$before`, or `$within` [from, to)), so a cursor keeps them.
 */
export type EarningRuleFilter =
  | { field: 'id' | 'name' | 'status'; op: EarningRuleFilterOp; values: string[] }
  | { field: 'created_at'; op: '$after' | '$before' | '$within' | '$has_value' | '$is_unknown'; values: string[] };

/** Where a page starts: after the row with these sort values (keyset paging). */
export interface RulePosition {
  value: string;
  id: string;
}

const escapeLike = (text: string) => text.toLowerCase().replace(/[\\%_]/g, '\\$&');

function filterSql(f: EarningRuleFilter): SQL {
  if (f.field === 'created_at') {
    const at = earningRules.createdAt;
    switch (f.op) {
      case '$after':
        return sql`${at} > ${f.values[0]}::timestamptz`;
      case '$before':
        return sql`${at} < ${f.values[0]}::timestamptz`;
      case '$within':
        return sql`(${at} >= ${f.values[0]}::timestamptz AND ${at} < ${f.values[1]}::timestamptz)`;
      case '$has_value':
        return sql`${at} IS NOT NULL`;
      case '$is_unknown':
        return sql`${at} IS NULL`;
    }
  }
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
    case '$not_contain':
      return sql`strpos(lower(${column}), lower(${f.values[0]})) = 0`;
    case '$starts_with':
      return sql`lower(${column}) LIKE ${escapeLike(f.values[0]) + '%'}`;
    case '$ends_with':
      return sql`lower(${column}) LIKE ${'%' + escapeLike(f.values[0])}`;
    case '$has_value':
      return sql`${column} IS NOT NULL`;
    case '$is_unknown':
      return sql`${column} IS NULL`;
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

export interface RuleWithCampaigns {
  rule: EarningRuleRow;
  campaignIds: string[];
}

/** ACTIVE rules matching `trigger`, each with the campaigns it is assigned to (among `campaignIds` when given), oldest first. */
async function activeRulesWhere(db: DbOrTx, projectId: string, trigger: SQL, campaignIds?: string[]): Promise<RuleWithCampaigns[]> {
  if (campaignIds && campaignIds.length === 0) return [];
  const rows = await db
    .select({ rule: earningRules, campaignId: earningRuleAssignments.campaignId })
    .from(earningRules)
    .innerJoin(earningRuleAssignments, eq(earningRuleAssignments.earningRuleId, earningRules.id))
    .where(
      and(
        eq(earningRules.projectId, projectId),
        eq(earningRules.status, 'ACTIVE'),
        trigger,
        campaignIds ? inArray(earningRuleAssignments.campaignId, campaignIds) : undefined,
      ),
    )
    .orderBy(asc(earningRules.createdAt), asc(earningRules.id));
  const byRule = new Map<string, RuleWithCampaigns>();
  for (const { rule, campaignId } of rows) {
    const entry = byRule.get(rule.id) ?? { rule, campaignIds: [] };
    entry.campaignIds.push(campaignId);
    byRule.set(rule.id, entry);
  }
  return [...byRule.values()];
}

/**
 * ACTIVE rules triggered by a custom event schema, with the campaigns each is assigned to among
 * `campaignIds` (all campaigns when omitted). Read on every event, never cached: a rule created,
 * changed or disabled a moment ago applies to the very next event.
 */
export async function activeRulesForSchema(db: DbOrTx, projectId: string, schemaId: string, campaignIds?: string[]): Promise<RuleWithCampaigns[]> {
  return activeRulesWhere(
    db,
    projectId,
    sql`${earningRules.trigger}->>'event' = 'customer.custom_event' AND ${earningRules.trigger}->'custom_event'->>'schema_id' = ${schemaId}`,
    campaignIds,
  );
}

const ruleRows = tableRows(earningRules);
const orderRulesText = `SELECT ${ruleRows.columns('r')}, a.campaign_id FROM earning_rules r JOIN earning_rule_assignments a ON a.earning_rule_id = r.id
  WHERE r.project_id = $1 AND r.status = 'ACTIVE' AND r.trigger->>'event' = 'customer.order.paid' ORDER BY r.created_at, r.id`;

/**
 * ACTIVE rules triggered by a paid order, each with the campaigns it is assigned to, oldest first.
 * Read on every paid order (plain SQL: a hot path), never cached, as custom events' rules are.
 */
export async function activeRulesForOrders(db: DbOrTx, projectId: string): Promise<RuleWithCampaigns[]> {
  const byRule = new Map<string, RuleWithCampaigns>();
  for (const row of await plainRows(db, orderRulesText, [projectId])) {
    const rule = ruleRows.row(row);
    const entry = byRule.get(rule.id) ?? { rule, campaignIds: [] };
    entry.campaignIds.push(row[ruleRows.width] as string);
    byRule.set(rule.id, entry);
  }
  return [...byRule.values()];
}

/** ACTIVE rules triggered by a customer entering one of `segmentIds`. */
export async function activeRulesForSegments(db: DbOrTx, projectId: string, segmentIds: string[]): Promise<RuleWithCampaigns[]> {
  if (segmentIds.length === 0) return [];
  return activeRulesWhere(
    db,
    projectId,
    sql`${earningRules.trigger}->>'event' = 'customer.segment.entered' AND ${earningRules.trigger}->'segment'->>'id' IN (${sql.join(
      segmentIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}

// ---------- writes and the v1 reads (rules of one campaign) ----------

/** Serializes rule creation in a project, so two requests cannot both pass the per-project limit. */
export async function lockProjectForEarningRules(db: DbOrTx, projectId: string): Promise<void> {
  await db.execute(sql`SELECT id FROM projects WHERE id = ${projectId} FOR NO KEY UPDATE`);
}

export async function countLiveEarningRules(db: DbOrTx, projectId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(earningRules)
    .where(and(eq(earningRules.projectId, projectId), ne(earningRules.status, 'DELETED')));
  return row?.n ?? 0;
}

/** A new rule, assigned to one campaign. */
export async function insertEarningRule(db: DbOrTx, row: typeof earningRules.$inferInsert, campaignId: string): Promise<EarningRuleRow> {
  const [inserted] = await db.insert(earningRules).values(row).returning();
  await db.insert(earningRuleAssignments).values({ projectId: row.projectId, earningRuleId: row.id, campaignId });
  return inserted;
}

const assignedTo = (campaignId: string) =>
  sql`EXISTS (SELECT 1 FROM ${earningRuleAssignments} WHERE ${earningRuleAssignments.earningRuleId} = ${earningRules.id} AND ${earningRuleAssignments.campaignId} = ${campaignId})`;

/** A rule assigned to the campaign (not DELETED); locked FOR UPDATE when it is about to change. */
export async function findCampaignEarningRule(db: DbOrTx, projectId: string, campaignId: string, id: string, lock = false): Promise<EarningRuleRow | undefined> {
  const query = db
    .select()
    .from(earningRules)
    .where(and(eq(earningRules.projectId, projectId), eq(earningRules.id, id), ne(earningRules.status, 'DELETED'), assignedTo(campaignId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** One page of the campaign's rules (v1 list: page numbers and a total). */
export async function listCampaignEarningRules(
  db: DbOrTx,
  projectId: string,
  campaignId: string,
  opts: { limit: number; page: number; order: 'created_at' | '-created_at' | 'updated_at' | '-updated_at' },
): Promise<{ rows: EarningRuleRow[]; total: number }> {
  const where = and(eq(earningRules.projectId, projectId), ne(earningRules.status, 'DELETED'), assignedTo(campaignId));
  // A rule never changed sorts by its creation: updated_at is null until the first change.
  const key = opts.order.endsWith('updated_at') ? sql`coalesce(${earningRules.updatedAt}, ${earningRules.createdAt})` : sql`${earningRules.createdAt}`;
  const rows = await db
    .select()
    .from(earningRules)
    .where(where)
    .orderBy(opts.order.startsWith('-') ? sql`${key} DESC` : sql`${key} ASC`, asc(earningRules.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [{ total }] = await db.select({ total: count() }).from(earningRules).where(where);
  return { rows, total };
}

export async function updateEarningRuleRow(db: DbOrTx, id: string, set: Partial<typeof earningRules.$inferInsert>): Promise<EarningRuleRow> {
  const [row] = await db.update(earningRules).set(set).where(eq(earningRules.id, id)).returning();
  return row;
}

/** Takes the rule off the campaign; returns how many campaigns it is still assigned to. */
export async function unassignEarningRule(db: DbOrTx, ruleId: string, campaignId: string): Promise<number> {
  await db.delete(earningRuleAssignments).where(and(eq(earningRuleAssignments.earningRuleId, ruleId), eq(earningRuleAssignments.campaignId, campaignId)));
  const [row] = await db.select({ n: count() }).from(earningRuleAssignments).where(eq(earningRuleAssignments.earningRuleId, ruleId));
  return row?.n ?? 0;
}
