import { and, count, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, ne, notIlike, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DateConditions, LocationFilters, LocationOrder, StringConditions } from '../../../contract/location';
import type { DbOrTx } from '../client';
import { locations } from '../schema';

export type LocationRow = typeof locations.$inferSelect;

const dayMs = 24 * 60 * 60 * 1000;

/** `%`, `_` and the escape character itself match literally (PostgreSQL's default LIKE escape is `\`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The name operators. `$is`/`$in` compare exactly; the pattern operators ignore case, so a search for
 * "dam" finds "Amsterdam" and "Dam Square" (the API does not say; this is what a search box needs).
 */
function nameConditions(c: StringConditions): SQL[] {
  const name = locations.name;
  const out: (SQL | undefined)[] = [
    c.$in && inArray(name, c.$in),
    c.$not_in && notInArray(name, c.$not_in),
    c.$is !== undefined ? eq(name, c.$is) : undefined,
    c.$is_not !== undefined ? ne(name, c.$is_not) : undefined,
    c.$has_value !== undefined ? isNotNull(name) : undefined,
    c.$is_unknown !== undefined ? isNull(name) : undefined,
    c.$starts_with !== undefined ? ilike(name, `${escapeLike(c.$starts_with)}%`) : undefined,
    c.$ends_with !== undefined ? ilike(name, `%${escapeLike(c.$ends_with)}`) : undefined,
    c.$contains !== undefined ? ilike(name, `%${escapeLike(c.$contains)}%`) : undefined,
    c.$not_contain !== undefined ? notIlike(name, `%${escapeLike(c.$not_contain)}%`) : undefined,
  ];
  return out.filter((s): s is SQL => s !== undefined);
}

/** Date operators; `$more_than`/`$less_than` count whole days back from `now` (the injected clock). */
function dateConditions(column: PgColumn, c: DateConditions, now: Date): SQL[] {
  const daysAgo = (days: number) => new Date(now.getTime() - days * dayMs);
  const out: (SQL | undefined)[] = [
    c.$after && gt(column, c.$after),
    c.$before && lt(column, c.$before),
    c.$has_value !== undefined ? isNotNull(column) : undefined,
    c.$is_unknown !== undefined ? isNull(column) : undefined,
    c.$more_than !== undefined ? lt(column, daysAgo(c.$more_than)) : undefined,
    c.$less_than !== undefined ? gt(column, daysAgo(c.$less_than)) : undefined,
  ];
  return out.filter((s): s is SQL => s !== undefined);
}

function orderBy(order: LocationOrder): SQL[] {
  const dir = order.startsWith('-') ? sql`desc` : sql`asc`;
  const byCreated = [sql`${locations.createdAt} ${dir}`, sql`${locations.id} ${dir}`];
  // Never-updated locations come last either way: "recently updated" should not start with them.
  return order.endsWith('updated_at') ? [sql`${locations.updatedAt} ${dir} nulls last`, ...byCreated] : byCreated;
}

export interface LocationQuery {
  limit: number;
  order: LocationOrder;
  filters?: LocationFilters;
  endDate?: Date;
  now: Date;
}

/**
 * One page of a project's locations and the total matching the filters. The page is a LIMIT over an
 * ordered scan (top-N, narrow); the total is a separate count, skipped when the page is not full
 * (then the page is everything). A window count in one statement would carry every matching row,
 * shapes included, into the sort: 30 ms instead of 0.1 ms at 10,000 locations.
 */
export async function listLocations(db: DbOrTx, projectId: string, q: LocationQuery): Promise<{ rows: LocationRow[]; total: number }> {
  const where: SQL[] = [eq(locations.projectId, projectId)];
  if (q.filters?.name) where.push(...nameConditions(q.filters.name.conditions));
  if (q.filters?.created_at) where.push(...dateConditions(locations.createdAt, q.filters.created_at.conditions, q.now));
  if (q.filters?.updated_at) where.push(...dateConditions(locations.updatedAt, q.filters.updated_at.conditions, q.now));
  // "Filters out all locations whose end date falls before the given date"; no end date never ends.
  if (q.endDate) where.push(or(isNull(locations.endDate), gte(locations.endDate, q.endDate)) as SQL);
  const condition = and(...where);

  const rows = await db
    .select()
    .from(locations)
    .where(condition)
    .orderBy(...orderBy(q.order))
    .limit(q.limit);
  if (rows.length < q.limit) return { rows, total: rows.length };
  const [{ total }] = await db.select({ total: count() }).from(locations).where(condition);
  return { rows, total };
}

export async function findLocation(db: DbOrTx, projectId: string, id: string): Promise<LocationRow | undefined> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.projectId, projectId), eq(locations.id, id)))
    .limit(1);
  return row;
}
