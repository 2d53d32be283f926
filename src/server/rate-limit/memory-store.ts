import type { RateLimitStore } from './store';

/** The embedded default: counters in this process (one process, one count). */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counters = new Map<string, { windowStart: number; hits: number }>();

  async hit(key: string, windowStart: number): Promise<number> {
    const counter = this.counters.get(key);
    if (!counter || counter.windowStart !== windowStart) {
      this.counters.set(key, { windowStart, hits: 1 });
      return 1;
    }
    counter.hits += 1;
    return counter.hits;
  }

  async close(): Promise<void> {
    this.counters.clear();
  }
}
