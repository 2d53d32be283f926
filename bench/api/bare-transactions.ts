import type pg from 'pg';

/**
 * Runs `transaction` between BEGIN and COMMIT on `connections` pooled clients for `seconds`, each
 * client one after another; transactions per second. The loop every bare SQL reference shares.
 */
export async function transactionsPerSecond(pool: pg.Pool, seconds: number, connections: number, transaction: (client: pg.PoolClient) => Promise<void>): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    const client = await pool.connect();
    try {
      while (Date.now() < deadline) {
        await client.query('BEGIN');
        await transaction(client);
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
