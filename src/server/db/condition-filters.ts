import { and, or, sql, type SQL } from 'drizzle-orm';
import type { DateConditions, StringConditions } from '../../contract/filter-conditions';

/** A LIKE pattern matching `text` literally, with `%` around it as asked. */
function likePattern(text: string, before: boolean, after: boolean): string {
  const literal = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return `${before ? '%' : ''}${literal}${after ? '%' : ''}`;
}

/** FilterConditionsString on a text column, one SQL condition per operator given. */
export function stringConditions(column: SQL, c: StringConditions): SQL[] {
  const out: SQL[] = [];
  const list = (values: string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
  if (c.$in) out.push(sql`${column} IN (${list(c.$in)})`);
  if (c.$not_in) out.push(sql`${column} NOT IN (${list(c.$not_in)})`);
  if (c.$is !== undefined) out.push(sql`${column} = ${c.$is}`);
  if (c.$is_not !== undefined) out.push(sql`${column} IS DISTINCT FROM ${c.$is_not}`);
  if (c.$has_value !== undefined) out.push(sql`${column} IS NOT NULL`);
  if (c.$is_unknown !== undefined) out.push(sql`${column} IS NULL`);
  if (c.$starts_with !== undefined) out.push(sql`${column} LIKE ${likePattern(c.$starts_with, false, true)}`);
  if (c.$ends_with !== undefined) out.push(sql`${column} LIKE ${likePattern(c.$ends_with, true, false)}`);
  if (c.$contains !== undefined) out.push(sql`${column} LIKE ${likePattern(c.$contains, true, true)}`);
  if (c.$not_contain !== undefined) out.push(sql`${column} NOT LIKE ${likePattern(c.$not_contain, true, true)}`);
  return out;
}

/** FilterConditionsDateTime on a timestamp column; `$more_than`/`$less_than` days count back from `now` (the project's clock). */
export function dateConditions(column: SQL, c: DateConditions, now: Date): SQL[] {
  const out: SQL[] = [];
  const daysBack = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();
  if (c.$after) out.push(sql`${column} > ${c.$after.toISOString()}::timestamptz`);
  if (c.$before) out.push(sql`${column} < ${c.$before.toISOString()}::timestamptz`);
  if (c.$has_value !== undefined) out.push(sql`${column} IS NOT NULL`);
  if (c.$is_unknown !== undefined) out.push(sql`${column} IS NULL`);
  if (c.$more_than !== undefined) out.push(sql`${column} < ${daysBack(c.$more_than)}::timestamptz`);
  if (c.$less_than !== undefined) out.push(sql`${column} > ${daysBack(c.$less_than)}::timestamptz`);
  return out;
}

/** Conditions joined as the filters' junction says; undefined when there are none. */
export function joined(conditions: SQL[], junction: 'and' | 'or' = 'and'): SQL | undefined {
  if (conditions.length === 0) return undefined;
  return junction === 'or' ? or(...conditions) : and(...conditions);
}
