import { lineAmounts, OrderAmountProblem, orderTotals } from '../domain/order-totals';
import type { Cart } from './discount-definitions';
import type { DiscountRefusal } from './discount-results';

const isCount = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * The cart's amount, or the first field the calculator cannot take. The order's own rules
 * (`order-totals.ts`: a line's discount within its amount, the order's discounts within its amount) are the
 * ones Create Order applies; here they also guard the calculator, which a route calls with checked input.
 */
export function cartAmount(cart: Cart): { amount: number } | { problem: Omit<DiscountRefusal, 'incentive'> } {
  try {
    for (const [field, value] of [['amount', cart.amount], ['discount_amount', cart.discountAmount]] as const) {
      if (value !== undefined && !isCount(value)) return { problem: { path: [field], message: 'must be a whole number from 0' } };
    }
    for (const [at, line] of cart.items.entries()) {
      const fields = { quantity: line.quantity, amount: line.amount, price: line.price, discount_amount: line.discountAmount };
      for (const [field, value] of Object.entries(fields)) {
        if (value !== undefined && value !== null && !isCount(value)) return { problem: { path: ['items', at, field], message: 'must be a whole number from 0' } };
      }
      lineAmounts({ quantity: line.quantity, price: line.price ?? undefined, amount: line.amount, discount_amount: line.discountAmount, storedPrice: null }, at);
    }
    const totals = orderTotals(
      cart.items.map((line) => ({ amount: line.amount, discountAmount: line.discountAmount ?? 0 })),
      { amount: cart.amount, discountAmount: cart.discountAmount },
    );
    return { amount: totals.amount };
  } catch (error) {
    if (error instanceof OrderAmountProblem) return { problem: { path: error.path, message: error.message } };
    throw error;
  }
}
