import type { DbOrTx } from '../../../platform/db/client';
import { plainRows } from '../plain-sql';

/** Points added by hand to a member's card named by code, as a balance change asks. */
export interface PointAddition {
  projectId: string;
  code: string;
  /** The card's program as the caller knows it: the card must still be in it. */
  campaignId: string;
  points: number;
  bucketId: string;
  expiresOn: string | null;
  transactionId: string;
  sourceId: string | null;
  reason: string | null;
  source: string;
  /** Details besides `balance` (who made the change, domain/card-change-author.ts); none when left out. */
  details?: Record<string, unknown> | null;
  at: Date;
}

/** The card after an addition: its id and its totals once that addition (and those before it in the statement) counted. */
export interface AddedPoints {
  cardId: string;
  points: number;
  balance: number;
}

const text = `WITH a AS (
    SELECT * FROM jsonb_to_recordset($1::text::jsonb)
      AS a(n int, project_id text, code text, campaign_id text, points bigint, upto bigint, bucket_id text, expires_on text, tx_id text, source_id text, reason text, source text, details jsonb, at timestamptz)),
  per_card AS (SELECT project_id, code, campaign_id, sum(points)::bigint AS total, max(at) AS last_at FROM a GROUP BY project_id, code, campaign_id),
  locked AS (
    SELECT v.id FROM vouchers v JOIN per_card p ON v.project_id = p.project_id AND v.code = p.code
    ORDER BY v.id FOR UPDATE OF v),
  totals AS (
    UPDATE vouchers v SET points = v.points + p.total, balance = v.balance + p.total, updated_at = p.last_at
    FROM per_card p
    WHERE v.id IN (SELECT id FROM locked) AND v.project_id = p.project_id AND v.code = p.code AND v.campaign_id = p.campaign_id AND v.holder_id IS NOT NULL
    RETURNING v.id, v.project_id, v.code, v.campaign_id, v.points - p.total AS points_before, v.balance - p.total AS balance_before),
  added AS (
    SELECT a.*, t.id AS card_id, t.campaign_id AS card_campaign_id, t.points_before + a.upto AS points_after, t.balance_before + a.upto AS balance_after
    FROM a JOIN totals t ON t.project_id = a.project_id AND t.code = a.code AND t.campaign_id = a.campaign_id),
  posted AS (
    INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, source_id, reason, source, amount, balance, details, created_at)
    SELECT tx_id, project_id, card_id, card_campaign_id, 'POINTS_ADDITION', source_id, reason, source, points, balance_after,
      jsonb_build_object('balance', jsonb_build_object('type', 'loyalty_card', 'total', points_after, 'object', 'balance', 'points', points,
        'balance', balance_after, 'related_object', jsonb_build_object('id', card_id, 'type', 'voucher'))) || coalesce(details, '{}'::jsonb),
      at
    FROM added ORDER BY n),
  buckets AS (
    INSERT INTO point_buckets (id, project_id, voucher_id, transaction_id, points, remaining, expires_on, created_at)
    SELECT bucket_id, project_id, card_id, tx_id, points, points, expires_on, at FROM added)
  SELECT n, card_id, points_after, balance_after FROM added`;

/**
 * Points added to cards by code, for one balance change or several from parallel requests, in one
 * statement that commits on its own (plain SQL, see plain-sql.ts): the cards locked in id order,
 * their totals moved by what they gain (so an addition counts on whatever an earlier transaction
 * left, and never needs the card read first), one bucket and one POINTS_ADDITION per addition, each
 * transaction's balance the card's under the lock plus the additions before it, in the order given.
 * Returns, in that order, the card after each addition, or undefined where no card of that program
 * with a holder has the code (nothing written for it).
 */
export async function addPointsTogether(db: DbOrTx, additions: PointAddition[]): Promise<(AddedPoints | undefined)[]> {
  const upto = new Map<string, number>();
  const input = additions.map((a, n) => {
    const card = `${a.projectId}\u0000${a.code}\u0000${a.campaignId}`;
    const sum = (upto.get(card) ?? 0) + a.points;
    upto.set(card, sum);
    return {
      n,
      project_id: a.projectId,
      code: a.code,
      campaign_id: a.campaignId,
      points: a.points,
      upto: sum,
      bucket_id: a.bucketId,
      expires_on: a.expiresOn,
      tx_id: a.transactionId,
      source_id: a.sourceId,
      reason: a.reason,
      source: a.source,
      ...(a.details && { details: a.details }),
      at: a.at.toISOString(),
    };
  });
  const rows = await plainRows(db, text, [JSON.stringify(input)]);
  const added: (AddedPoints | undefined)[] = additions.map(() => undefined);
  for (const [n, cardId, points, balance] of rows) added[n as number] = { cardId: cardId as string, points: Number(points), balance: Number(balance) };
  return added;
}
