import type { Database } from '../../src/platform/db/client';

/**
 * A fingerprint of every table of the service (count and an md5 over the sorted rows), to prove a
 * request changed nothing. The rate limiter's counters and the request log change on every request by design.
 */
export async function databaseChecksum(database: Database, exclude: readonly string[] = ['rate_limit_counters', 'request_log']): Promise<Record<string, string>> {
  const tables = await database.execute<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    if (exclude.includes(name)) continue;
    const [row] = await database.execute<{ n: number; h: string }>(`SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${name}" t`);
    sums[name] = `${row.n}:${row.h}`;
  }
  return sums;
}
