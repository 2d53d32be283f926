import type { CreateOrderRequest } from '../../contract/order';
import { violatedForeignKey } from '../../platform/db/errors';
import { newId } from '../../platform/ids';
import type { ServiceContext } from '../context';
import type { EventWritten, PlannedAccrual } from '../db/repositories/event-accruals';
import type { EventContext } from '../db/repositories/event-context';
import type { NewEventRow } from '../db/repositories/events';
import type { OrderRow } from '../db/repositories/orders';
import { presentOrder } from '../presenters/order';
import { cardCanEarn, earn, earnedPoints, hasLimits, isLive, orderFactsOf, orderPaidLabel } from './earn-points';
import { announceCredited, customerReferenceOnly, writeOnContext } from './event-contexts';
import { orderContentsOf } from './order-lines';
import type { SavedOrder } from './saved-order';

/** The customer a new order names without changing it: `customer` (id or source id alone), else `customer_id` (an id or a source id). */
function customerOfOrder(body: CreateOrderRequest): { id: string } | { sourceId: string } | undefined {
  if (body.customer !== undefined) return customerReferenceOnly(body.customer);
  if (body.customer_id === undefined) return undefined;
  return body.customer_id.startsWith('cust_') ? { id: body.customer_id } : { sourceId: body.customer_id };
}

/**
 * The common paid order without a transaction, the way the common event goes
 * (event-in-one-statement.ts): a new order (no `id`; a source id that no order holds yet), PAID as
 * it is created, for a customer who exists and whom it does not change, without a referrer, whose
 * lines store no product, and no rule that may earn with a trigger limit or points held pending,
 * nor sliding points earned or held (event-in-one-statement.ts).
 * The lines' products are read first (as the transaction reads them), then the engine's context
 * (the customer, its segments, the order-paid rules on its cards: remembered, and checked by the
 * write), the engine runs in memory, and one statement writes the order, its customer.order.paid
 * event and its accruals under the cards' locks (event-accruals.ts), or nothing when the source id
 * is taken meanwhile. Undefined when the order is not of that kind; the transaction in orders.ts
 * then takes it, with every error it may answer.
 */
export async function createPaidOrderInOneStatement(ctx: ServiceContext, projectId: string, body: CreateOrderRequest, now: Date): Promise<SavedOrder | undefined> {
  if (body.id !== undefined || body.status !== 'PAID' || body.referrer_id || body.referrer !== undefined || body.items?.some((item) => item.product?.override)) return undefined;
  const customer = customerOfOrder(body);
  if (!customer) return undefined;
  const contents = await orderContentsOf(ctx.db, projectId, body, undefined, now);
  const query = { projectId, customer, schemaId: null, eventType: 'customer.order.paid', orderPaid: true };
  return writeOnContext(ctx, query, true, (context) => writeOrder(ctx, { projectId, body, contents, now }, context));
}

interface NewPaidOrder {
  projectId: string;
  body: CreateOrderRequest;
  contents: Awaited<ReturnType<typeof orderContentsOf>>;
  now: Date;
}

/** The engine on a context and the one-statement write; 'changed' when the context no longer held. */
async function writeOrder(ctx: ServiceContext, input: NewPaidOrder, context: EventContext | undefined): Promise<SavedOrder | undefined | 'changed'> {
  const { projectId, body, contents, now } = input;
  if (!context || context.slidingActivity) return undefined;
  const { customer } = context;
  const { totals } = contents;
  const order: OrderRow = {
    id: newId('ord'),
    projectId,
    sourceId: body.source_id ?? null,
    status: 'PAID',
    customerId: customer.id,
    referrerId: null,
    amount: totals.amount,
    discountAmount: totals.discountAmount,
    itemsDiscountAmount: totals.itemsDiscountAmount,
    totalAmount: totals.totalAmount,
    items: contents.items as unknown as OrderRow['items'],
    metadata: body.metadata ?? {},
    paidAt: now,
    createdAt: now,
    updatedAt: null,
  };
  const event: NewEventRow = { id: newId('evcus'), projectId, customerId: customer.id, type: 'customer.order.paid', metadata: { order_id: order.id }, referral: null, loyalty: null, createdAt: now };
  const facts = { eventSchemaId: null, eventMetadata: {}, customerMetadata: customer.metadata, customerSegmentIds: context.segmentIds, order: orderFactsOf(order) };
  const planned: PlannedAccrual[] = [];
  for (const { rule, card } of context.pairs) {
    if (!cardCanEarn(card, now) || !isLive(rule, now)) continue;
    if (hasLimits(rule.triggerLimits as Parameters<typeof hasLimits>[0]) || rule.pendingPoints) return undefined;
    // A member of a tiered program earns by their tier, caught up under the card's lock: the transaction's work.
    if (card.tiered) return undefined;
    const earned = earn(rule, facts, now);
    const points = earnedPoints(earned);
    if (points === 0) continue;
    // Sliding points, earned or moved: the transaction, under the card's lock (event-in-one-statement.ts).
    if (card.slides || earned.some((b) => b.sliding)) return undefined;
    const { reason, details } = orderPaidLabel(rule, order, event.id);
    const buckets = earned.filter((b) => b.points > 0).map((b) => ({ id: newId('lopb'), points: b.points, expiresOn: b.expiresOn }));
    planned.push({ cardId: card.id, ruleId: rule.id, transactionId: newId('vtx'), points, reason, details, buckets });
  }
  const check = context.fingerprint !== null ? { schemaId: null, orderPaid: true, fingerprint: context.fingerprint } : undefined;
  let written: EventWritten;
  try {
    written = await ctx.eventWrites.run({
      event,
      accruals: planned,
      check,
      order: { ...order, customerId: customer.id, items: contents.items, metadata: order.metadata as Record<string, unknown> },
    });
  } catch (error) {
    // The customer went between the read and the write: the transaction decides what that means.
    if (violatedForeignKey(error)) return undefined;
    throw error;
  }
  if (written === undefined) return 'changed';
  if (written === 'source_id taken' || !written.order) return undefined;
  const accruals = announceCredited(ctx, projectId, context, planned, written.transactionIds, now);
  return { order: presentOrder({ ...order, items: written.order.items as OrderRow['items'], metadata: written.order.metadata as OrderRow['metadata'] }), accruals };
}
