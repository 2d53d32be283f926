import type { CreateOrderRequest, OrderList, OrderListQuery, OrderObject, OrderStatus, UpdateOrderRequest } from '../../contract/order';
import type { Tx } from '../../platform/db/client';
import { violatedUniqueIndex } from '../../platform/db/errors';
import { newId } from '../../platform/ids';
import type { ServiceContext } from '../context';
import { findCustomer, findCustomerBySourceId, resolveCustomer, type CustomerRow } from '../db/repositories/customers';
import { recordEvent } from '../db/repositories/events';
import { lockAllHeldCards } from '../db/repositories/loyalty-cards';
import { findOrderByIdOrSourceId, insertOrder, listOrders as queryOrders, lockOrder, updateOrderRow, type OrderRow } from '../db/repositories/orders';
import { recordOrderChange } from '../db/repositories/webhook-outbox';
import { OrderAmountProblem } from '../domain/order-totals';
import { ApiError, invalidPayloadAt, notFound } from '../lib/api-error';
import { presentOrder } from '../presenters/order';
import { afterCustomerChange } from './customer-change-hooks';
import { earnPointsForOrder, type Accrual } from './earn-points';
import { orderContentsOf, type OrderChange } from './order-lines';
import { createPaidOrderInOneStatement } from './order-in-one-statement';
import { cancelPendingPointsOfOrder } from './pending-points';
import type { SavedOrder } from './saved-order';



/** The order's customer: the one the change names (created by source id when unknown, as the real API), else the stored one. */
async function customerOf(ctx: ServiceContext, tx: Tx, projectId: string, change: OrderChange, stored: OrderRow | undefined, now: Date): Promise<CustomerRow | undefined> {
  if (change.customer !== undefined) {
    const { customer, changed } = await resolveCustomer(tx, projectId, change.customer, now);
    if (changed) await afterCustomerChange(ctx, tx, projectId, customer.id);
    return customer;
  }
  const id = change.customer_id ?? stored?.customerId ?? undefined;
  if (id === undefined) return undefined;
  const customer = (await findCustomer(tx, projectId, id)) ?? (change.customer_id !== undefined ? await findCustomerBySourceId(tx, projectId, id) : undefined);
  if (!customer) throw notFound('customer', id);
  return customer;
}

/** The referrer: the one `referrer` names (created by source id when unknown, as the customer), else `referrer_id`, else the stored one. */
async function referrerOf(ctx: ServiceContext, tx: Tx, projectId: string, change: OrderChange, stored: OrderRow | undefined, now: Date): Promise<string | null> {
  if (change.referrer !== undefined) {
    const { customer, changed } = await resolveCustomer(tx, projectId, change.referrer, now);
    if (changed) await afterCustomerChange(ctx, tx, projectId, customer.id);
    return customer.id;
  }
  if (change.referrer_id === undefined) return stored?.referrerId ?? null;
  if (change.referrer_id === null) return null;
  const referrer = await findCustomer(tx, projectId, change.referrer_id);
  if (!referrer) throw notFound('customer', change.referrer_id);
  return referrer.id;
}

/**
 * How an order is written: `live` by the Orders API, or `historical` by an import, which (as the
 * real API's Import Orders says) records no event and triggers no order-paid earning. A historical
 * order that is PAID counts as paid from its import, so it never earns later either.
 */
export type OrderWriteMode = 'live' | 'historical';

/**
 * Writes an order (new, or `stored` locked by the caller) and does what its new status means: the
 * first time an order is PAID it earns (earn-points.ts, for its customer's cards), never again,
 * whatever its later statuses; CANCELED cancels the points it still holds pending (in either mode:
 * points of a canceled order must not activate).
 */
async function saveOrder(ctx: ServiceContext, tx: Tx, projectId: string, stored: OrderRow | undefined, change: OrderChange, now: Date, mode: OrderWriteMode): Promise<SavedOrder> {
  const customer = await customerOf(ctx, tx, projectId, change, stored, now);
  const referrerId = await referrerOf(ctx, tx, projectId, change, stored, now);
  const { items, totals } = await orderContentsOf(tx, projectId, change, stored, now);
  const status: OrderStatus = change.status ?? stored?.status ?? 'CREATED';
  const becomesPaid = status === 'PAID' && !stored?.paidAt;
  const fields = {
    sourceId: change.source_id !== undefined ? change.source_id : (stored?.sourceId ?? null),
    status,
    customerId: customer?.id ?? null,
    referrerId,
    amount: totals.amount,
    discountAmount: totals.discountAmount,
    itemsDiscountAmount: totals.itemsDiscountAmount,
    totalAmount: totals.totalAmount,
    items: items as unknown as Record<string, unknown>[],
    metadata: change.metadata ?? stored?.metadata ?? {},
    paidAt: becomesPaid ? now : (stored?.paidAt ?? null),
  };
  // A new order that earns locks the customer's cards before it is inserted, as the one-statement
  // write does (event-accruals.ts): two requests for one new source id, one on each path, then
  // never wait for each other crosswise (one for the cards, the other for the source id).
  if (!stored && becomesPaid && customer && mode === 'live') await lockAllHeldCards(tx, projectId, customer.id);
  const row = stored ? await updateOrderRow(tx, stored.id, { ...fields, updatedAt: now }) : await insertOrder(tx, { id: newId('ord'), projectId, ...fields, createdAt: now });
  const canceled = status === 'CANCELED' && stored?.status !== 'CANCELED';
  // For webhooks, in this transaction and before what the change makes happen (domain/webhook-events.ts);
  // an import records no event, so it reports none.
  if (mode === 'live') {
    await recordOrderChange(tx, stored ? 'order.updated' : 'order.created', row, now);
    if (becomesPaid) await recordOrderChange(tx, 'order.paid', row, now);
    if (canceled) await recordOrderChange(tx, 'order.canceled', row, now);
  }
  let accruals: Accrual[] = [];
  if (becomesPaid && customer && mode === 'live') {
    const event = { id: newId('evcus'), projectId, customerId: customer.id, type: 'customer.order.paid', metadata: { order_id: row.id }, referral: null, loyalty: null, createdAt: now };
    await recordEvent(tx, event);
    accruals = await earnPointsForOrder(tx, { projectId, customer, order: row, eventId: event.id, now });
  }
  if (canceled) await cancelPendingPointsOfOrder(tx, row.id, now);
  return { order: presentOrder(row), accruals };
}

