import type { OrderInput } from '../../contract/redemption';

type OrderItemInput = NonNullable<OrderInput['items']>[number];

/**
 * One line's amount in cents: its `amount`, else its unit price (the item's, the embedded
 * product's, or the stored product's) times its quantity (1 when left out); undefined when no price is known.
 */
export function lineAmount(item: OrderItemInput, storedPrice: number | null | undefined): number | undefined {
  if (item.amount !== undefined) return item.amount;
  const price = item.price ?? item.product?.price ?? storedPrice ?? undefined;
  return price === undefined ? undefined : price * (item.quantity ?? 1);
}

/** The order's amount in cents: `amount` when given, else the sum of the lines with a known amount; undefined when nothing gives one. */
export function orderAmount(order: OrderInput, storedPrices: Map<string, number | null>): number | undefined {
  if (order.amount !== undefined) return order.amount;
  const lines = (order.items ?? []).map((item) => lineAmount(item, item.product_id ? storedPrices.get(item.product_id) : undefined)).filter((a): a is number => a !== undefined);
  return lines.length === 0 ? undefined : lines.reduce((sum, a) => sum + a, 0);
}
