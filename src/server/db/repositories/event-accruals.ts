import type { DbOrTx } from '../../../platform/db/client';
import { plainRows } from '../plain-sql';
import { contextFingerprint } from './event-context';
import type { EventRow, NewEventRow } from './events';

/** One rule earning on one card, as the engine planned it before any lock. */
export interface PlannedAccrual {
  cardId: string;
  ruleId: string;
  transactionId: string;
  points: number;
  reason: string;
  /** The card transaction's details besides `balance`, which the statement writes from the card's totals. */
  details: Record<string, unknown>;
  buckets: { id: string; points: number; expiresOn: string | null }[];
  /**
   * On a card of a tiered program: the tier the points were planned for (null: in no tier). The
   * statement writes them only if, under the card's lock, the card's tier row is current, names that
   * tier and leaves room for them before the tier could change (member_tiers.headroom), and then
   * folds them into that row itself (docs/architecture.md, "Loyalty tiers").
   */
  tier?: { id: string | null };
}

/** A new order, PAID as it is created, that a customer.order.paid event records: written only with its event. */
export interface PaidOrderInsert {
  id: string;
  projectId: string;
  sourceId: string | null;
  customerId: string;
  amount: number;
  discountAmount: number;
  itemsDiscountAmount: number;
  totalAmount: number;
  items: unknown[];
  metadata: Record<string, unknown>;
}

/** An event to record and the accruals it earns. */
export interface EventWrite {
  event: NewEventRow;
  accruals: PlannedAccrual[];
  /** When the engine ran on a context read earlier: its trigger and fingerprint (event-context.ts), which must still hold. */
  check?: { schemaId: string | null; orderPaid?: boolean; fingerprint: string };
  /** For a paid order: the order, inserted unless its source id is taken (then nothing is written). */
  order?: PaidOrderInsert;
}

/**
 * What one event's write did: its metadata as stored, the accruals written (others' cards no
 * longer earned) and, for a paid order, its items and metadata as stored; undefined when its check
 * no longer held, nothing written for it; 'source_id taken' when another order holds the paid
 * order's source id (nothing written: the order is then an update, for the transaction).
 */
export type EventWritten =
  | { metadata: EventRow['metadata']; transactionIds: string[]; order?: { items: unknown[]; metadata: Record<string, unknown> } }
  | undefined
  | 'source_id taken';

