import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { perSecond, type BareCard } from './bare-spend';

/**
 * The floor under Track event on PostgreSQL: one event and the accrual it earns, as bare SQL from
 * this process, the way one would write it by hand: lock the member's card, record the event, move
 * the card's totals, add the bucket, record the card transaction (naming the rule that earned it), commit.
 * It knows the card and the points already; the service must also find the customer, the rules and
 * the cards, and run the rules.
 */
export function bareEventPerSecond(pool: pg.Pool, cards: BareCard[], ruleId: string, points: number, seconds: number, connections: number): Promise<number> {
  return perSecond(pool, cards, seconds, connections, async (client, card) => {
    await client.query('SELECT balance FROM vouchers WHERE id = $1 FOR UPDATE', [card.id]);
    const eventId = `evcus_bare_${randomUUID()}`;
    await client.query(
      `INSERT INTO events (id, project_id, customer_id, type, metadata, created_at) VALUES ($1, $2, $3, 'bench_visit', $4::jsonb, now())`,
      [eventId, card.projectId, card.holderId, JSON.stringify({ amount: 12 })],
    );
    const totals = await client.query<{ points: string; balance: string }>(
      'UPDATE vouchers SET points = points + $2, balance = balance + $2, updated_at = now() WHERE id = $1 RETURNING points, balance',
      [card.id, points],
    );
    const transactionId = `vtx_bare_${randomUUID()}`;
    await client.query(
      `INSERT INTO point_buckets (id, project_id, voucher_id, transaction_id, points, remaining, expires_on, created_at) VALUES ($1, $2, $3, $4, $5, $5, NULL, now())`,
      [`lopb_bare_${randomUUID()}`, card.projectId, card.id, transactionId, points],
    );
    const { balance } = totals.rows[0];
    await client.query(
      `INSERT INTO card_transactions (id, project_id, voucher_id, campaign_id, type, reason, source, amount, balance, details, earning_rule_id, created_at)
       VALUES ($1, $2, $3, $4, 'POINTS_ACCRUAL', 'bench visit', 'API', $5, $6, $7::jsonb, $8, now())`,
      [transactionId, card.projectId, card.id, card.campaignId, points, balance, JSON.stringify({ balance: { points, balance: Number(balance) }, event: { id: eventId } }), ruleId],
    );
  });
}
