import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { transactionsPerSecond } from './bare-transactions';

/** A card the bare transactions move points on. */
export interface BareCard {
  id: string;
  projectId: string;
  campaignId: string;
  holderId: string;
}

/** The cards of one program of the bench project, by program name. */
export async function bareCards(pool: pg.Pool, projectId: string, program: string): Promise<BareCard[]> {
  const { rows } = await pool.query<{ id: string; project_id: string; campaign_id: string; holder_id: string }>(
    'SELECT v.id, v.project_id, v.campaign_id, v.holder_id FROM vouchers v JOIN campaigns c ON c.id = v.campaign_id WHERE c.project_id = $1 AND c.name = $2 ORDER BY v.code',
    [projectId, program],
  );
  return rows.map((r) => ({ id: r.id, projectId: r.project_id, campaignId: r.campaign_id, holderId: r.holder_id }));
}

/** Runs `transaction` on `connections` pooled clients for `seconds`, over `cards` round robin; transactions per second. */
export function perSecond(pool: pg.Pool, cards: BareCard[], seconds: number, connections: number, transaction: (client: pg.PoolClient, card: BareCard) => Promise<void>): Promise<number> {
  let next = 0;
  return transactionsPerSecond(pool, seconds, connections, (client) => transaction(client, cards[next++ % cards.length]));
}

/**
 * The floor under Redeem reward on PostgreSQL: the redemption's writes alone, as bare SQL from this
 * process: lock the card, take the price from the bucket that expires soonest, move the card's
 * totals, record the card transaction and the redemption. The bench reward has no stock limit, so,
 * as in the service, the reward row is not written.
 */
export function bareRedeemPerSecond(pool: pg.Pool, cards: BareCard[], rewardId: string, price: number, seconds: number, connections: number): Promise<number> {
  return perSecond(pool, cards, seconds, connections, async (client, card) => {
    const { rows } = await client.query<{ balance: string }>('SELECT balance FROM vouchers WHERE id = $1 FOR UPDATE', [card.id]);
    if (Number(rows[0].balance) < price) throw new Error('the bare card ran out of points');
    const bucket = await client.query<{ id: string }>(
      'SELECT id FROM point_buckets WHERE voucher_id = $1 AND remaining >= $2 ORDER BY expires_on ASC NULLS LAST, created_at, id LIMIT 1 FOR UPDATE',
      [card.id, price],
    );
    await client.query('UPDATE point_buckets SET remaining = remaining - $2 WHERE id = $1', [bucket.rows[0].id, price]);
    const totals = await client.query<{ points: string; balance: string }>(
      'UPDATE vouchers SET balance = balance - $2, redeemed_points = redeemed_points + $2, updated_at = now() WHERE id = $1 RETURNING points, balance',
      [card.id, price],
    );
    const transactionId = `vtx_bare_${randomUUID()}`;
    await client.query(
      `INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, source, amount, balance, details, created_at)
       VALUES ($1, $2, $3, $4, 'POINTS_REDEMPTION', 'API', $5, $6, $7::jsonb, now())`,
      [transactionId, card.projectId, card.id, card.campaignId, -price, totals.rows[0].balance, JSON.stringify({ balance: { points: -price, balance: Number(totals.rows[0].balance) } })],
    );
    await client.query(
      `INSERT INTO redemptions (id, project_id, voucher_id, campaign_id, customer_id, reward_id, assignment_id, reward_type, points, transaction_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'rewa_bare', 'MATERIAL', $7, $8, now())`,
      [`r_bare_${randomUUID()}`, card.projectId, card.id, card.campaignId, card.holderId, rewardId, price, transactionId],
    );
  });
}

/**
 * The floor under Adjust balance on PostgreSQL: adding points as bare SQL from this process: lock
 * the card, move its totals, add the bucket, record the card transaction.
 */
export function bareAdjustPerSecond(pool: pg.Pool, cards: BareCard[], points: number, seconds: number, connections: number): Promise<number> {
  return perSecond(pool, cards, seconds, connections, async (client, card) => {
    await client.query('SELECT balance FROM vouchers WHERE id = $1 FOR UPDATE', [card.id]);
    const totals = await client.query<{ balance: string }>('UPDATE vouchers SET points = points + $2, balance = balance + $2, updated_at = now() WHERE id = $1 RETURNING balance', [card.id, points]);
    const transactionId = `vtx_bare_${randomUUID()}`;
    await client.query(
      `INSERT INTO point_buckets (id, project_id, voucher_id, transaction_id, points, remaining, expires_on, created_at) VALUES ($1, $2, $3, $4, $5, $5, NULL, now())`,
      [`lopb_bare_${randomUUID()}`, card.projectId, card.id, transactionId, points],
    );
    await client.query(
      `INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, reason, source, amount, balance, details, created_at)
       VALUES ($1, $2, $3, $4, 'POINTS_ADDITION', 'bench correction', 'API', $5, $6, $7::jsonb, now())`,
      [transactionId, card.projectId, card.id, card.campaignId, points, totals.rows[0].balance, JSON.stringify({ balance: { points, balance: Number(totals.rows[0].balance) } })],
    );
  });
}
