import { rowsOf, sql, type DbOrTx } from '../../../platform/db/client';

/**
 * What deleting a customer writes (services/customer-deletion.ts). The customer's row stays, since
 * the ledger, orders, events and publications name it; deletion hides it from every customer read
 * (`deleted_at`) and frees its source id; permanent deletion also erases what the customer told us
 * wherever a copy of it is kept.
 */

const count = async (db: DbOrTx, query: ReturnType<typeof sql>) => (await rowsOf<{ n: number }>(db, sql`WITH changed AS (${query} RETURNING 1) SELECT count(*)::int AS n FROM changed`))[0].n;

/** Hides the customer from customer reads and frees its source id for a new customer. */
export async function markCustomerDeleted(db: DbOrTx, customerId: string, now: Date): Promise<void> {
  await db.execute(sql`UPDATE customers SET deleted_at = ${now.toISOString()}::timestamptz, deleted_source_id = source_id, source_id = NULL WHERE id = ${customerId}`);
}

/** The customer leaves every segment. Returns how many memberships ended. */
export function removeSegmentMemberships(db: DbOrTx, customerId: string): Promise<number> {
  return count(db, sql`DELETE FROM segment_members WHERE customer_id = ${customerId}`);
}

/** The profile emptied: every field a person gave (name, e-mail, phone, address, dates, metadata) and the source id. */
export async function eraseProfile(db: DbOrTx, customerId: string): Promise<void> {
  await db.execute(sql`UPDATE customers SET name = NULL, description = NULL, email = NULL, phone = NULL, birthdate = NULL, birthday = NULL,
    address = NULL, metadata = '{}'::jsonb, source_id = NULL, deleted_source_id = NULL WHERE id = ${customerId}`);
}

/** The customer's custom events keep their place in the ledger, without what they carried. Returns how many. */
export function eraseCustomerEvents(db: DbOrTx, projectId: string, customerId: string): Promise<number> {
  return count(db, sql`UPDATE events SET metadata = '{}'::jsonb, referral = NULL WHERE project_id = ${projectId} AND customer_id = ${customerId}`);
}

/** The customer's orders keep their amounts and lines (what the points were earned on), without their metadata. Returns how many. */
export function eraseCustomerOrders(db: DbOrTx, projectId: string, customerId: string): Promise<number> {
  return count(db, sql`UPDATE orders SET metadata = '{}'::jsonb WHERE project_id = ${projectId} AND customer_id = ${customerId}`);
}

/**
 * The customer's publications and redemptions: their tracking id (the customer's source id then) and
 * what a client sent with them (metadata; a pay-with-points redemption's order).
 */
export async function erasePublicationsAndRedemptions(db: DbOrTx, projectId: string, customerId: string): Promise<void> {
  await db.execute(sql`UPDATE publications SET metadata = '{}'::jsonb, tracking_id = NULL WHERE project_id = ${projectId} AND customer_id = ${customerId}`);
  await db.execute(sql`UPDATE redemptions SET metadata = NULL, order_data = NULL, tracking_id = NULL WHERE project_id = ${projectId} AND customer_id = ${customerId}`);
}

/** A POSIX regular expression matching every JSON string that contains `value`, quotes included. */
function jsonStringsContaining(value: string): string {
  const escaped = JSON.stringify(value).slice(1, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `"([^"\\\\]|\\\\.)*${escaped}([^"\\\\]|\\\\.)*"`;
}

/**
 * Copies of the profile inside stored JSON: webhook payloads about the customer (outbox rows and
 * sendouts whose text names the customer's id; a receiver's answers to them are dropped),
 * async-action requests (order imports name customers by profile) and the fixture a reset reloads
 * (so a reset does not bring the person back). Every JSON string that contains
 * one of `values` becomes "[erased]", so the JSON stays valid and a value quoted inside a longer
 * text (an order note naming the person) goes too.
 */
export async function scrubStoredCopies(db: DbOrTx, projectId: string, customerId: string, values: string[]): Promise<void> {
  const aboutCustomer = `%${customerId}%`;
  await db.execute(sql`UPDATE webhook_attempts a SET response = NULL FROM webhook_sendouts s
    WHERE a.sendout_id = s.id AND s.project_id = ${projectId} AND s.body LIKE ${aboutCustomer}`);
  for (const value of new Set(values)) {
    const pattern = jsonStringsContaining(value);
    await db.execute(sql`UPDATE webhook_sendouts SET body = regexp_replace(body, ${pattern}, '"[erased]"', 'g')
      WHERE project_id = ${projectId} AND body LIKE ${aboutCustomer} AND body ~ ${pattern}`);
    await db.execute(sql`UPDATE webhook_outbox SET payload = regexp_replace(payload::text, ${pattern}, '"[erased]"', 'g')::jsonb
      WHERE project_id = ${projectId} AND payload::text LIKE ${aboutCustomer} AND payload::text ~ ${pattern}`);
    await db.execute(sql`UPDATE project_fixtures SET document = regexp_replace(document::text, ${pattern}, '"[erased]"', 'g')::jsonb
      WHERE project_id = ${projectId} AND document::text ~ ${pattern}`);
    await db.execute(sql`UPDATE async_actions SET payload = regexp_replace(payload::text, ${pattern}, '"[erased]"', 'g')::jsonb,
        failures = regexp_replace(failures::text, ${pattern}, '"[erased]"', 'g')::jsonb
      WHERE project_id = ${projectId} AND (payload::text ~ ${pattern} OR failures::text ~ ${pattern})`);
  }
}

/**
 * The request log: the requests about the customer (by id, or by the source id or e-mail a client
 * named them with) go; in the others, which may show them among many (a list), each value becomes
 * "[erased]" as plain text, since a body cut at its size limit need not be whole JSON.
 */
export async function eraseFromRequestLog(db: DbOrTx, projectId: string, customerId: string, values: string[]): Promise<void> {
  await db.execute(sql`DELETE FROM request_log WHERE project_id = ${projectId} AND customer_ids && ${sql.param([customerId, ...values])}::text[]`);
  for (const value of new Set(values)) {
    const contains = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    await db.execute(sql`UPDATE request_log SET request_body = replace(request_body, ${value}, '[erased]'), response_body = replace(response_body, ${value}, '[erased]'),
        path = replace(path, ${value}, '[erased]'), query = replace(query, ${value}, '[erased]')
      WHERE project_id = ${projectId} AND (request_body LIKE ${contains} OR response_body LIKE ${contains} OR path LIKE ${contains} OR query LIKE ${contains})`);
  }
}
