import type { DbOrTx } from '../../../platform/db/client';
import { redemptions, rewards } from '../../../platform/db/schema';
import type { Bucket } from '../../domain/point-buckets';
import { plainRows, tableRows } from '../plain-sql';
import { bucketChanges, cardVersionColumn, type CardWrite } from './card-posting';
import { openBucketsColumn, openBucketsOf } from './point-buckets';
import { contextColumns, contextJoins, contextOf, contextWidth, recordColumns, takenFromOf, type NewRedemption, type RedemptionContext, type RedemptionRow } from './redemption-context';
import type { RewardRow } from './rewards';

const rewardRows = tableRows(rewards);
const redemptionRows = tableRows(redemptions);

/** A redemption's first read: the card by code and the reward asked for. */
export interface RedemptionQuery {
  projectId: string;
  code: string;
  rewardId: string;
}

/** What the read saw: the context, the card's version (card-posting.ts) and its buckets that hold points. */
export type RedemptionContextAtVersion = RedemptionContext & { version: string; openBuckets: Bucket[] };

const readText = `WITH q AS (SELECT * FROM jsonb_to_recordset($1::text::jsonb) AS q(n int, project_id text, code text, reward_id text))
  SELECT q.n, ${contextColumns}, v.version, ${openBucketsColumn('v')}
  FROM q
  CROSS JOIN LATERAL (SELECT v.*, ${cardVersionColumn('v')} AS version FROM vouchers v WHERE v.project_id = q.project_id AND v.code = q.code LIMIT 1) v
  ${contextJoins('q.reward_id')}`;

/**
 * Redemption contexts (redemption-context.ts) read without a lock, with each card's version and
 * buckets, for one redemption or several from parallel requests in one round trip (plain SQL, see
 * plain-sql.ts). Returns, in the order of `queries`, each context, or undefined where no card has
 * the code.
 */
export async function readRedemptionContexts(db: DbOrTx, queries: RedemptionQuery[]): Promise<(RedemptionContextAtVersion | undefined)[]> {
  const input = queries.map((q, n) => ({ n, project_id: q.projectId, code: q.code, reward_id: q.rewardId }));
  const rows = await plainRows(db, readText, [JSON.stringify(input)]);
  const contexts: (RedemptionContextAtVersion | undefined)[] = queries.map(() => undefined);
  for (const row of rows) {
    const at = 1 + contextWidth;
    contexts[row[0] as number] = { ...contextOf(row, 1), version: row[at] as string, openBuckets: openBucketsOf(row[at + 1]) };
  }
  return contexts;
}

/** A redemption planned on a card as read: the card's transaction, the version it was read at, the record. */
export interface UnlockedRedemption {
  posting: CardWrite;
  version: string;
  record: NewRedemption;
}

const writeText = `WITH w AS (
    SELECT * FROM jsonb_to_recordset($1::text::jsonb) AS w(n int, card_id text, version text, points bigint, balance bigint, expired bigint,
      subtracted bigint, redeemed bigint, takes jsonb, tx_id text, project_id text, campaign_id text, tx_type text, source text, amount bigint,
      tx_balance bigint, details jsonb, r_id text, customer_id text, reward_id text, assignment_id text, r_points bigint, order_data jsonb,
      metadata jsonb, tracking_id text, at timestamptz, taken_from jsonb)),
  locked AS (SELECT v.id FROM vouchers v WHERE v.id IN (SELECT card_id FROM w) ORDER BY v.id FOR UPDATE),
  totals AS (
    UPDATE vouchers v SET points = w.points, balance = w.balance, expired_points = w.expired, subtracted_points = w.subtracted,
      redeemed_points = w.redeemed, updated_at = w.at
    FROM w
    WHERE v.id = w.card_id AND v.id IN (SELECT id FROM locked) AND v.xmin = w.version::xid
      AND EXISTS (SELECT 1 FROM rewards r WHERE r.id = w.reward_id AND r.stock IS NULL)
    RETURNING v.id),
  done AS (SELECT w.* FROM w JOIN totals t ON t.id = w.card_id),
  taken AS (
    UPDATE point_buckets p SET remaining = p.remaining - t.taken, expires_on = coalesce(t.expires_on, p.expires_on)
    FROM done, jsonb_to_recordset(done.takes) AS t(id text, taken bigint, expires_on text)
    WHERE p.id = t.id AND p.voucher_id = done.card_id),
  posted AS (
    INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, reason, source, amount, balance, details, created_at)
    SELECT tx_id, project_id, card_id, campaign_id, tx_type, NULL, source, amount, tx_balance, details, at FROM done ORDER BY n),
  recorded AS (
    INSERT INTO redemptions (${recordColumns})
    SELECT d.r_id, r.project_id, d.card_id, d.campaign_id, d.customer_id, r.id, d.assignment_id, r.type, d.r_points, d.tx_id, d.order_data, d.metadata, d.tracking_id, d.at, d.taken_from
    FROM done d JOIN rewards r ON r.id = d.reward_id
    RETURNING *)
  SELECT d.n, ${rewardRows.columns('r')}, ${redemptionRows.columns('recorded')}
  FROM recorded JOIN done d ON d.r_id = recorded.id JOIN rewards r ON r.id = d.reward_id`;

/**
 * Redemptions of rewards with unlimited stock, each on a card as read (readRedemptionContexts), for
 * one or several from parallel requests in one statement that commits on its own: the cards locked
 * in id order, and each card's transaction (its new totals, the points it takes from buckets, the
 * transaction row) and the redemption's record written only if the card is still at the version
 * read and the reward still has an unlimited stock. Returns, in the order given, the reward and the
 * record, or undefined where that did not hold, nothing written for it (a second redemption on a
 * card already in the statement is one: its version is the first's).
 */
export async function recordRedemptionsIfUnchanged(db: DbOrTx, writes: UnlockedRedemption[]): Promise<({ reward: RewardRow; redemption: RedemptionRow } | undefined)[]> {
  const cards = new Set<string>();
  const input = [];
  for (const [n, { posting, version, record }] of writes.entries()) {
    const t = posting.transaction;
    if (cards.has(t.voucherId)) continue;
    cards.add(t.voucherId);
    input.push({
      n,
      card_id: t.voucherId,
      version,
      points: posting.totals.points,
      balance: posting.totals.balance,
      expired: posting.totals.expiredPoints,
      subtracted: posting.totals.subtractedPoints,
      redeemed: posting.totals.redeemedPoints,
      // The points it takes and, as the member's spending, the last days of sliding points it moves.
      takes: bucketChanges(posting.takes, posting.extensions),
      tx_id: t.id,
      project_id: t.projectId,
      campaign_id: t.campaignId,
      tx_type: t.type,
      source: t.source ?? 'API',
      amount: t.amount,
      tx_balance: t.balance,
      details: t.details ?? {},
      r_id: record.id,
      customer_id: record.customerId,
      reward_id: record.rewardId,
      assignment_id: record.assignmentId,
      r_points: record.points,
      order_data: record.orderData,
      metadata: record.metadata,
      tracking_id: record.trackingId,
      at: record.createdAt.toISOString(),
      taken_from: takenFromOf(posting.takes),
    });
  }
  const rows = await plainRows(db, writeText, [JSON.stringify(input)]);
  const written: ({ reward: RewardRow; redemption: RedemptionRow } | undefined)[] = writes.map(() => undefined);
  for (const row of rows) written[row[0] as number] = { reward: rewardRows.row(row, 1), redemption: redemptionRows.row(row, 1 + rewardRows.width) };
  return written;
}
