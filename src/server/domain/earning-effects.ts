import { maxPoints } from '../../contract/common';
import type { Effect, PointsExpiration } from '../../contract/earning-rule';

/** One line of a paid order, as earning rules count it. */
export interface OrderLineFacts {
  productId: string | null;
  quantity: number;
  amount: number;
  subtotalAmount: number;
}

/** What an order-paid rule can count: the order's amounts before and after discounts, its metadata, its lines. */
export interface OrderFacts {
  id: string;
  amount: number;
  totalAmount: number;
  metadata: Record<string, unknown>;
  items: OrderLineFacts[];
}

export interface EffectFacts {
  eventMetadata: Record<string, unknown>;
  customerMetadata: Record<string, unknown>;
  /** The paid order, for order-paid rules. */
  order?: OrderFacts;
}

/**
 * The most points one effect may earn at a time, so that every card total stays an exact integer
 * in JavaScript numbers and PostgreSQL bigints alike (README, "Limits").
 */
export const maxEarnedPoints = maxPoints;

/** An effect computed more points than maxEarnedPoints; `source` names the fact that made it so. */
export class EarnedPointsTooLarge extends Error {
  constructor(readonly source: string) {
    super(`would earn more than ${maxEarnedPoints} points`);
  }
}

function numberAt(metadata: Record<string, unknown>, property: string): number {
  const raw = metadata[property];
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(value) ? value : 0;
}

/** floor(amount / every) × value, floored again so cards hold whole points; never negative. */
function proportional(amount: number, every: number, value: number, source: string): number {
  if (amount <= 0) return 0;
  const points = Math.floor(Math.floor(amount / every) * value);
  if (!(points <= maxEarnedPoints)) throw new EarnedPointsTooLarge(source);
  return points;
}

/** An entry of `applicable_to`: the v2 shape `{type: 'product', product: {id}}` or the v1 one `{object: 'product', id}`. */
function applicableProductId(entry: Record<string, unknown>): string | undefined {
  if (entry.object === 'product' && typeof entry.id === 'string') return entry.id;
  const product = entry.product as { id?: unknown } | undefined;
  return entry.type === 'product' && typeof product?.id === 'string' ? product.id : undefined;
}

/** The lines an items calculation counts: those of the products named in `applicable_to` (none named: every line). */
function applicableLines(items: OrderLineFacts[], applicableTo: Record<string, unknown>[] | undefined): OrderLineFacts[] {
  if (!applicableTo || applicableTo.length === 0) return items;
  const ids = new Set(applicableTo.map(applicableProductId).filter((id): id is string => id !== undefined));
  return items.filter((line) => line.productId !== null && ids.has(line.productId));
}

const sum = (lines: OrderLineFacts[], field: 'quantity' | 'amount' | 'subtotalAmount') => lines.reduce((total, line) => total + line[field], 0);

/**
 * Points one effect earns. POINTS gives its value; POINTS_PROPORTIONAL counts an amount of the
 * order (before or after discounts, of all lines or of some products' lines, or their quantity) or
 * a numeric property of the order's, the event's or the customer's metadata (missing or not
 * numeric: 0 points). A calculation over an order earns nothing without one.
 */
export function effectPoints(effect: Effect, facts: EffectFacts): number {
  if (effect.type === 'POINTS') return effect.points.value;
  if (effect.type !== 'POINTS_PROPORTIONAL') return 0;
  const p = effect.points_proportional;
  const order = facts.order;
  switch (p.calculation_type) {
    case 'CUSTOM_EVENT_METADATA_VALUE': {
      const { every, value, property } = p.custom_event.metadata;
      return proportional(numberAt(facts.eventMetadata, property), every, value, `metadata.${property}`);
    }
    case 'CUSTOMER_METADATA_VALUE': {
      const { every, value, property } = p.customer.metadata;
      return proportional(numberAt(facts.customerMetadata, property), every, value, `customer.metadata.${property}`);
    }
    case 'PRE_DISCOUNT_ORDER_AMOUNT':
      return order ? proportional(order.amount, p.order.amount.every, p.order.amount.value, 'amount') : 0;
    case 'POST_DISCOUNT_ORDER_AMOUNT':
      return order ? proportional(order.totalAmount, p.order.total_amount.every, p.order.total_amount.value, 'amount') : 0;
    case 'ORDER_METADATA_VALUE': {
      const { every, value, property } = p.order.metadata;
      return order ? proportional(numberAt(order.metadata, property), every, value, `metadata.${property}`) : 0;
    }
    case 'PRE_DISCOUNT_ORDER_ITEMS_AMOUNT': {
      const { every, value, applicable_to } = p.order_items.amount;
      return order ? proportional(sum(applicableLines(order.items, applicable_to), 'amount'), every, value, 'items') : 0;
    }
    case 'POST_DISCOUNT_ORDER_ITEMS_AMOUNT': {
      const { every, value, applicable_to } = p.order_items.subtotal_amount;
      return order ? proportional(sum(applicableLines(order.items, applicable_to), 'subtotalAmount'), every, value, 'items') : 0;
    }
    case 'ORDER_ITEMS_QUANTITY': {
      const { every, value, applicable_to } = p.order_items.quantity;
      return order ? proportional(sum(applicableLines(order.items, applicable_to), 'quantity'), every, value, 'items') : 0;
    }
  }
}

export function effectExpiration(effect: Effect): PointsExpiration | null {
  if (effect.type === 'POINTS') return effect.points.points_expiration ?? null;
  if (effect.type === 'POINTS_PROPORTIONAL') return effect.points_proportional.points_expiration ?? null;
  return null;
}
