import { and, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { CustomerReference } from '../../../contract/customer';
import { notFound } from '../../lib/api-error';
import { newId } from '../../../platform/ids';
import type { DbOrTx } from '../../../platform/db/client';
import { arrayParam, plainRows, tableRows } from '../plain-sql';
import { customers } from '../../../platform/db/schema';

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
  const [row] = await db.select().from(customers).where(and(eq(customers.projectId, projectId), eq(customers.id, id), isNull(customers.deletedAt))).limit(1);
  return row;
}

/** The customer, locked to the end of the transaction (a deletion: a parallel upsert or deletion waits for it). */
export async function lockCustomer(db: DbOrTx, projectId: string, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(and(eq(customers.projectId, projectId), eq(customers.id, id), isNull(customers.deletedAt))).limit(1).for('update');
  return row;
}

/**
 * A deleted customer by id or by the source id it had (the latest such), locked: permanent deletion
 * still reaches one, whose profile a plain deletion kept.
 */
export async function lockDeletedCustomer(db: DbOrTx, projectId: string, ref: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.projectId, projectId), isNotNull(customers.deletedAt), or(eq(customers.id, ref), eq(customers.deletedSourceId, ref))))
    .orderBy(desc(customers.deletedAt))
    .limit(1)
    .for('update');
  return row;
}

export async function findCustomerBySourceId(db: DbOrTx, projectId: string, sourceId: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(and(eq(customers.projectId, projectId), eq(customers.sourceId, sourceId))).limit(1);
  return row;
}

export const customerRows = tableRows(customers);
const jsonColumns = new Set(['address', 'metadata']);

/** A profile field as the text the driver sends for it: JSON columns as JSON text. */
function profileText(column: string, value: unknown): unknown {
  return jsonColumns.has(column) && value !== null ? JSON.stringify(value) : value;
}

/** SQL turning `text`, a text expression, into the column's type. */
function fromText(column: string, text: string): string {
  return jsonColumns.has(column) ? `${text}::jsonb` : text;
}

/** A profile update as columns and placeholders, numbered after the `values` already there. */
function profileColumns(profile: ProfileUpdate, values: unknown[]): { columns: string[]; placeholders: string[] } {
  const columns: string[] = [];
  const placeholders: string[] = [];
  for (const [column, value] of Object.entries(profile)) {
    values.push(profileText(column, value));
    columns.push(column); // the profile's field names are the column names
    placeholders.push(fromText(column, `$${values.length}::text`));
  }
  return { columns, placeholders };
}

const bySourceIdText = `SELECT ${customerRows.columns()} FROM customers WHERE project_id = $1 AND source_id = $2`;

export interface ResolvedCustomer {
  customer: CustomerRow;
  /** This statement created the customer. */
  created: boolean;
  /** Created, or its profile written: what customer-derived state (segments) must follow. */
  changed: boolean;
}

/**
 * Resolves `customer` of Add Member and events (docs/architecture.md, decisions): a `cust_…` string or `id` must exist
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
    let text = `SELECT ${returning} FROM customers WHERE project_id = $1 AND id = $2 AND deleted_at IS NULL`;
    if (profileGiven) {
      const { columns, placeholders } = profileColumns(profile, values);
      values.push(now.toISOString());
      const set = columns.map((column, i) => `${column} = ${placeholders[i]}`).join(', ');
      text = `UPDATE customers SET ${set}, updated_at = $${values.length}::timestamptz WHERE project_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING ${returning}`;
    }
    const [row] = await plainRows(db, text, values);
    if (!row) throw notFound('customer', object.id);
    return { customer: customerRows.row(row), created: false, changed: profileGiven };
  }
  if (!profileGiven) {
    // A customer named by source id alone, already there, is read rather than upserted: the upsert
    // would hold its row exclusively to the end of the transaction, and a redemption or the
    // one-statement event on one of their cards, holding that card, waits for a share of the row
    // (its foreign keys) while this transaction waits for the card: a deadlock.
    const [found] = await plainRows(db, bySourceIdText, [projectId, object.source_id]);
    if (found) return { customer: customerRows.row(found), created: false, changed: false };
  }
  const values: unknown[] = [];
  const upsert = upsertBySourceIdSql(values, { projectId, rows: [{ id: newId('cust'), sourceId: object.source_id as string, profile, now }] });
  const text = `${upsert} RETURNING ${returning}, xmax = 0`;
  const [row] = await plainRows(db, text, values);
  // xmax is 0 on a row version this statement inserted, and set on one its ON CONFLICT updated.
  const created = row[row.length - 1] === true;
  return { customer: customerRows.row(row), created, changed: created || profileGiven };
}

/**
 * Customers upserted by source id in one statement (upsertBySourceIdSql; the rows give the same
 * profile fields, no source id twice): each one's id, in the rows' order.
 */
