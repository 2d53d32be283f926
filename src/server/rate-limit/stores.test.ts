import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabases } from '../../../test/support/databases';
import type { Database } from '../../platform/db/client';
import { MemoryRateLimitStore } from './memory-store';
import { PostgresRateLimitStore } from './postgres-store';
import { RateLimiter } from './rate-limiter';
import { RedisRateLimitStore } from './redis-store';
import type { RateLimitStore } from './store';

const minute = 60_000;
const t0 = Date.UTC(2026, 10, 21, 10, 0, 0);

/** What every store must do, whatever it keeps counters in. `second` is another process's view of the same counters. */
function storeContract(open: () => Promise<{ store: RateLimitStore; second: RateLimitStore; close(): Promise<void> }>) {
  let store: RateLimitStore;
  let second: RateLimitStore;
  let close: () => Promise<void>;
  const key = () => `proj_${randomBytes(6).toString('hex')}`;
  beforeAll(async () => ({ store, second, close } = await open()));
  afterAll(() => close());

  it('counts atomically: 50 parallel hits get the counts 1..50 once each', async () => {
    const k = key();
    const counts = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? second : store).hit(k, t0, minute)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('starts again in the next window, and keeps keys apart', async () => {
    const [a, b] = [key(), key()];
    expect(await store.hit(a, t0, minute)).toBe(1);
    expect(await store.hit(a, t0, minute)).toBe(2);
    expect(await store.hit(b, t0, minute)).toBe(1);
    expect(await store.hit(a, t0 + minute, minute)).toBe(1);
  });
}

describe('memory rate-limit store', () => {
  storeContract(async () => {
    const store = new MemoryRateLimitStore();
    return { store, second: store, close: () => store.close() };
  });
});

describe.each(testDatabases())('PostgreSQL rate-limit store (%s)', (kind) => {
  let database: Database;
  storeContract(async () => {
    database = await openTestDatabase(kind);
    return { store: new PostgresRateLimitStore(database), second: new PostgresRateLimitStore(database), close: () => database.close() };
  });

  it('sweeps past windows', async () => {
    const store = new PostgresRateLimitStore(database);
    await store.hit('sweep', t0, minute);
    await store.hit('sweep', t0 + 5 * minute, minute);
    const rows = await database.execute<{ window_start: string }>("SELECT window_start FROM rate_limit_counters WHERE key = 'sweep'");
    expect(rows.map((r) => Number(r.window_start))).toEqual([t0 + 5 * minute]);
  });
});

// Redis runs in CI (.ci/run sets TEST_REDIS_URL); locally, set TEST_REDIS_URL=redis://127.0.0.1:6379.
describe.runIf(process.env.TEST_REDIS_URL !== undefined || process.env.REQUIRE_REDIS === '1')('Redis rate-limit store', () => {
  storeContract(async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const store = new RedisRateLimitStore(url, prefix);
    const second = new RedisRateLimitStore(url, prefix);
    return { store, second, close: async () => void (await Promise.all([store.close(), second.close()])) };
  });
});

describe('rate limiter decisions', () => {
  it('allows the limit per window, says how many are left and when the window ends', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore(), 2);
    const at = new Date(t0 + 45_500);
    expect(await limiter.check('p', at)).toEqual({ limit: 2, remaining: 1, resetAt: (t0 + minute) / 1000, exceeded: false, retryAfter: 15 });
    expect(await limiter.check('p', at)).toMatchObject({ remaining: 0, exceeded: false });
    expect(await limiter.check('p', at)).toMatchObject({ remaining: 0, exceeded: true, retryAfter: 15 });
    expect(await limiter.check('p', new Date(t0 + minute))).toMatchObject({ remaining: 1, exceeded: false, resetAt: (t0 + 2 * minute) / 1000 });
  });
});
