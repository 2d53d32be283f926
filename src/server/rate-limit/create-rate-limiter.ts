import type { Database } from '../../platform/db/client';
import { MemoryRateLimitStore } from './memory-store';
import { PostgresRateLimitStore } from './postgres-store';
import { RateLimiter } from './rate-limiter';
import type { RateLimitStore } from './store';

export interface RateLimitConfig {
  perMinute: number;
  store: 'memory' | 'postgres' | 'redis';
  redisUrl: string;
}

/** The limiter the configuration asks for; Redis's client is loaded only when it is used. */
export async function createRateLimiter(config: RateLimitConfig, database: Database): Promise<RateLimiter> {
  let store: RateLimitStore;
  if (config.store === 'postgres') store = new PostgresRateLimitStore(database);
  else if (config.store === 'redis') store = new (await import('./redis-store')).RedisRateLimitStore(config.redisUrl);
  else store = new MemoryRateLimitStore();
  return new RateLimiter(store, config.perMinute);
}