const text = `WITH ev_all AS (
    SELECT * FROM jsonb_to_recordset($1::text::jsonb)
      AS e(id text, project_id text, customer_id text, type text, metadata jsonb, referral jsonb, loyalty jsonb, created_at timestamptz,
        schema_id text, order_paid boolean, fingerprint text, order_id text)),
  ev_checked AS (
    SELECT * FROM ev_all e
    WHERE (e.fingerprint IS NULL OR ${contextFingerprint('e.project_id', 'e.customer_id', 'e.schema_id', 'e.order_paid')} = e.fingerprint)
      AND NOT EXISTS (SELECT 1 FROM sliding_activity_types s WHERE s.project_id = e.project_id AND s.event_type = e.type)),
  acc_checked AS (
    SELECT * FROM jsonb_to_recordset($2::text::jsonb)
      AS a(n int, event_id text, card_id text, holder_id text, rule_id text, tx_id text, amount bigint, reason text, details jsonb, buckets jsonb, at timestamptz,
        tiered boolean, tier_id text)
    WHERE a.event_id IN (SELECT id FROM ev_checked)),
  -- The cards are locked before anything is written, so an event earning on a card that holds
  -- sliding points under the lock (concurrently given them) writes nothing, not even its order.
  locked AS (SELECT v.id, v.slides, v.campaign_id, v.xmin::text AS version FROM vouchers v WHERE v.id = ANY (ARRAY(SELECT card_id FROM acc_checked)) ORDER BY v.id FOR UPDATE),
  -- Tiered cards' tier rows, locked after their cards (every catch-up's order), so read as committed now.
  tier_locked AS (
    SELECT mt.voucher_id, mt.tier_id, mt.headroom, mt.card_version, mt.tiers_seen, mt.next_check_at FROM member_tiers mt
    WHERE mt.voucher_id IN (SELECT l.id FROM locked l WHERE l.id IN (SELECT card_id FROM acc_checked WHERE tiered)) ORDER BY mt.voucher_id FOR UPDATE),
  -- A tiered card earns here only while folding its earnings is arithmetic (domain/tier-headroom.ts): its tier
  -- row is current with the card (nothing since the last fold), names the tier the points were planned for,
  -- knows every tier of the program, has room for all the points planned on it, and no boundary has come.
  tier_planned AS (
    SELECT card_id, sum(amount) AS total, max(at) AS last_at, count(DISTINCT coalesce(tier_id, '')) AS tiers, min(coalesce(tier_id, '')) AS tier_id
    FROM acc_checked WHERE tiered GROUP BY card_id),
  -- MATERIALIZED: computed once per statement. Inlined into ev_fit's NOT EXISTS, it ran once per (event, accrual)
  -- pair of the batch, with its grouping and tier count each time: cubic in the batch's size.
  tier_unfit AS MATERIALIZED (
    SELECT p.card_id FROM tier_planned p JOIN locked l ON l.id = p.card_id LEFT JOIN tier_locked mt ON mt.voucher_id = p.card_id
    WHERE mt.voucher_id IS NULL OR mt.headroom IS NULL OR mt.card_version IS DISTINCT FROM l.version
      OR p.tiers > 1 OR coalesce(mt.tier_id, '') <> p.tier_id OR mt.next_check_at <= p.last_at OR mt.headroom < p.total
      OR mt.tiers_seen IS DISTINCT FROM (SELECT count(*)::int FROM loyalty_tiers t WHERE t.campaign_id = l.campaign_id)),
  ev_fit AS (
    SELECT * FROM ev_checked e
    WHERE NOT EXISTS (SELECT 1 FROM acc_checked a JOIN locked l ON l.id = a.card_id WHERE a.event_id = e.id AND l.slides)
      AND NOT EXISTS (SELECT 1 FROM acc_checked a WHERE a.event_id = e.id AND a.card_id IN (SELECT card_id FROM tier_unfit))),
  -- A paid order goes in only with its checked event, and its event only with it: a source id
  -- another order holds (committed, or in this statement) writes neither.
  ord AS (
    INSERT INTO orders (id, project_id, source_id, status, customer_id, amount, discount_amount, items_discount_amount, total_amount, items, metadata, paid_at, created_at)
    SELECT o.id, o.project_id, o.source_id, 'PAID', o.customer_id, o.amount, o.discount_amount, o.items_discount_amount, o.total_amount, o.items, o.metadata, o.created_at, o.created_at
    FROM jsonb_to_recordset($3::text::jsonb)
      AS o(event_id text, id text, project_id text, source_id text, customer_id text, amount bigint, discount_amount bigint, items_discount_amount bigint,
        total_amount bigint, items jsonb, metadata jsonb, created_at timestamptz)
    WHERE o.event_id IN (SELECT id FROM ev_fit)
    ON CONFLICT (project_id, source_id) DO NOTHING
    RETURNING id, items, metadata),
  ev_in AS (SELECT * FROM ev_fit e WHERE e.order_id IS NULL OR e.order_id IN (SELECT id FROM ord)),
  acc AS (
    SELECT a.*, sum(a.amount) OVER (PARTITION BY a.card_id ORDER BY a.n)::bigint AS upto
    FROM acc_checked a WHERE a.event_id IN (SELECT id FROM ev_in)),
  per_card AS (SELECT card_id, holder_id, sum(amount)::bigint AS total, min(at) AS first_at, max(at) AS last_at FROM acc GROUP BY card_id, holder_id),
  totals AS (
    UPDATE vouchers v SET points = v.points + p.total, balance = v.balance + p.total, updated_at = p.last_at
    FROM per_card p
    WHERE v.id = p.card_id AND v.id IN (SELECT id FROM locked) AND v.holder_id = p.holder_id AND v.active
      AND (v.start_date IS NULL OR v.start_date <= p.first_at) AND (v.expiration_date IS NULL OR v.expiration_date >= p.last_at)
    RETURNING v.id, v.project_id, v.campaign_id, v.points - p.total AS points_before, v.balance - p.total AS balance_before, v.xmin::text AS version),
  ev AS (
    INSERT INTO events (id, project_id, customer_id, type, metadata, referral, loyalty, created_at)
    SELECT id, project_id, customer_id, type, metadata, referral, loyalty, created_at FROM ev_in ORDER BY created_at, id
    RETURNING id, metadata),
  credited AS (
    SELECT a.*, t.project_id AS card_project_id, t.campaign_id, t.balance_before + a.upto AS balance_after, t.points_before + a.upto AS points_after
    FROM acc a JOIN totals t ON t.id = a.card_id),
  txs AS (
    INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, reason, source, amount, balance, details, earning_rule_id, created_at)
    SELECT c.tx_id, c.card_project_id, c.card_id, c.campaign_id, 'POINTS_ACCRUAL', c.reason, 'API', c.amount, c.balance_after,
      jsonb_build_object('balance', jsonb_build_object('type', 'loyalty_card', 'total', c.points_after, 'object', 'balance', 'points', c.amount,
        'balance', c.balance_after, 'related_object', jsonb_build_object('id', c.card_id, 'type', 'voucher'))) || c.details,
      c.rule_id, c.at
    FROM credited c ORDER BY c.n
    RETURNING voucher_id, seq),
  -- The fold of these earnings into each tiered card's tier row (tier_unfit let none through that would
  -- change a tier or a date): balance and points earned this period grow, the instant moves forward, the
  -- last transaction counted is the card's last; the row stays current with the card's new version.
  tier_folded AS (
    UPDATE member_tiers mt SET
      state = mt.state || jsonb_build_object(
        'seq', s.last_seq,
        'balance', (mt.state->>'balance')::bigint + p.total,
        'earned', jsonb_build_array((mt.state->'earned'->>0)::bigint + p.total, mt.state->'earned'->1, mt.state->'earned'->2),
        'asOf', greatest((mt.state->>'asOf')::bigint, floor(extract(epoch FROM p.last_at) * 1000)::bigint)),
      last_seq = s.last_seq, headroom = mt.headroom - p.total, card_version = t.version, updated_at = p.last_at
    FROM per_card p
    JOIN totals t ON t.id = p.card_id
    JOIN (SELECT voucher_id, max(seq) AS last_seq FROM txs GROUP BY voucher_id) s ON s.voucher_id = p.card_id
    WHERE mt.voucher_id = p.card_id AND p.card_id IN (SELECT card_id FROM acc WHERE tiered)),
  buckets AS (
    INSERT INTO point_buckets (id, project_id, voucher_id, transaction_id, points, remaining, expires_on, created_at)
    SELECT b.id, c.card_project_id, c.card_id, c.tx_id, b.points, b.points, b.expires_on, c.at
    FROM credited c, jsonb_to_recordset(c.buckets) AS b(id text, points bigint, expires_on text))
  SELECT a.id, a.id IN (SELECT id FROM ev_fit), e.id IS NOT NULL, e.metadata, coalesce(x.tx_ids, '{}'), o.items, o.metadata
  FROM ev_all a
  LEFT JOIN ev e ON e.id = a.id
  LEFT JOIN (SELECT event_id, array_agg(tx_id ORDER BY n) AS tx_ids FROM credited GROUP BY event_id) x ON x.event_id = a.id
  LEFT JOIN ord o ON o.id = a.order_id`;

