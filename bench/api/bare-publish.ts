import type pg from 'pg';

/**
 * The floor under Add Member on PostgreSQL: the publish transaction alone, as bare SQL from this
 * process (lock the next free card with SKIP LOCKED, give it to a customer), `connections` at a time.
 */
export async function bareTransactionsPerSecond(pool: pg.Pool, campaignId: string, customerId: string, seconds: number, connections: number): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    const client = await pool.connect();
    try {
      while (Date.now() < deadline) {
        await client.query('BEGIN');
        const { rows } = await client.query<{ id: string }>(
          `SELECT id FROM vouchers WHERE campaign_id = $1 AND holder_id IS NULL AND active
             AND (start_date IS NULL OR start_date <= now()) AND (expiration_date IS NULL OR expiration_date > now())
           ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [campaignId],
        );
        if (rows.length === 0) throw new Error('the bare pool ran out of free cards');
        await client.query('UPDATE vouchers SET holder_id = $2, publish_count = publish_count + 1, updated_at = now() WHERE id = $1', [rows[0].id, customerId]);
        await client.query('COMMIT');
        done++;
      }
    } finally {
      client.release();
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, worker));
  return done / ((Date.now() - started) / 1000);
}