export async function upsertCustomersBySourceId(db: DbOrTx, projectId: string, rows: SourceIdUpsert[]): Promise<string[]> {
  const values: unknown[] = [];
  const text = `${upsertBySourceIdSql(values, { projectId, rows })} RETURNING id, source_id`;
  const ids = new Map((await plainRows(db, text, values)).map(([id, sourceId]) => [sourceId as string, id as string]));
  return rows.map((row) => ids.get(row.sourceId) as string);
}

/** One customer for upsertBySourceIdSql. */
export interface SourceIdUpsert {
  /** The id a new customer gets. */
  id: string;
  sourceId: string;
  profile: ProfileUpdate;
  now: Date;
}

/**
 * The upsert of customers by source id, without its RETURNING, its values appended to `values`:
 * creates each customer with the profile given, or writes that profile over the existing one. Every
 * row gives the same profile fields, and no source id comes twice. Rows go in source id order, so
 * two statements that share customers take their locks in the same order and cannot deadlock. With
 * `onlyIf`, an SQL condition, nothing happens unless it holds.
 */
export function upsertBySourceIdSql(values: unknown[], input: { projectId: string; rows: SourceIdUpsert[]; onlyIf?: string }): string {
  const profileKeys = Object.keys(input.rows[0].profile);
  const columns = ['metadata', ...profileKeys.filter((key) => key !== 'metadata')];
  const array = (list: unknown[], type: string) => arrayParam(values, list, type);
  values.push(input.projectId);
  const projectId = `$${values.length}::text`;
  const arrays = [
    array(input.rows.map((r) => r.id), 'text'),
    array(input.rows.map((r) => r.sourceId), 'text'),
    array(input.rows.map((r) => r.now.toISOString()), 'timestamptz'),
    ...columns.map((column) => array(input.rows.map((r) => profileText(column, column in r.profile ? r.profile[column as keyof ProfileUpdate] : {})), 'text')),
  ];
  const names = ['id', 'source_id', 'now', ...columns.map((column) => `p_${column}`)];
  // With nothing to change, touch no column that matters so the row is still returned. (excluded.created_at is the row's now.)
  const set = profileKeys.length ? [...profileKeys.map((column) => `${column} = excluded.${column}`), 'updated_at = excluded.created_at'] : ['source_id = excluded.source_id'];
  return (
    `INSERT INTO customers (id, project_id, source_id, created_at, ${columns.join(', ')}) ` +
    `SELECT u.id, ${projectId}, u.source_id, u.now, ${columns.map((column) => fromText(column, `u.p_${column}`)).join(', ')} ` +
    `FROM unnest(${arrays.join(', ')}) AS u(${names.join(', ')})${input.onlyIf ? ` WHERE ${input.onlyIf}` : ''} ORDER BY u.source_id ` +
    `ON CONFLICT (project_id, source_id) DO UPDATE SET ${set.join(', ')}`
  );
}

/** A new customer (POST /v1/customers without an id or a source id). */
export async function insertCustomer(db: DbOrTx, customer: typeof customers.$inferInsert): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(customer).returning();
  return row;
}

/** The fields given written over the customer's (PUT /v1/customers/{customerId}); the caller found it in the project. */
export async function updateCustomerRow(db: DbOrTx, id: string, changes: Partial<typeof customers.$inferInsert>): Promise<CustomerRow> {
  const [row] = await db.update(customers).set(changes).where(eq(customers.id, id)).returning();
  return row;
}