/**
 * Events and the accruals they earn, in one statement and so one commit (plain SQL, see
 * plain-sql.ts), for one event or several from parallel requests. The cards are locked in id
 * order and checked again (still the holder's, active, in their dates; a card that no longer is
 * earns nothing); their totals move by what they earn, so points accrue on whatever an earlier
 * transaction left, and each card transaction's balance is the card's balance under the lock plus
 * the accruals before it on that card, in the order given. Only for rules without trigger limits:
 * a limit must count history committed before the lock, which a statement's own snapshot, taken
 * before it waits, does not see. For the same reason an event is not written here (undefined, as
 * when its check fails) when a card it earns on holds sliding points under the lock (`slides`:
 * their last days must move, and the buckets a concurrent change added are not in the snapshot),
 * or when some rule counts its name as activity (sliding_activity_types): the transaction takes it.
 * Returns, in the order of `writes`, what each event's write did.
 */
export async function recordEventsWithAccruals(db: DbOrTx, writes: EventWrite[]): Promise<EventWritten[]> {
  const accruals = writes.flatMap(({ event, accruals }) =>
    accruals.map((a) => {
      const buckets = a.buckets.map((b) => ({ id: b.id, points: b.points, expires_on: b.expiresOn }));
      const at = event.createdAt.toISOString();
      const tier = a.tier ? { tiered: true, tier_id: a.tier.id } : { tiered: false, tier_id: null };
      return { event_id: event.id, card_id: a.cardId, holder_id: event.customerId, rule_id: a.ruleId, tx_id: a.transactionId, amount: a.points, reason: a.reason, details: a.details, buckets, at, ...tier };
    }),
  );
  const events = writes.map(({ event: e, check, order }) => ({
    id: e.id,
    project_id: e.projectId,
    customer_id: e.customerId,
    type: e.type,
    metadata: e.metadata,
    referral: e.referral,
    loyalty: e.loyalty,
    created_at: e.createdAt.toISOString(),
    schema_id: check?.schemaId ?? null,
    order_paid: check?.orderPaid === true,
    fingerprint: check?.fingerprint ?? null,
    order_id: order?.id ?? null,
  }));
  const orders = writes.flatMap(({ event, order: o }) =>
    o
      ? [
          {
            event_id: event.id,
            id: o.id,
            project_id: o.projectId,
            source_id: o.sourceId,
            customer_id: o.customerId,
            amount: o.amount,
            discount_amount: o.discountAmount,
            items_discount_amount: o.itemsDiscountAmount,
            total_amount: o.totalAmount,
            items: o.items,
            metadata: o.metadata,
            created_at: event.createdAt.toISOString(),
          },
        ]
      : [],
  );
  const rows = await plainRows(db, text, [JSON.stringify(events), JSON.stringify(accruals.map((a, n) => ({ n, ...a }))), JSON.stringify(orders)]);
  const byId = new Map(rows.map((row) => [row[0] as string, row]));
  return writes.map(({ event, order }): EventWritten => {
    const [, checked, recorded, metadata, transactionIds, orderItems, orderMetadata] = byId.get(event.id) as unknown[];
    if (!checked) return undefined;
    if (!recorded) return 'source_id taken';
    const written = { metadata: metadata as EventRow['metadata'], transactionIds: (transactionIds as string[]) ?? [] };
    return order ? { ...written, order: { items: orderItems as unknown[], metadata: orderMetadata as Record<string, unknown> } } : written;
  });
}
