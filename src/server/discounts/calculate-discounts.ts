import { AppliedEffect, CartState } from './cart-state';
import { cartAmount } from './cart-check';
import type { DiscountCalculationInput } from './discount-definitions';
import type { CalculatedIncentive, DiscountOutcome, TargetCoverage } from './discount-results';
import { checkIncentive, type CheckedIncentive } from './incentive-check';
import { itemEffectParts } from './item-effects';
import { canonicalOrder } from './line-order';
import { coverageOf, selectUnits } from './line-selection';
import { giftCreditsSpent, orderEffectAmount } from './order-effects';
import { applyUnitDiscount } from './unit-effects';

/**
 * The discounts of a stack of incentives on one order, exactly, in the smallest currency unit. Each
 * incentive applies in turn to what the earlier ones left (guides_manage-stackable-discounts.mdx: a 100
 * gift card, then 20% of the 199900 left, then 8000), and nothing takes the order below zero. Pure: the
 * caller resolves products, SKUs and collections, orders the incentives (`inApplicationOrder`) and maps a
 * refusal to the request's field.
 */
export function calculateDiscounts(input: DiscountCalculationInput): DiscountOutcome {
  const cart = cartAmount(input.cart);
  if ('problem' in cart) return { ok: false, refusal: { incentive: null, ...cart.problem } };
  const checked: CheckedIncentive[] = [];
  for (const [index, incentive] of input.incentives.entries()) {
    const result = checkIncentive(incentive);
    if ('problem' in result) return { ok: false, refusal: { incentive: index, ...result.problem } };
    checked.push(result.incentive);
  }

  const state = new CartState(input.cart, cart.amount);
  const stacking = input.stacking ?? {};
  const freeUnits = input.freeUnits ?? new Map();
  const incentives: CalculatedIncentive[] = [];
  for (const [index, incentive] of checked.entries()) {
    const effect = new AppliedEffect();
    let coverage: TargetCoverage[] = [];
    if ('gift' in incentive) {
      state.discountOrder(giftCreditsSpent(incentive.gift.credits, state), effect);
    } else if (incentive.discount.type === 'UNIT') {
      const problem = applyUnitDiscount(incentive.discount, state, freeUnits, effect);
      if (problem) return { ok: false, refusal: { incentive: index, ...problem } };
    } else if (incentive.discount.effect === 'APPLY_TO_ORDER') {
      state.discountOrder(orderEffectAmount(incentive.discount, state, stacking), effect);
    } else {
      const canonical = canonicalOrder(state.lines);
      const once = stacking.redeemables_products_application_mode === 'ONCE';
      const selections = selectUnits(incentive.applicable_to, state.lines, canonical, (at) => !(once && state.lines[at].itemDiscounted));
      const parts = itemEffectParts(incentive.discount, selections, state, stacking, canonical);
      state.discountLines(parts, effect, { item: true });
      coverage = coverageOf(selections, state.lines, (at) => parts[at] > 0);
    }
    incentives.push({ order: state.snapshot(effect), applicable_to: coverage });
  }
  return { ok: true, calculation: { order: state.snapshot(state.stack), incentives } };
}
