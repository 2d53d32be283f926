import type { RateLimitStore } from './store';

export interface RateLimitDecision {
  limit: number;
  remaining: number;
  /** Epoch seconds at which the window ends and the count starts again (X-Rate-Limit-Retry). */
  resetAt: number;
  exceeded: boolean;
  /** Seconds to wait when exceeded (Retry-After). */
  retryAfter: number;
}

/**
 * Per-project request limit over fixed one-minute windows, like the real API's per-minute plans
 * (api-facts §2). Fixed windows keep one counter per project, so the shared stores cost one atomic
 * increment per request; the price is that a burst straddling two windows may reach twice the limit
 * for a moment.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    readonly limit: number,
    readonly windowMs = 60_000,
  ) {}

  async check(key: string, now: Date): Promise<RateLimitDecision> {
    const windowStart = Math.floor(now.getTime() / this.windowMs) * this.windowMs;
    const hits = await this.store.hit(key, windowStart, this.windowMs);
    const windowEnd = windowStart + this.windowMs;
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - hits),
      resetAt: Math.ceil(windowEnd / 1000),
      exceeded: hits > this.limit,
      retryAfter: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
    };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
