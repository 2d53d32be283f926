import { sql, type SQL } from 'drizzle-orm';
import type { DateRange } from '../../contract/common';

/** A list's `[before]`/`[after]` date filter on `column` as SQL conditions: strict bounds, none when not given. */
export function withinRange(column: SQL, range: DateRange | undefined): SQL[] {
  const conditions: SQL[] = [];
  if (range?.before) conditions.push(sql`${column} < ${range.before.toISOString()}::timestamptz`);
  if (range?.after) conditions.push(sql`${column} > ${range.after.toISOString()}::timestamptz`);
  return conditions;
}
