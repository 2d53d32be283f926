import type { DateConditions, StringConditions } from '../../../contract/filter-conditions';
import type { SqlValue } from './export-rows';

/**
 * A filter's conditions as SQL text over an export's rows (`t`), each value through `value` (a
 * bind parameter, or an escaped literal for COPY): the export twin of `db/condition-filters.ts`,
 * which builds Drizzle SQL for the lists. One condition per operator, joined by the junction.
 */

const likePattern = (text: string, before: boolean, after: boolean) => `${before ? '%' : ''}${text.replace(/[\\%_]/g, (c) => `\\${c}`)}${after ? '%' : ''}`;
const list = (values: readonly string[], value: SqlValue) => values.map((v) => value(v)).join(', ');

/**
 * A card named by its id or its code (the contract's examples name cards by id; the API takes
 * either everywhere else): membership and equality hold when either matches; the text operators
 * look at the id, which is what the column holds.
 */
export function cardNameConditions(idColumn: string, c: StringConditions, value: SqlValue, projectId: string): string[] {
  const named = (values: readonly string[]) =>
    `(${idColumn} IN (${list(values, value)}) OR ${idColumn} IN (SELECT v.id FROM vouchers v WHERE v.project_id = ${value(projectId)} AND v.code IN (${list(values, value)})))`;
  const out: string[] = [];
  if (c.$in) out.push(named(c.$in));
  if (c.$not_in) out.push(`NOT ${named(c.$not_in)}`);
  if (c.$is !== undefined) out.push(named([c.$is]));
  if (c.$is_not !== undefined) out.push(`NOT ${named([c.$is_not])}`);
  // A card transaction and a bucket always name their card.
  if (c.$has_value !== undefined) out.push('TRUE');
  if (c.$is_unknown !== undefined) out.push('FALSE');
  if (c.$starts_with !== undefined) out.push(`${idColumn} LIKE ${value(likePattern(c.$starts_with, false, true))}`);
  if (c.$ends_with !== undefined) out.push(`${idColumn} LIKE ${value(likePattern(c.$ends_with, true, false))}`);
  if (c.$contains !== undefined) out.push(`${idColumn} LIKE ${value(likePattern(c.$contains, true, true))}`);
  if (c.$not_contain !== undefined) out.push(`${idColumn} NOT LIKE ${value(likePattern(c.$not_contain, true, true))}`);
  return out;
}

/** FilterConditionsDateTime on a timestamp column; `$more_than`/`$less_than` count whole days back from `now` (the project's clock). */
export function dateConditionSql(column: string, c: DateConditions, value: SqlValue, now: Date): string[] {
  const at = (date: Date) => `${value(date.toISOString())}::timestamptz`;
  const daysBack = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const out: string[] = [];
  if (c.$after) out.push(`${column} > ${at(c.$after)}`);
  if (c.$before) out.push(`${column} < ${at(c.$before)}`);
  if (c.$has_value !== undefined) out.push(`${column} IS NOT NULL`);
  if (c.$is_unknown !== undefined) out.push(`${column} IS NULL`);
  if (c.$more_than !== undefined) out.push(`${column} < ${at(daysBack(c.$more_than))}`);
  if (c.$less_than !== undefined) out.push(`${column} > ${at(daysBack(c.$less_than))}`);
  return out;
}

/** The conditions joined as the junction says (none: every row). */
export function joinedSql(conditions: string[], junction: 'and' | 'or' = 'and'): string {
  if (conditions.length === 0) return 'TRUE';
  return `(${conditions.join(junction === 'or' ? ' OR ' : ' AND ')})`;
}
