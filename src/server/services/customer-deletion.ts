import type { PermanentDeletion } from '../../contract/customer';
import type { DbOrTx } from '../../platform/db/client';
import { newId } from '../../platform/ids';
import type { ServiceContext } from '../context';
import { eraseCustomerEvents, eraseFromRequestLog, eraseCustomerOrders, eraseProfile, erasePublicationsAndRedemptions, markCustomerDeleted, removeSegmentMemberships, scrubStoredCopies } from '../db/repositories/customer-erasure';
import { findCustomer, findCustomerBySourceId, lockCustomer, lockDeletedCustomer, type CustomerRow } from '../db/repositories/customers';
import { notFound } from '../lib/api-error';

/** The customer by id or source id, locked so a parallel upsert or deletion waits for this one. */
async function lockedCustomer(db: DbOrTx, projectId: string, ref: string): Promise<CustomerRow> {
  const found = (await findCustomer(db, projectId, ref)) ?? (await findCustomerBySourceId(db, projectId, ref));
  if (!found) throw notFound('customer', ref);
  // Deleted by a parallel request between the read and the lock: not found, as it would be now.
  const locked = await lockCustomer(db, projectId, found.id);
  if (!locked) throw notFound('customer', ref);
  return locked;
}

/**
 * DELETE /v1/customers/{customerId} (id or source id). The customer is gone from every customer read
 * (get, list, search, segments, events and Add Member by id), its source id free for a new one; its
 * cards keep their balance and history (the ledger is a record of what happened), still read by code.
 */
export async function deleteCustomer(ctx: ServiceContext, projectId: string, ref: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const customer = await lockedCustomer(tx, projectId, ref);
    await removeSegmentMemberships(tx, customer.id);
    await markCustomerDeleted(tx, customer.id, ctx.clock.now());
  });
}

/**
 * The customer to erase: a live one as above, else one deleted earlier whose profile still holds
 * something the person gave (a plain deletion keeps it; erasing is how it goes). An erased one is not found.
 */
async function customerToErase(db: DbOrTx, projectId: string, ref: string): Promise<CustomerRow> {
  const live = (await findCustomer(db, projectId, ref)) ?? (await findCustomerBySourceId(db, projectId, ref));
  if (live) return lockedCustomer(db, projectId, ref);
  const deleted = await lockDeletedCustomer(db, projectId, ref);
  if (!deleted || personalValues(deleted).length === 0) throw notFound('customer', ref);
  return deleted;
}

/** The values a person gave that copies elsewhere may hold: what permanent deletion searches for. */
function personalValues(customer: CustomerRow): string[] {
  const texts = [customer.sourceId, customer.deletedSourceId, customer.name, customer.email, customer.phone, customer.description, customer.birthdate, customer.birthday];
  const nested = [...Object.values(customer.address ?? {}), ...Object.values(customer.metadata)];
  return [...texts, ...nested].filter((value): value is string => typeof value === 'string' && value.trim().length > 0);
}

/**
 * POST /v1/customers/{customerId}/permanent-deletion: deleted as above, and what the customer told
 * us erased everywhere a copy is kept (docs/architecture.md, decisions): the profile, the request log, the metadata of
 * their events, orders, publications and redemptions, and their values inside stored webhook payloads and import
 * requests. Amounts, lines and the ledger stay, without a person behind them. Answers the contract's
 * deletion record, counting what was erased.
 */
export async function deleteCustomerPermanently(ctx: ServiceContext, projectId: string, ref: string): Promise<PermanentDeletion> {
  const now = ctx.clock.now();
  // The requests answered so far are written first, so their entries are erased with the rest.
  await ctx.requestLog?.flush();
  return ctx.db.transaction(async (tx) => {
    const customer = await customerToErase(tx, projectId, ref);
    const segments = await removeSegmentMemberships(tx, customer.id);
    if (!customer.deletedAt) await markCustomerDeleted(tx, customer.id, now);
    await scrubStoredCopies(tx, projectId, customer.id, personalValues(customer));
    await eraseFromRequestLog(tx, projectId, customer.id, personalValues(customer));
    const customerEvents = await eraseCustomerEvents(tx, projectId, customer.id);
    const orders = await eraseCustomerOrders(tx, projectId, customer.id);
    await erasePublicationsAndRedemptions(tx, projectId, customer.id);
    await eraseProfile(tx, customer.id);
    return {
      id: newId('del'),
      created_at: now.toISOString(),
      related_object_id: customer.id,
      related_object: 'customer',
      status: 'DONE',
      data_json: { events: customerEvents, customer_events: customerEvents, daily_events: 0, segments, orders, order_events: 0, customer: 1 },
      object: 'pernament_deletion',
    };
  });
}
