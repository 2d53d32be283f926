import type { DbOrTx } from '../../../platform/db/client';
import { cardTransactions } from '../../../platform/db/schema';
import { plainRows, tableRows } from '../plain-sql';
import type { CardWrite } from './card-posting';
import type { CardTransactionRow } from './card-transactions';

const transactionRows = tableRows(cardTransactions);

/**
 * The POINTS_EXPIRATION transactions of many locked cards in one statement (the points-expiration
 * job's batch): each card's totals after its last write, the points taken from its buckets, the
 * transaction rows in the order given (so `seq` follows it). Expirations only take from buckets
 * (no new buckets, no sliding extensions: expiry is not the member's activity); a card may have
 * several writes, one per expiry day, each planned on the card as the one before left it.
 */
const text = `
  WITH totals AS (
    UPDATE vouchers v SET points = w.points, balance = w.balance, expired_points = w.expired_points, subtracted_points = w.subtracted_points,
      redeemed_points = w.redeemed_points, updated_at = w.updated_at
    FROM jsonb_to_recordset($1::text::jsonb) AS w(id text, points bigint, balance bigint, expired_points bigint, subtracted_points bigint, redeemed_points bigint, updated_at timestamptz)
    WHERE v.id = w.id),
  taken AS (
    UPDATE point_buckets p SET remaining = p.remaining - t.taken
    FROM jsonb_to_recordset($2::text::jsonb) AS t(id text, voucher_id text, taken bigint)
    WHERE p.id = t.id AND p.voucher_id = t.voucher_id),
  posted AS (
    INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, source_id, reason, source, amount, balance, details, related_transaction_id, earning_rule_id, created_at)
    SELECT x.id, x.project_id, x.voucher_id, x.campaign_id, x.type, NULL, x.reason, x.source, x.amount, x.balance, x.details, NULL, NULL, x.created_at
    FROM jsonb_to_recordset($3::text::jsonb) AS x(id text, project_id text, voucher_id text, campaign_id text, type text, reason text, source text, amount bigint, balance bigint, details jsonb, created_at timestamptz, n bigint)
    ORDER BY x.n
    RETURNING *)
  SELECT ${transactionRows.columns('posted')} FROM posted ORDER BY posted.seq`;

export async function writeExpirations(db: DbOrTx, writes: readonly CardWrite[]): Promise<CardTransactionRow[]> {
  if (writes.length === 0) return [];
  const last = new Map(writes.map((w) => [w.transaction.voucherId, w]));
  const totals = [...last.values()].map(({ transaction: t, totals: c }) => ({
    id: t.voucherId,
    points: c.points,
    balance: c.balance,
    expired_points: c.expiredPoints,
    subtracted_points: c.subtractedPoints,
    redeemed_points: c.redeemedPoints,
    updated_at: t.createdAt.toISOString(),
  }));
  const takes = writes.flatMap((w) => w.takes.map((take) => ({ id: take.id, voucher_id: w.transaction.voucherId, taken: take.taken })));
  const rows = writes.map(({ transaction: t }, n) => ({
    n,
    id: t.id,
    project_id: t.projectId,
    voucher_id: t.voucherId,
    campaign_id: t.campaignId,
    type: t.type,
    reason: t.reason ?? null,
    source: t.source ?? 'API',
    amount: t.amount,
    balance: t.balance,
    details: t.details ?? {},
    created_at: t.createdAt.toISOString(),
  }));
  const result = await plainRows(db, text, [JSON.stringify(totals), JSON.stringify(takes), JSON.stringify(rows)]);
  return result.map((row) => transactionRows.row(row));
}
