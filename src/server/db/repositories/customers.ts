import { and, eq } from 'drizzle-orm';
import type { CustomerReference } from '../../../contract/customer';
import { notFound } from '../../lib/api-error';
import { newId } from '../../lib/ids';
import type { DbOrTx } from '../client';
import { plainRows, tableRows } from '../plain-sql';
import { customers } from '../schema';

export type CustomerRow = typeof customers.$inferSelect;
type ProfileUpdate = Partial<Pick<CustomerRow, 'name' | 'description' | 'email' | 'phone' | 'birthdate' | 'birthday' | 'address' | 'metadata'>>;

/** The profile fields a customer reference sets. */
export function profileOf(reference: Exclude<CustomerReference, string>): ProfileUpdate {
  const update: ProfileUpdate = {};
  for (const field of ['name', 'description', 'email', 'phone', 'birthdate', 'birthday', 'address', 'metadata'] as const) {
    if (reference[field] !== undefined) (update as Record<string, unknown>)[field] = reference[field];
  }
  return update;
}

export async function findCustomer(db: DbOrTx, projectId: string, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(and(eq(customers.projectId, projectId), eq(customers.id, id))).limit(1);
  return row;
}

export async function findCustomerBySourceId(db: DbOrTx, projectId: string, sourceId: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(and(eq(customers.projectId, projectId), eq(customers.sourceId, sourceId))).limit(1);
  return row;
}

export const customerRows = tableRows(customers);
const jsonColumns = new Set(['address', 'metadata']);

/** A profile update as columns and placeholders, numbered after the `values` already there. */
function profileColumns(profile: ProfileUpdate, values: unknown[]): { columns: string[]; placeholders: string[] } {
  const columns: string[] = [];
  const placeholders: string[] = [];
  for (const [column, value] of Object.entries(profile)) {
    const json = jsonColumns.has(column);
    values.push(json && value !== null ? JSON.stringify(value) : value);
    columns.push(column); // the profile's field names are the column names
    placeholders.push(json ? `$${values.length}::text::jsonb` : `$${values.length}::text`);
  }
  return { columns, placeholders };
}

export interface ResolvedCustomer {
  customer: CustomerRow;
  /** This statement created the customer. */
  created: boolean;
  /** Created, or its profile written: what customer-derived state (segments) must follow. */
  changed: boolean;
}

/**
 * Resolves `customer` of Add Member and events (DESIGN §2): a `cust_…` string or `id` must exist
 * (404 otherwise); a source id is created when unknown. Profile fields given update the customer.
 * The upsert is one statement, so parallel requests for a new source id create it once. Plain SQL
 * (see plain-sql.ts): both hot paths, Add Member and events, start here.
 */
export async function resolveCustomer(db: DbOrTx, projectId: string, reference: CustomerReference, now: Date): Promise<ResolvedCustomer> {
  const object = typeof reference === 'string' ? (reference.startsWith('cust_') ? { id: reference } : { source_id: reference }) : reference;
  const profile = profileOf(object);
  const profileGiven = Object.keys(profile).length > 0;
  const returning = customerRows.columns();
  if (object.id !== undefined) {
    const values: unknown[] = [projectId, object.id];
    let text = `SELECT ${returning} FROM customers WHERE project_id = $1 AND id = $2`;
    if (profileGiven) {
      const { columns, placeholders } = profileColumns(profile, values);
      values.push(now.toISOString());
      const set = columns.map((column, i) => `${column} = ${placeholders[i]}`).join(', ');
      text = `UPDATE customers SET ${set}, updated_at = $${values.length}::timestamptz WHERE project_id = $1 AND id = $2 RETURNING ${returning}`;
    }
    const [row] = await plainRows(db, text, values);
    if (!row) throw notFound('customer', object.id);
    return { customer: customerRows.row(row), created: false, changed: profileGiven };
  }
  const values: unknown[] = [];
  const text = `${upsertBySourceIdSql(values, { projectId, sourceId: object.source_id as string, profile, now })} RETURNING ${returning}, xmax = 0`;
  const [row] = await plainRows(db, text, values);
  // xmax is 0 on a row version this statement inserted, and set on one its ON CONFLICT updated.
  const created = row[row.length - 1] === true;
  return { customer: customerRows.row(row), created, changed: created || profileGiven };
}

/**
 * The upsert of a customer by source id, without its RETURNING, its values appended to `values`:
 * creates the customer with the profile given, or writes that profile over the existing one. With
 * `onlyIf`, an SQL condition, nothing happens unless it holds.
 */
export function upsertBySourceIdSql(values: unknown[], input: { projectId: string; sourceId: string; profile: ProfileUpdate; now: Date; onlyIf?: string }): string {
  values.push(newId('cust'), input.projectId, input.sourceId, input.now.toISOString());
  const [id, projectId, sourceId, now] = [values.length - 3, values.length - 2, values.length - 1, values.length].map((n) => `$${n}`);
  const { columns, placeholders } = profileColumns({ metadata: {}, ...input.profile }, values);
  const profileKeys = Object.keys(input.profile);
  // With nothing to change, touch no column that matters so the row is still returned. (excluded.created_at is now.)
  const set = profileKeys.length ? [...profileKeys.map((column) => `${column} = excluded.${column}`), 'updated_at = excluded.created_at'] : ['source_id = excluded.source_id'];
  return (
    `INSERT INTO customers (id, project_id, source_id, created_at, ${columns.join(', ')}) ` +
    `SELECT ${id}::text, ${projectId}::text, ${sourceId}::text, ${now}::timestamptz, ${placeholders.join(', ')}${input.onlyIf ? ` WHERE ${input.onlyIf}` : ''} ` +
    `ON CONFLICT (project_id, source_id) DO UPDATE SET ${set.join(', ')}`
  );
}
