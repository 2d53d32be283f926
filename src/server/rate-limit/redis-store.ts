import { Redis } from 'ioredis';
import type { RateLimitStore } from './store';

/**
 * Counters in Redis (RATE_LIMIT_STORE=redis), for several service processes without loading the
 * database with a write per request: INCR and PEXPIRE in one MULTI, keys expire with their window.
 */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'loyalty:rate:') {
    // Fail a request fast rather than queue it behind a Redis that is down.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
  }

  async hit(key: string, windowStart: number, windowMs: number): Promise<number> {
    const redisKey = `${this.prefix}${key}:${windowStart}`;
    const results = await this.redis.multi().incr(redisKey).pexpire(redisKey, windowMs * 2).exec();
    const [error, hits] = results?.[0] ?? [new Error('Redis returned no result'), 0];
    if (error) throw error;
    return Number(hits);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
