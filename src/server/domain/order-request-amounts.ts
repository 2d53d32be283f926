import type { CreateOrderRequest } from '../../contract/order';
import { lineAmounts, OrderAmountProblem, orderTotals } from './order-totals';

/**
 * The amount rules of Create Order (order-totals.ts) that an order's request decides on its own,
 * before any stored data is read: an imported order is checked with them when the import is
 * requested, and with all of them again when its turn comes. A line priced only by its stored
 * product, and an order that may change a stored one (it names an `id` or `source_id`) without
 * giving its amount or lines, depend on data read then; only what the request fixes is checked
 * here, so nothing that would pass then fails now.
 */
export function requestAmountProblem(order: CreateOrderRequest): OrderAmountProblem | undefined {
  try {
    const lines: ReturnType<typeof lineAmounts>[] = [];
    let everyLinePriced = true;
    for (const [at, item] of (order.items ?? []).entries()) {
      const price = item.price ?? item.product?.price;
      if (item.amount === undefined && price === undefined) {
        everyLinePriced = false;
        continue;
      }
      lines.push(lineAmounts({ quantity: item.quantity, price, amount: item.amount, discount_amount: item.discount_amount, storedPrice: null }, at));
    }
    const mayChangeStored = order.id !== undefined || Boolean(order.source_id);
    if (order.amount === undefined && (!everyLinePriced || (order.items === undefined && mayChangeStored))) return undefined;
    orderTotals(lines, { amount: order.amount, discountAmount: order.discount_amount });
    return undefined;
  } catch (error) {
    if (error instanceof OrderAmountProblem) return error;
    throw error;
  }
}