/** Problems only the computed amounts reveal, as the error object naming the field. */
export function asApiError(error: unknown): unknown {
  if (error instanceof OrderAmountProblem) return invalidPayloadAt(error.path, error.message);
  return error;
}

/**
 * The upsert of Create Order and of each imported order, in the caller's transaction: the order
 * with the given `id` (which must exist: ids are ours to make) or `source_id`, locked and changed
 * by the fields given; otherwise a new one. A parallel insert of the same new source_id fails it
 * with `orders_project_source_uq` (the caller tries again, and then finds that order).
 */
export async function upsertOrder(ctx: ServiceContext, tx: Tx, projectId: string, body: CreateOrderRequest, now: Date, mode: OrderWriteMode): Promise<SavedOrder> {
  const stored = body.id !== undefined ? await lockOrder(tx, projectId, { id: body.id }) : await lockOrder(tx, projectId, { sourceId: body.source_id });
  if (body.id !== undefined && !stored) throw notFound('order', body.id);
  return saveOrder(ctx, tx, projectId, stored, body, now, mode);
}

/**
 * POST /v1/orders, in the real API's upsert mode: the order with the given `id` (which must exist:
 * ids are ours to make) or `source_id` is changed by the fields given; otherwise a new one is made.
 * Everything (the order, a new customer, what it earns) commits together or not at all.
 */
export async function createOrder(ctx: ServiceContext, projectId: string, body: CreateOrderRequest, retried = false): Promise<SavedOrder> {
  const now = ctx.clock.now();
  try {
    // The common new paid order is one statement; any other, or one it cannot take, is the transaction.
    const written = retried ? undefined : await createPaidOrderInOneStatement(ctx, projectId, body, now);
    if (written) return written;
    return await ctx.cardChanges.transaction(ctx.db, (tx) => upsertOrder(ctx, tx, projectId, body, now, 'live'));
  } catch (error) {
    if (violatedUniqueIndex(error) !== 'orders_project_source_uq') throw asApiError(error);
    // A parallel request created the same source_id first: this one changes it. Twice means the
    // order named by `id` asks for a source_id another order holds.
    if (!retried) return createOrder(ctx, projectId, body, true);
    throw new ApiError(409, 'duplicate_found', 'Duplicated resource found', `Duplicated order exists with source_id ${body.source_id}`);
  }
}

/** PUT /v1/orders/{orderId} (an id or a source id): the fields given replace the stored ones. */
export async function updateOrder(ctx: ServiceContext, projectId: string, ref: string, body: UpdateOrderRequest): Promise<SavedOrder> {
  const now = ctx.clock.now();
  try {
    return await ctx.cardChanges.transaction(ctx.db, async (tx) => {
      const found = await findOrderByIdOrSourceId(tx, projectId, ref);
      const stored = found && (await lockOrder(tx, projectId, { id: found.id }));
      if (!stored) throw notFound('order', ref);
      return saveOrder(ctx, tx, projectId, stored, body, now, 'live');
    });
  } catch (error) {
    if (violatedUniqueIndex(error) === 'orders_project_source_uq') throw new ApiError(409, 'duplicate_found', 'Duplicated resource found', `Duplicated order exists with source_id ${body.source_id}`);
    throw asApiError(error);
  }
}

export async function getOrder(ctx: ServiceContext, projectId: string, ref: string): Promise<OrderObject> {
  const row = await findOrderByIdOrSourceId(ctx.db, projectId, ref);
  if (!row) throw notFound('order', ref);
  return presentOrder(row);
}

/** GET /v1/orders: oldest first unless `order` says otherwise; `customer` (an id or a source id) narrows to one customer's. */
export async function listOrders(ctx: ServiceContext, projectId: string, query: OrderListQuery): Promise<OrderList> {
  let customerId: string | undefined;
  if (query.customer !== undefined) {
    const customer = (await findCustomer(ctx.db, projectId, query.customer)) ?? (await findCustomerBySourceId(ctx.db, projectId, query.customer));
    if (!customer) return { object: 'list', data_ref: 'orders', orders: [], total: 0 };
    customerId = customer.id;
  }
  const { rows, total } = await queryOrders(ctx.db, projectId, { limit: query.limit, page: query.page, order: query.order, customerId });
  return { object: 'list', data_ref: 'orders', orders: rows.map(presentOrder), total };
}
