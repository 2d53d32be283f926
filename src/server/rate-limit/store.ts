/**
 * Where the rate limiter counts: one counter per key (a project) per fixed window. `hit` adds one
 * and returns the count after it, atomically, so parallel requests (and processes, for the shared
 * stores) never both see the last free slot.
 */
export interface RateLimitStore {
  hit(key: string, windowStart: number, windowMs: number): Promise<number>;
  close(): Promise<void>;
}
