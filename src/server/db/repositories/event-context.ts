import { getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { customers } from '../../../platform/db/schema';
import { plainRows, tableRows } from '../plain-sql';
import type { CustomerRow } from './customers';
import type { EarningRuleRow } from './earning-rules';
import type { VoucherRow } from './vouchers';
import type { TierMapping } from '../../../contract/loyalty-tier';

const customerRows = tableRows(customers);
const customerWidth = Object.keys(getTableColumns(customers)).length;

/**
 * What an event's engine must read: its customer (by id or source id), its schema, the card it
 * names; or, for a paid order (`orderPaid`), its customer and the customer.order.paid rules.
 */
export interface EventContextQuery {
  projectId: string;
  customer: { id: string } | { sourceId: string };
  schemaId: string | null;
  /** The event's name (`event`). */
  eventType: string;
  namedCode?: string;
  orderPaid?: boolean;
}

/** What the engine reads of a rule. */
export type EventRule = Pick<EarningRuleRow, 'id' | 'name' | 'status' | 'earnings' | 'validityHours' | 'validityDayOfWeek' | 'startDate' | 'endDate' | 'triggerLimits' | 'pendingPoints'>;
/**
 * What the engine reads of a card; `tiered`: its program has loyalty tiers, `slides`: it holds sliding
 * points (either way the event then takes the transaction, services/event-in-one-statement.ts).
 */
export type EventCard = Pick<VoucherRow, 'id' | 'code' | 'campaignId' | 'active' | 'startDate' | 'expirationDate' | 'slides'> & { tiered?: boolean; memberTier?: MemberTierAsRead | null };

/**
 * A tiered card's stored tier as read without a lock (null: no tier row yet): the one-statement write
 * earns by it only after checking, under the card's lock, that the row is still current and names it.
 */
export interface MemberTierAsRead {
  id: string | null;
  name: string | null;
  earningRules: Record<string, TierMapping> | null;
}

/** One ACTIVE rule of the event's schema (or of paid orders) and one card of the customer in a program the rule is assigned to. */
export interface RuleOnCard {
  rule: EventRule;
  card: EventCard;
}

/** What an event's engine reads before it writes: the customer, its segments, and every rule that may earn on one of its cards. */
export interface EventContext {
  customer: CustomerRow;
  segmentIds: string[];
  /** Cards in id order, each card's rules oldest first: the order the engine applies them in. */
  pairs: RuleOnCard[];
  /** With a card named in `loyalty.code`: whether the customer holds it. */
  namedCardHeld: boolean;
  /** For an event of a schema without a named card, or a paid order: contextFingerprint as read, so the context can be used again. */
  fingerprint: string | null;
  /** Some rule of the project counts events of this name as activity that moves sliding points' expiry (sliding_activity_types). */
  slidingActivity: boolean;
}

// Only the columns the engine reads: every column costs the database its output and the driver its parse.
const ruleColumns = ['id', 'name', 'status', 'earnings', 'validity_hours', 'validity_day_of_week', 'start_date', 'end_date', 'trigger_limits', 'pending_points'];
const cardColumns = ['id', 'code', 'campaign_id', 'active', 'start_date', 'expiration_date', 'slides'];
const selectAs = (alias: string, columns: string[]) => columns.map((column) => `${alias}.${column} AS ${alias}_${column}`).join(', ');
const fromSubquery = (alias: string, columns: string[]) => columns.map((column) => `p.${alias}_${column}`).join(', ');

/**
 * The rules an event triggers, for a rule alias and the SQL expressions of the event's schema and
 * whether it is a paid order: the customer.order.paid rules, else the custom-event rules of the schema.
 */
function triggeredBy(rule: string, schemaId: string, orderPaid: string): string {
  return `(CASE WHEN ${orderPaid} THEN ${rule}.trigger->>'event' = 'customer.order.paid'
    ELSE ${rule}.trigger->>'event' = 'customer.custom_event' AND ${rule}.trigger->'custom_event'->>'schema_id' = ${schemaId} END)`;
}

/**
 * Everything an event's engine reads that can change, as one text, for a customer, project and
 * event schema (or paid order) given as SQL expressions: the customer row's version (xmin: its profile and
 * metadata), its segments, and per (rule, card) pair the rule's version (its earnings, validity,
 * status) and the card's id, active flag and dates (a card's totals are not in it: they change with
 * every accrual and are read under the card's lock anyway). A context read earlier can be used again
 * when the write finds this unchanged (event-accruals.ts), which is then as good as reading it there.
 */
export function contextFingerprint(projectId: string, customerId: string, schemaId: string, orderPaid: string): string {
  return `((SELECT fc.xmin::text FROM customers fc WHERE fc.id = ${customerId})
    || '|' || (SELECT coalesce(string_agg(fm.segment_id, ',' ORDER BY fm.segment_id), '') FROM segment_members fm WHERE fm.customer_id = ${customerId})
    || '|' || (SELECT coalesce(string_agg(fr.id || ':' || fr.xmin::text || ':' || fv.id || ':' || fv.active::text || ':' || coalesce(fv.start_date::text, '') || ':' || coalesce(fv.expiration_date::text, ''), ','
          ORDER BY fv.id, fr.created_at, fr.id), '')
        FROM earning_rules fr, vouchers fv
        WHERE fv.project_id = ${projectId} AND fv.holder_id = ${customerId} AND fr.project_id = ${projectId} AND fr.status = 'ACTIVE'
          AND ${triggeredBy('fr', schemaId, orderPaid)}
          -- A scalar subquery, so each pair is one primary-key probe: joined, a generic plan hashes every assignment per event.
          AND (SELECT true FROM earning_rule_assignments fa WHERE fa.earning_rule_id = fr.id AND fa.campaign_id = fv.campaign_id))
    -- Tiers are only ever added: their count over the customer's programs tells whether any came since.
    || '|' || (SELECT count(*)::text FROM vouchers tv JOIN loyalty_tiers ft ON ft.campaign_id = tv.campaign_id WHERE tv.project_id = ${projectId} AND tv.holder_id = ${customerId}))`;
}

// Both joins are LATERAL with a LIMIT or a window, so they stay index lookups per event: joined
// plainly, the planner may hash every card of a program, or every customer of the project. A
// customer by id is found by its primary key (the project is checked, `IS TRUE`, not searched: on a
// small table the planner otherwise walks the project's customers on the source id index).
const text = `WITH q AS (
    SELECT * FROM jsonb_to_recordset($1::text::jsonb) AS q(n int, project_id text, customer_id text, source_id text, schema_id text, event_type text, code text, order_paid boolean))
  SELECT q.n, ${customerRows.columns('c')},
    CASE WHEN q.code IS NULL AND (q.schema_id IS NOT NULL OR q.order_paid) THEN ${contextFingerprint('q.project_id', 'c.id', 'q.schema_id', 'q.order_paid')} END,
    (SELECT coalesce(array_agg(m.segment_id), '{}') FROM segment_members m WHERE m.customer_id = c.id),
    q.code IS NULL OR (SELECT n.holder_id = c.id FROM vouchers n WHERE n.project_id = q.project_id AND n.code = q.code LIMIT 1),
    EXISTS (SELECT 1 FROM sliding_activity_types s WHERE s.project_id = q.project_id AND s.event_type = q.event_type),
    ${fromSubquery('r', ruleColumns)}, ${fromSubquery('v', cardColumns)}, p.v_tiered,
    CASE WHEN p.v_tiered THEN (SELECT jsonb_build_object('id', mt.tier_id, 'name', t.name, 'earning_rules', t.earning_rules)
      FROM member_tiers mt LEFT JOIN loyalty_tiers t ON t.id = mt.tier_id WHERE mt.voucher_id = p.v_id) END
  FROM q
  CROSS JOIN LATERAL (
    SELECT * FROM customers c WHERE c.id = q.customer_id AND (c.project_id = q.project_id) IS TRUE AND c.deleted_at IS NULL
    UNION ALL
    SELECT * FROM customers c WHERE c.project_id = q.project_id AND c.source_id = q.source_id
    LIMIT 1) c
  LEFT JOIN LATERAL (
    SELECT ${selectAs('r', ruleColumns)}, ${selectAs('v', cardColumns)}, EXISTS (SELECT 1 FROM loyalty_tiers lt WHERE lt.campaign_id = v.campaign_id) AS v_tiered,
      row_number() OVER (ORDER BY v.id, r.created_at, r.id) AS k
    FROM vouchers v
    JOIN earning_rule_assignments a ON a.campaign_id = v.campaign_id
    JOIN earning_rules r ON r.id = a.earning_rule_id
    WHERE v.project_id = q.project_id AND v.holder_id = c.id AND (q.code IS NULL OR v.code = q.code)
      AND r.project_id = q.project_id AND r.status = 'ACTIVE'
      AND ${triggeredBy('r', 'q.schema_id', 'q.order_paid')}) p ON true
  ORDER BY q.n, p.k`;

/** The rule's columns, as both drivers parse them (text, timestamps as Date, JSON parsed). */
function ruleOf(row: unknown[], at: number): EventRule {
  const [id, name, status, earnings, validityHours, validityDayOfWeek, startDate, endDate, triggerLimits, pendingPoints] = row.slice(at, at + ruleColumns.length);
  return { id, name, status, earnings, validityHours, validityDayOfWeek, startDate, endDate, triggerLimits, pendingPoints } as EventRule;
}

function cardOf(row: unknown[], at: number): EventCard {
  const [id, code, campaignId, active, startDate, expirationDate, slides, tiered, tier] = row.slice(at, at + cardColumns.length + 2);
  const read = tier as { id: string | null; name: string | null; earning_rules: Record<string, TierMapping> | null } | null;
  const memberTier = read ? { id: read.id, name: read.name, earningRules: read.earning_rules } : null;
  return { id, code, campaignId, active, startDate, expirationDate, slides, tiered: tiered === true, ...(tiered === true && { memberTier }) } as EventCard;
}

/**
 * Each event's customer and every (ACTIVE rule of its schema or of paid orders, card of the customer in a program
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
    event_type: q.eventType,
    code: q.namedCode ?? null,
    order_paid: q.orderPaid === true,
  }));
  const rows = await plainRows(db, text, [JSON.stringify(input)]);
  const contexts: (EventContext | undefined)[] = queries.map(() => undefined);
  const customerAt = 1;
  const fingerprintAt = customerAt + customerWidth;
  const ruleAt = fingerprintAt + 4;
  const cardAt = ruleAt + ruleColumns.length;
  for (const row of rows) {
    const n = row[0] as number;
    let context = contexts[n];
    if (!context) {
      const segmentIds = (row[fingerprintAt + 1] as string[] | null) ?? [];
      const fingerprint = (row[fingerprintAt] as string | null) ?? null;
      context = { customer: customerRows.row(row, customerAt), segmentIds, namedCardHeld: row[fingerprintAt + 2] === true, fingerprint, slidingActivity: row[fingerprintAt + 3] === true, pairs: [] };
      contexts[n] = context;
    }
    // The LEFT JOIN found no pair: rule and card columns are null, ids first.
    if (row[ruleAt] !== null && row[ruleAt] !== undefined) context.pairs.push({ rule: ruleOf(row, ruleAt), card: cardOf(row, cardAt) });
  }
  return contexts;
}
