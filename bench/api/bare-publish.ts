import type pg from 'pg';
import { transactionsPerSecond } from './bare-transactions';

/**
 * The floor under Add Member on PostgreSQL: the publish transaction alone, as bare SQL from this
 * process (lock the next free card with SKIP LOCKED, give it to a customer), `connections` at a time.
 */
export function bareTransactionsPerSecond(pool: pg.Pool, campaignId: string, customerId: string, seconds: number, connections: number): Promise<number> {
  return transactionsPerSecond(pool, seconds, connections, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM vouchers WHERE campaign_id = $1 AND holder_id IS NULL AND active
         AND (start_date IS NULL OR start_date <= now()) AND (expiration_date IS NULL OR expiration_date > now())
       ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [campaignId],
    );
    if (rows.length === 0) throw new Error('the bare pool ran out of free cards');
    await client.query('UPDATE vouchers SET holder_id = $2, publish_count = publish_count + 1, updated_at = now() WHERE id = $1', [rows[0].id, customerId]);
  });
}
