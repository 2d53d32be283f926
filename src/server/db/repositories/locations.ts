import { and, eq } from 'drizzle-orm';
import type { DateConditions, LocationFilters, LocationOrder, StringConditions } from '../../../contract/location';
import type { DbOrTx } from '../../../platform/db/client';
import { LookupCache } from '../lookup-cache';
import { plainRows, tableRows } from '../plain-sql';
import { locations } from '../../../platform/db/schema';

export type LocationRow = typeof locations.$inferSelect;

const dayMs = 24 * 60 * 60 * 1000;

/** `%`, `_` and the escape character itself match literally (PostgreSQL's default LIKE escape is `\`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** SQL conditions with their values, numbered after the values already collected. */
class Conditions {
  readonly sql: string[] = [];
  constructor(readonly values: unknown[]) {}
  /** `$n` for a new value. */
  value(v: unknown, cast = ''): string {
    this.values.push(v);
    return `$${this.values.length}${cast}`;
  }
  add(condition: string): void {
    this.sql.push(condition);
  }
}

/**
 * The name operators. `$is`/`$in` compare exactly; the pattern operators ignore case, so a search for
 * "dam" finds "Amsterdam" and "Dam Square" (the API does not say; this is what a search box needs).
 */
function nameConditions(where: Conditions, c: StringConditions): void {
  if (c.$in) where.add(`name = ANY(${where.value(c.$in, '::text[]')})`);
  if (c.$not_in) where.add(`name <> ALL(${where.value(c.$not_in, '::text[]')})`);
  if (c.$is !== undefined) where.add(`name = ${where.value(c.$is, '::text')}`);
  if (c.$is_not !== undefined) where.add(`name <> ${where.value(c.$is_not, '::text')}`);
  if (c.$has_value !== undefined) where.add('name IS NOT NULL');
  if (c.$is_unknown !== undefined) where.add('name IS NULL');
  if (c.$starts_with !== undefined) where.add(`name ILIKE ${where.value(`${escapeLike(c.$starts_with)}%`, '::text')}`);
  if (c.$ends_with !== undefined) where.add(`name ILIKE ${where.value(`%${escapeLike(c.$ends_with)}`, '::text')}`);
  if (c.$contains !== undefined) where.add(`name ILIKE ${where.value(`%${escapeLike(c.$contains)}%`, '::text')}`);
  if (c.$not_contain !== undefined) where.add(`name NOT ILIKE ${where.value(`%${escapeLike(c.$not_contain)}%`, '::text')}`);
}

/** Date operators; `$more_than`/`$less_than` count whole days back from `now` (the injected clock). */
function dateConditions(where: Conditions, column: 'created_at' | 'updated_at', c: DateConditions, now: Date): void {
  const at = (date: Date) => where.value(date.toISOString(), '::timestamptz');
  const daysAgo = (days: number) => new Date(now.getTime() - days * dayMs);
  if (c.$after) where.add(`${column} > ${at(c.$after)}`);
  if (c.$before) where.add(`${column} < ${at(c.$before)}`);
  if (c.$has_value !== undefined) where.add(`${column} IS NOT NULL`);
  if (c.$is_unknown !== undefined) where.add(`${column} IS NULL`);
  if (c.$more_than !== undefined) where.add(`${column} < ${at(daysAgo(c.$more_than))}`);
  if (c.$less_than !== undefined) where.add(`${column} > ${at(daysAgo(c.$less_than))}`);
}

function orderBy(order: LocationOrder): string {
  const dir = order.startsWith('-') ? 'DESC' : 'ASC';
  const byCreated = `created_at ${dir}, id ${dir}`;
  // Never-updated locations come last either way: "recently updated" should not start with them.
  return order.endsWith('updated_at') ? `updated_at ${dir} NULLS LAST, ${byCreated}` : byCreated;
}

export interface LocationQuery {
  limit: number;
  order: LocationOrder;
  filters?: LocationFilters;
  endDate?: Date;
  now: Date;
}

const locationRows = tableRows(locations);

/**
 * One page of a project's locations and the total matching the filters, in one statement (plain
 * SQL, see plain-sql.ts: listing locations is a hot read). The page is a LIMIT over an ordered scan
 * (top-N, narrow); the total is an uncorrelated subquery PostgreSQL runs once as an InitPlan,
 * counting over the index without touching the shapes. (A window count would carry every matching
 * row, shapes included, into the sort; README, "Why the hot paths look the way they do".)
 */
export async function listLocations(db: DbOrTx, projectId: string, q: LocationQuery): Promise<LocationList> {
  const where = new Conditions([projectId]);
  where.add('project_id = $1');
  if (q.filters?.name) nameConditions(where, q.filters.name.conditions);
  if (q.filters?.created_at) dateConditions(where, 'created_at', q.filters.created_at.conditions, q.now);
  if (q.filters?.updated_at) dateConditions(where, 'updated_at', q.filters.updated_at.conditions, q.now);
  // "Filters out all locations whose end date falls before the given date"; no end date never ends.
  if (q.endDate) where.add(`(end_date IS NULL OR end_date >= ${where.value(q.endDate.toISOString(), '::timestamptz')})`);
  const condition = where.sql.join(' AND ');
  const limit = where.value(q.limit, '::int');
  const text = `SELECT ${locationRows.columns()}, (SELECT count(*)::int FROM locations WHERE ${condition}) FROM locations WHERE ${condition} ORDER BY ${orderBy(q.order)} LIMIT ${limit}`;
  const list = await recentLists.get(`${text}\u0000${JSON.stringify(where.values)}`, async () => {
    const result = await plainRows(db, text, where.values);
    return { rows: result.map((values) => locationRows.row(values)), total: result.length ? (result[0].at(-1) as number) : 0 };
  });
  return list as LocationList;
}

interface LocationList {
  rows: LocationRow[];
  total: number;
}

/**
 * Lists answered in the last second, by their SQL and values (the project is the first value).
 * Locations are written only by fixture loads (loadLocations forgets them all); a load from another
 * process shows within a second. Under load the same list is asked for many times a second, and a
 * request that needs no database round trip does not queue behind other processes for the CPU
 * twice more (bench:api: List locations fell below 10× Prism on a busy host; Prism answers from
 * memory). Conditions on the time (`end_date`, days ago) carry the time in their values, so they
 * are not served from here.
 */
const recentLists = new LookupCache<LocationList>(1_000, 1_000);

/** Drops every remembered list: locations were written. */
export function forgetLocationLists(): void {
  recentLists.clear();
}

export async function findLocation(db: DbOrTx, projectId: string, id: string): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.projectId, projectId), eq(locations.id, id)))
    .limit(1);
  return row;
}
