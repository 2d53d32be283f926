import type { CartState } from './cart-state';
import type { StackingSettings } from './discount-definitions';
import { percentOf } from './exact-money';
import type { ItemDiscount } from './item-effects';

/**
 * An APPLY_TO_ORDER discount, taken off what is left to pay (build_discount-types-and-effects.mdx, "Order
 * discount effects"; guides_manage-stackable-discounts.mdx: 20% after a 100 gift card on 200000 is 39980):
 * AMOUNT takes `amount_off`; PERCENT takes `percent_off` of it, at most `amount_limit`; FIXED sets the
 * order's new total (`fixed_amount`). Never more than what is left.
 */
export function orderEffectAmount(discount: ItemDiscount, state: CartState, stacking: StackingSettings): number {
  const left = state.orderRemaining();
  let amount: number;
  if (discount.type === 'AMOUNT') amount = discount.amount_off ?? 0;
  else if (discount.type === 'PERCENT') {
    // "Based on initial amount" (stacking rules): the order's total before this calculation's discounts.
    const base = stacking.discount_calculation_mode === 'INITIAL_AMOUNT' ? left + state.stack.orderDiscount + state.stack.itemsDiscount : left;
    amount = percentOf(discount.percent_off ?? 0, base);
    if (discount.amount_limit !== undefined) amount = Math.min(amount, discount.amount_limit);
  } else amount = Math.max(0, left - (discount.fixed_amount ?? 0));
  if (discount.type !== 'FIXED' && discount.aggregated_amount_limit !== undefined) amount = Math.min(amount, discount.aggregated_amount_limit);
  return Math.min(amount, left);
}

/** Gift card credits spent on the order: the credits asked for, at most what is left to pay. */
export function giftCreditsSpent(credits: number, state: CartState): number {
  return Math.min(credits, state.orderRemaining());
}
