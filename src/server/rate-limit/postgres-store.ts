import type { Database } from '../../platform/db/client';
import type { RateLimitStore } from './store';

/**
 * Counters in the shared database (RATE_LIMIT_STORE=postgres), for several service processes on one
 * PostgreSQL: one upsert per request, atomic under concurrency (ON CONFLICT takes the row lock).
 * Past windows are swept once per window per process.
 */
export class PostgresRateLimitStore implements RateLimitStore {
  private sweptWindow = 0;

  constructor(private readonly database: Database) {}

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const [row] = await this.database.execute<{ hits: number }>(
      `INSERT INTO rate_limit_counters (key, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_counters.hits + 1
       RETURNING hits`,
      [key, windowStart],
    );
    if (this.sweptWindow !== windowStart) {
      this.sweptWindow = windowStart;
      await this.database.execute('DELETE FROM rate_limit_counters WHERE window_start < $1', [windowStart - windowMs]);
    }
    return Number(row.hits);
  }

  async close(): Promise<void> {
    // The database belongs to the service context.
  }
}
