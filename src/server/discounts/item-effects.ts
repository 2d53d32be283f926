import type { CartState } from './cart-state';
import type { AmountDiscount, FixedDiscount, PercentDiscount, StackingSettings } from './discount-definitions';
import { capTotal, percentOf, shareOf, splitProportionally, splitWithCaps } from './exact-money';
import type { LineShare, TargetSelection } from './line-selection';

export type ItemDiscount = AmountDiscount | PercentDiscount | FixedDiscount;

/** What one covered line is worth to a discount: the part of what is left on it that its covered units hold. */
function coveredValue(state: CartState, share: LineShare): number {
  const line = state.lines[share.at];
  return shareOf(state.lineRemaining(share.at), share.units, line.quantity);
}

/**
 * One line's discount before the caps of the whole order (build_discount-types-and-effects.mdx, "Product
 * discount effects"): AMOUNT takes `amount_off` off the line's subtotal (APPLY_TO_ITEMS) or off each covered
 * unit (APPLY_TO_ITEMS_BY_QUANTITY); PERCENT takes `percent_off` of the covered units, at most `amount_limit`
 * a line; FIXED sets the covered units' price to the target's `price` (or `fixed_amount`). Never more than
 * what is left on the line.
 */
function lineDiscount(discount: ItemDiscount, selection: TargetSelection, share: LineShare, state: CartState, stacking: StackingSettings): number {
  const value = coveredValue(state, share);
  const line = state.lines[share.at];
  let amount: number;
  if (discount.type === 'AMOUNT') {
    const off = discount.amount_off ?? 0;
    amount = discount.effect === 'APPLY_TO_ITEMS_BY_QUANTITY' ? off * share.units : off;
  } else if (discount.type === 'PERCENT') {
    // The initial amount is the line's before this calculation's discounts (stacking rules: "Based on initial amount").
    const base = stacking.discount_calculation_mode === 'INITIAL_AMOUNT' ? state.lineRemaining(share.at) + (state.stack.lines.get(share.at)?.discount ?? 0) : state.lineRemaining(share.at);
    amount = percentOf(discount.percent_off ?? 0, base, share.units, line.quantity);
    if (discount.amount_limit !== undefined) amount = Math.min(amount, discount.amount_limit);
  } else {
    const price = selection.target?.price ?? discount.fixed_amount ?? 0;
    amount = Math.max(0, value - price * share.units);
  }
  if (selection.target?.amount_limit !== undefined) amount = Math.min(amount, selection.target.amount_limit);
  return Math.min(amount, value);
}

/** Proportional splits of one `amount_off` over every covered line: by what is left on them, or by covered units. */
function proportionalParts(discount: AmountDiscount, shares: readonly LineShare[], state: CartState, tieOrder: readonly number[]): number[] {
  const values = shares.map((share) => coveredValue(state, share));
  const total = Math.min(discount.amount_off ?? 0, values.reduce((sum, v) => sum + v, 0));
  if (discount.effect === 'APPLY_TO_ITEMS_PROPORTIONALLY') return splitProportionally(total, values, tieOrder);
  return splitWithCaps(
    total,
    shares.map((share) => share.units),
    values,
    tieOrder,
  );
}

/**
 * Every line's discount from one item effect, after its caps: each target's `amount_limit` a line and
 * `aggregated_amount_limit` over its lines, the discount's `aggregated_amount_limit` over the order, and
 * what is left to pay of the order. A cap cuts the lines' parts in proportion (largest remainder).
 * Returns one amount per line of the state.
 */
export function itemEffectParts(discount: ItemDiscount, selections: readonly TargetSelection[], state: CartState, stacking: StackingSettings, canonical: readonly number[]): number[] {
  const parts = state.lines.map(() => 0);
  const allShares = selections.flatMap((selection) => selection.shares.map((share) => ({ selection, share })));
  const tieOrderOf = (ats: readonly number[]) => canonical.filter((at) => ats.includes(at)).map((at) => ats.indexOf(at));

  if (discount.type === 'AMOUNT' && (discount.effect === 'APPLY_TO_ITEMS_PROPORTIONALLY' || discount.effect === 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY')) {
    const shares = allShares.map(({ share }) => share);
    const ats = shares.map((share) => share.at);
    proportionalParts(discount, shares, state, tieOrderOf(ats)).forEach((part, i) => (parts[ats[i]] = part));
    for (const { selection, share } of allShares) {
      if (selection.target?.amount_limit !== undefined) parts[share.at] = Math.min(parts[share.at], selection.target.amount_limit);
    }
  } else {
    for (const { selection, share } of allShares) parts[share.at] = lineDiscount(discount, selection, share, state, stacking);
  }

  const capOver = (ats: readonly number[], cap: number | undefined) => {
    if (cap === undefined) return;
    capTotal(
      ats.map((at) => parts[at]),
      cap,
      tieOrderOf(ats),
    ).forEach((part, i) => (parts[ats[i]] = part));
  };
  for (const selection of selections) capOver(selection.shares.map((share) => share.at), selection.target?.aggregated_amount_limit);
  const everyLine = allShares.map(({ share }) => share.at);
  if (discount.type !== 'FIXED') capOver(everyLine, discount.aggregated_amount_limit);
  capOver(everyLine, state.orderRemaining());
  return parts;
}
