/**
 * A few seconds' memory of rows a lookup found, for lookups on every request of a hot path. Only
 * found rows are kept, so a row written later is seen at once; a row that can change must be
 * dropped by whoever changes it (`forget`), and another process's change shows within `ttlMs`.
 */
export class LookupCache<T> {
  private readonly rows = new Map<string, { row: T; until: number }>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxRows = 10_000,
  ) {}

  async get(key: string, lookup: () => Promise<T | undefined>): Promise<T | undefined> {
    const now = Date.now();
    const hit = this.rows.get(key);
    if (hit && hit.until > now) return hit.row;
    const row = await lookup();
    if (row === undefined) {
      this.rows.delete(key);
      return undefined;
    }
    if (this.rows.size >= this.maxRows) this.rows.clear();
    this.rows.set(key, { row, until: now + this.ttlMs });
    return row;
  }

  forget(key: string): void {
    this.rows.delete(key);
  }

  clear(): void {
    this.rows.clear();
  }
}
