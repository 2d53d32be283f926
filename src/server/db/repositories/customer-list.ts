import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { CustomerListQuery } from '../../../contract/customer';
import { withinRange } from '../date-range';
import type { DbOrTx } from '../../../platform/db/client';
import { customers, segmentMembers } from '../../../platform/db/schema';
import type { CustomerRow } from './customers';

/** The same text, ignoring case, as the expression indexes of migration 0010 compare it. */
const sameText = (column: SQL, value: string) => sql`lower(${column}) = lower(${value})`;

/** Every filter of the query as SQL: none is left out (issue 34: a list that ignored `email` answered another person). */
function conditions(projectId: string, query: CustomerListQuery): SQL {
  const where: (SQL | undefined)[] = [eq(customers.projectId, projectId), isNull(customers.deletedAt)];
  if (query.segment_id !== undefined) {
    where.push(inArray(customers.id, sql`(SELECT ${segmentMembers.customerId} FROM ${segmentMembers} WHERE ${segmentMembers.segmentId} = ${query.segment_id})`));
  }
  if (query.email !== undefined) where.push(sameText(sql`${customers.email}`, query.email));
  if (query.name !== undefined) where.push(sameText(sql`${customers.name}`, query.name));
  if (query.city !== undefined) where.push(sameText(sql`${customers.address}->>'city'`, query.city));
  const day = (value: string | undefined) => (value === undefined ? undefined : new Date(value));
  const range = (before: string | undefined, after: string | undefined) => ({ before: day(before), after: day(after) });
  where.push(...withinRange(sql`${customers.createdAt}`, range(query['created_at[before]'], query['created_at[after]'])));
  where.push(...withinRange(sql`${customers.updatedAt}`, range(query['updated_at[before]'], query['updated_at[after]'])));
  if (query.starting_after !== undefined) {
    const { column, ascending } = cursorOf(query.order);
    where.push((ascending ? gt : lt)(column, new Date(query.starting_after)));
  }
  return and(...where) as SQL;
}

/** `starting_after` is a date on `updated_at` when the list is in that order, else on `created_at`; after it when ascending. */
function cursorOf(order: CustomerListQuery['order']) {
  const ascending = order === 'created_at' || order === 'updated_at';
  return { column: order.endsWith('updated_at') ? customers.updatedAt : customers.createdAt, ascending };
}

function orderBy(order: CustomerListQuery['order']): SQL[] {
  const direction = order.startsWith('-') ? desc : asc;
  const column = order.endsWith('updated_at') ? customers.updatedAt : order.endsWith('source_id') ? customers.sourceId : customers.createdAt;
  // Never-updated customers (no updated_at) and those without a source id come last either way.
  return [sql`${direction(column)} NULLS LAST`, direction(customers.id)];
}

/** A page of the project's customers matching every filter of `query`, the number matching, in the order asked. */
export async function customersMatching(db: DbOrTx, projectId: string, query: CustomerListQuery): Promise<{ rows: CustomerRow[]; total: number }> {
  const where = conditions(projectId, query);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      .orderBy(...orderBy(query.order))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return { rows, total: n };
}
