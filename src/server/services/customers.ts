import type { CreateCustomerRequest, Customer, CustomerList, CustomerListQuery, UpdateCustomerRequest } from '../../contract/customer';
import { violatedUniqueIndex } from '../../platform/db/errors';
import type { ServiceContext } from '../context';
import { customersMatching } from '../db/repositories/customer-list';
import { findCustomer, findCustomerBySourceId, insertCustomer, resolveCustomer, updateCustomerRow, type CustomerRow } from '../db/repositories/customers';
import { findSegment } from '../db/repositories/segments';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { ApiError, notFound } from '../lib/api-error';
import { newId } from '../../platform/ids';
import { presentCustomer } from '../presenters/customer-object';
import { afterCustomerChange } from './customer-change-hooks';

/** A customer by id or, as the real API takes either, by source id. */
async function customerByRef(db: DbOrTx, projectId: string, ref: string): Promise<CustomerRow | undefined> {
  return (await findCustomer(db, projectId, ref)) ?? (await findCustomerBySourceId(db, projectId, ref));
}

const duplicateSourceId = (sourceId: string | undefined) => new ApiError(409, 'duplicate_found', 'Duplicated resource found', `Duplicated customer exists with source_id ${sourceId}`);

/**
 * GET /v1/customers: every filter of the contract applied (customer-list.ts); a `segment_id` the
 * project does not have is 404, as before.
 */
export async function listCustomers(ctx: ServiceContext, projectId: string, query: CustomerListQuery): Promise<CustomerList> {
  if (query.segment_id !== undefined && !(await findSegment(ctx.db, projectId, query.segment_id))) throw notFound('segment', query.segment_id);
  const { rows, total } = await customersMatching(ctx.db, projectId, query);
  return { object: 'list', data_ref: 'customers', customers: rows.map(presentCustomer), total, has_more: (query.page - 1) * query.limit + rows.length < total };
}

/** GET /v1/customers/{customerId}: by id or source id. */
export async function getCustomer(ctx: ServiceContext, projectId: string, ref: string): Promise<Customer> {
  const row = await customerByRef(ctx.db, projectId, ref);
  if (!row) throw notFound('customer', ref);
  return presentCustomer(row);
}

/**
 * POST /v1/customers, the real API's upsert: an `id` names an existing customer (ids are ours to
 * make: unknown is 404; a `source_id` beside it is ignored, as the contract says); a known
 * `source_id` updates that customer with the fields given; otherwise a new customer. The segments
 * that follow customers follow the change in the same transaction (and what entering them earns).
 */
export async function createCustomer(ctx: ServiceContext, projectId: string, body: CreateCustomerRequest): Promise<Customer> {
  const now = ctx.clock.now();
  return ctx.cardChanges.transaction(ctx.db, async (tx) => presentCustomer(await upsertCustomer(ctx, tx, projectId, body, now)));
}

/** Create Customer's upsert inside the caller's transaction (also each item of a bulk update), with the customer hooks when it changed. */
export async function upsertCustomer(ctx: ServiceContext, tx: Tx, projectId: string, body: CreateCustomerRequest, now: Date): Promise<CustomerRow> {
  if (body.id !== undefined || body.source_id !== undefined) {
    const { source_id: sourceId, ...rest } = body;
    const resolved = await resolveCustomer(tx, projectId, body.id !== undefined ? rest : { ...rest, source_id: sourceId }, now);
    if (resolved.changed) await afterCustomerChange(ctx, tx, projectId, resolved.customer.id);
    return resolved.customer;
  }
  const { id: _id, source_id: _sourceId, ...profile } = body;
  const row = await insertCustomer(tx, { id: newId('cust'), projectId, ...profile, metadata: profile.metadata ?? {}, createdAt: now });
  await afterCustomerChange(ctx, tx, projectId, row.id);
  return row;
}

/** PUT /v1/customers/{customerId} (id or source id): the fields given replace the stored ones, `null` clears one. */
export async function updateCustomer(ctx: ServiceContext, projectId: string, ref: string, body: UpdateCustomerRequest): Promise<Customer> {
  const now = ctx.clock.now();
  try {
    return await ctx.cardChanges.transaction(ctx.db, async (tx) => {
      const found = await customerByRef(tx, projectId, ref);
      if (!found) throw notFound('customer', ref);
      const { source_id: sourceId, ...profile } = body;
      const row = await updateCustomerRow(tx, found.id, { ...profile, ...(sourceId !== undefined && { sourceId }), updatedAt: now });
      await afterCustomerChange(ctx, tx, projectId, row.id);
      return presentCustomer(row);
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'customers_project_source_uq') throw duplicateSourceId(body.source_id);
    throw error;
  }
}
