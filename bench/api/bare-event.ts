import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { bareAccrual } from './bare-accrual';
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
    await bareAccrual(client, card, { points, ruleId, reason: 'bench visit', details: { event: { id: eventId } } });
  });
}
