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
}

/** An event to record and the accruals it earns. */
export interface EventWrite {
  event: NewEventRow;
  accruals: PlannedAccrual[];
  /** When the engine ran on a context read earlier: its schema and fingerprint (event-context.ts), which must still hold. */
  check?: { schemaId: string; fingerprint: string };
}

/**
 * What one event's write did: its metadata as stored, and the accruals written (others' cards no
 * longer earned); undefined when its check no longer held, nothing written for it.
 */
export type EventWritten = { metadata: EventRow['metadata']; transactionIds: string[] } | undefined;

const text = `WITH ev_all AS (
    SELECT * FROM jsonb_to_recordset($1::text::jsonb)
      AS e(id text, project_id text, customer_id text, type text, metadata jsonb, referral jsonb, loyalty jsonb, created_at timestamptz, schema_id text, fingerprint text)),
  ev_in AS (
    SELECT * FROM ev_all e WHERE e.fingerprint IS NULL OR ${contextFingerprint('e.project_id', 'e.customer_id', 'e.schema_id')} = e.fingerprint),
  acc AS (
    SELECT a.*, sum(a.amount) OVER (PARTITION BY a.card_id ORDER BY a.n)::bigint AS upto
    FROM jsonb_to_recordset($2::text::jsonb)
      AS a(n int, event_id text, card_id text, holder_id text, rule_id text, tx_id text, amount bigint, reason text, details jsonb, buckets jsonb, at timestamptz)
    WHERE a.event_id IN (SELECT id FROM ev_in)),
  per_card AS (SELECT card_id, holder_id, sum(amount)::bigint AS total, min(at) AS first_at, max(at) AS last_at FROM acc GROUP BY card_id, holder_id),
  locked AS (SELECT v.id FROM vouchers v WHERE v.id = ANY (ARRAY(SELECT card_id FROM per_card)) ORDER BY v.id FOR UPDATE),
  totals AS (
    UPDATE vouchers v SET points = v.points + p.total, balance = v.balance + p.total, updated_at = p.last_at
    FROM per_card p
    WHERE v.id = p.card_id AND v.id IN (SELECT id FROM locked) AND v.holder_id = p.holder_id AND v.active
      AND (v.start_date IS NULL OR v.start_date <= p.first_at) AND (v.expiration_date IS NULL OR v.expiration_date >= p.last_at)
    RETURNING v.id, v.project_id, v.campaign_id, v.points - p.total AS points_before, v.balance - p.total AS balance_before),
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
    FROM credited c ORDER BY c.n),
  buckets AS (
    INSERT INTO point_buckets (id, project_id, voucher_id, transaction_id, points, remaining, expires_on, created_at)
    SELECT b.id, c.card_project_id, c.card_id, c.tx_id, b.points, b.points, b.expires_on, c.at
    FROM credited c, jsonb_to_recordset(c.buckets) AS b(id text, points bigint, expires_on text))
  SELECT e.id, e.metadata, coalesce(x.tx_ids, '{}')
  FROM ev e LEFT JOIN (SELECT event_id, array_agg(tx_id ORDER BY n) AS tx_ids FROM credited GROUP BY event_id) x ON x.event_id = e.id`;

/**
 * Events and the accruals they earn, in one statement and so one commit (plain SQL, see
 * plain-sql.ts), for one event or several from parallel requests. The cards are locked in id
 * order and checked again (still the holder's, active, in their dates; a card that no longer is
 * earns nothing); their totals move by what they earn, so points accrue on whatever an earlier
 * transaction left, and each card transaction's balance is the card's balance under the lock plus
 * the accruals before it on that card, in the order given. Only for rules without trigger limits:
 * a limit must count history committed before the lock, which a statement's own snapshot, taken
 * before it waits, does not see. Returns, in the order of `writes`, what each event's write did.
 */
export async function recordEventsWithAccruals(db: DbOrTx, writes: EventWrite[]): Promise<EventWritten[]> {
  const accruals = writes.flatMap(({ event, accruals }) =>
    accruals.map((a) => {
      const buckets = a.buckets.map((b) => ({ id: b.id, points: b.points, expires_on: b.expiresOn }));
      const at = event.createdAt.toISOString();
      return { event_id: event.id, card_id: a.cardId, holder_id: event.customerId, rule_id: a.ruleId, tx_id: a.transactionId, amount: a.points, reason: a.reason, details: a.details, buckets, at };
    }),
  );
  const events = writes.map(({ event: e, check }) => ({
    id: e.id,
    project_id: e.projectId,
    customer_id: e.customerId,
    type: e.type,
    metadata: e.metadata,
    referral: e.referral,
    loyalty: e.loyalty,
    created_at: e.createdAt.toISOString(),
    schema_id: check?.schemaId ?? null,
    fingerprint: check?.fingerprint ?? null,
  }));
  const rows = await plainRows(db, text, [JSON.stringify(events), JSON.stringify(accruals.map((a, n) => ({ n, ...a })))]);
  const byId = new Map(rows.map((row) => [row[0] as string, { metadata: row[1] as EventRow['metadata'], transactionIds: (row[2] as string[]) ?? [] }]));
  return writes.map(({ event }) => byId.get(event.id));
}
