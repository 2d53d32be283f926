import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { bareAccrual } from './bare-accrual';
import { perSecond, type BareCard } from './bare-spend';

/**
 * The floor under Create order (paid, one matching rule) on PostgreSQL: what the service writes for
 * a new paid order, as bare SQL from this process, the way one would write it by hand: insert the
 * order row (paid now), record the customer.order.paid event, lock the member's card, move its
 * totals, add the bucket, record the card transaction naming the rule and the order, commit. It
 * knows the customer, the card and the points already; the service must also resolve the customer by
 * source id, look the order's source id up (the upsert), find the order-paid rules and the
 * customer's cards in their programs, and run the rules.
 */
export function bareOrderPerSecond(pool: pg.Pool, cards: BareCard[], ruleId: string, amount: number, points: number, seconds: number, connections: number): Promise<number> {
  let orders = 0;
  const run = `${process.pid}-${Date.now()}`;
  return perSecond(pool, cards, seconds, connections, async (client, card) => {
    const orderId = `ord_bare_${randomUUID()}`;
    const sourceId = `bare-order-${run}-${orders++}`;
    await client.query(
      `INSERT INTO orders (id, project_id, source_id, status, customer_id, referrer_id, amount, discount_amount, items_discount_amount, total_amount, items, metadata, paid_at, created_at)
       VALUES ($1, $2, $3, 'PAID', $4, NULL, $5, 0, 0, $5, '[]'::jsonb, '{}'::jsonb, now(), now())`,
      [orderId, card.projectId, sourceId, card.holderId, amount],
    );
    const eventId = `evcus_bare_${randomUUID()}`;
    await client.query(`INSERT INTO events (id, project_id, customer_id, type, metadata, created_at) VALUES ($1, $2, $3, 'customer.order.paid', $4::jsonb, now())`, [
      eventId,
      card.projectId,
      card.holderId,
      JSON.stringify({ order_id: orderId }),
    ]);
    await client.query('SELECT balance FROM vouchers WHERE id = $1 FOR UPDATE', [card.id]);
    await bareAccrual(client, card, { points, ruleId, reason: `bench order ${sourceId}`, details: { event: { id: eventId, type: 'customer.order.paid' }, order: { id: orderId, source_id: sourceId } } });
  });
}
