import { getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { customers, earningRules, vouchers } from '../../../platform/db/schema';
import { plainRows, tableRows } from '../plain-sql';
import type { CustomerRow } from './customers';
import type { EarningRuleRow } from './earning-rules';
import type { VoucherRow } from './vouchers';

const customerRows = tableRows(customers);
const ruleRows = tableRows(earningRules);
const cardRows = tableRows(vouchers);
const customerWidth = Object.keys(getTableColumns(customers)).length;
const ruleWidth = Object.keys(getTableColumns(earningRules)).length;

/** What an event's engine must read: its customer (by id or source id), its schema, the card it names. */
export interface EventContextQuery {
  projectId: string;
  customer: { id: string } | { sourceId: string };
  schemaId: string | null;
  namedCode?: string;
}

/** One ACTIVE rule of the event's schema and one card of the customer in a program the rule is assigned to. */
export interface RuleOnCard {
  rule: EarningRuleRow;
  card: VoucherRow;
}

/** What an event's engine reads before it writes: the customer, its segments, and every rule that may earn on one of its cards. */
export interface EventContext {
  customer: CustomerRow;
  segmentIds: string[];
  /** Cards in id order, each card's rules oldest first: the order the engine applies them in. */
  pairs: RuleOnCard[];
  /** With a card named in `loyalty.code`: whether the customer holds it. */
  namedCardHeld: boolean;
}

/** A table's columns as `alias."column" AS alias_i`, and the names they get, for a subquery that joins tables sharing column names. */
function aliased(table: Parameters<typeof getTableColumns>[0], alias: string): { select: string; names: string } {
  const names = Object.values(getTableColumns(table)).map((column, i) => ({ column: column.name, as: `${alias}_${i}` }));
  return { select: names.map((n) => `${alias}."${n.column}" AS ${n.as}`).join(', '), names: names.map((n) => `p.${n.as}`).join(', ') };
}
const ruleColumns = aliased(earningRules, 'r');
const cardColumns = aliased(vouchers, 'v');

// Both joins are LATERAL with a LIMIT or a window, so they stay index lookups per event: joined
// plainly, the planner may hash every card of a program, or every customer of the project.
const text = `WITH q AS (
    SELECT * FROM jsonb_to_recordset($1::text::jsonb) AS q(n int, project_id text, customer_id text, source_id text, schema_id text, code text))
  SELECT q.n, ${customerRows.columns('c')},
    (SELECT coalesce(array_agg(m.segment_id), '{}') FROM segment_members m WHERE m.customer_id = c.id),
    q.code IS NULL OR EXISTS (SELECT 1 FROM vouchers n WHERE n.project_id = q.project_id AND n.code = q.code AND n.holder_id = c.id),
    ${ruleColumns.names}, ${cardColumns.names}
  FROM q
  CROSS JOIN LATERAL (
    SELECT * FROM customers c WHERE c.project_id = q.project_id AND c.id = q.customer_id
    UNION ALL
    SELECT * FROM customers c WHERE c.project_id = q.project_id AND c.source_id = q.source_id
    LIMIT 1) c
  LEFT JOIN LATERAL (
    SELECT ${ruleColumns.select}, ${cardColumns.select}, row_number() OVER (ORDER BY v.id, r.created_at, r.id) AS k
    FROM vouchers v
    JOIN earning_rule_assignments a ON a.campaign_id = v.campaign_id
    JOIN earning_rules r ON r.id = a.earning_rule_id
    WHERE v.project_id = q.project_id AND v.holder_id = c.id AND (q.code IS NULL OR v.code = q.code)
      AND r.project_id = q.project_id AND r.status = 'ACTIVE'
      AND r.trigger->>'event' = 'customer.custom_event' AND r.trigger->'custom_event'->>'schema_id' = q.schema_id) p ON true
  ORDER BY q.n, p.k`;

/**
 * Each event's customer and every (ACTIVE rule of its schema, card of the customer in a program
 * the rule is assigned to) pair, for one event or several from parallel requests, in one round trip
 * and without locks (plain SQL, see plain-sql.ts): the write that follows locks the cards it
 * changes and checks them again. With `namedCode`, only that card, if the customer holds it.
 * Returns, in the order of `queries`, each context, or undefined where no customer has that id or
 * source id.
 */
export async function readEventContexts(db: DbOrTx, queries: EventContextQuery[]): Promise<(EventContext | undefined)[]> {
  const input = queries.map((q, n) => ({
    n,
    project_id: q.projectId,
    customer_id: 'id' in q.customer ? q.customer.id : null,
    source_id: 'sourceId' in q.customer ? q.customer.sourceId : null,
    schema_id: q.schemaId,
    code: q.namedCode ?? null,
  }));
  const rows = await plainRows(db, text, [JSON.stringify(input)]);
  const contexts: (EventContext | undefined)[] = queries.map(() => undefined);
  const customerAt = 1;
  const ruleAt = customerAt + customerWidth + 2;
  const cardAt = ruleAt + ruleWidth;
  for (const row of rows) {
    const n = row[0] as number;
    let context = contexts[n];
    if (!context) {
      const segmentIds = (row[customerAt + customerWidth] as string[] | null) ?? [];
      context = { customer: customerRows.row(row, customerAt), segmentIds, namedCardHeld: row[customerAt + customerWidth + 1] === true, pairs: [] };
      contexts[n] = context;
    }
    // The LEFT JOIN found no pair: rule and card columns are null, ids first.
    if (row[ruleAt] !== null && row[ruleAt] !== undefined) context.pairs.push({ rule: ruleRows.row(row, ruleAt), card: cardRows.row(row, cardAt) });
  }
  return contexts;
}
