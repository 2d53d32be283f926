import { maxOrderAmount } from '../../contract/order';
import type { AppliedEffect, CartState, WorkingLine } from './cart-state';
import type { FreeUnitProduct, OneUnit, UnitDiscount } from './discount-definitions';
import type { DiscountRefusal } from './discount-results';
import { capTotal, shareOf } from './exact-money';
import { canonicalOrder } from './line-order';

type Problem = Omit<DiscountRefusal, 'incentive'>;

/** A free unit names a SKU (lines of that SKU) or a product (lines of the product without a SKU). */
function holdsUnit(line: WorkingLine, unitType: string, product: FreeUnitProduct | undefined): boolean {
  if (product) return product.skuId ? line.skuId === product.skuId : line.productId === product.productId && !line.skuId;
  return line.skuId === unitType || (line.productId === unitType && !line.skuId);
}

/** The price of one more unit of a line: its own price, else the catalog's, else what one of its units is worth. */
function unitPrice(line: WorkingLine | undefined, product: FreeUnitProduct | undefined): number {
  if (line?.price !== null && line?.price !== undefined) return line.price;
  if (product?.price !== null && product?.price !== undefined) return product.price;
  return line && line.quantity > 0 ? shareOf(line.amount, 1, line.quantity) : 0;
}

/**
 * One free product (guides_give-item-for-free-unit-discount.mdx; build_discount-types-and-effects.mdx,
 * "Reward effects"): ADD_MISSING_ITEMS makes free the `unit_off` units the cart holds and adds the ones
 * missing (units an earlier free-unit discount gave are not held); ADD_NEW_ITEMS always adds `unit_off` free units. Added units join the line that holds the
 * product (the contract's examples: `initial_quantity` 1, `quantity` 23, `discount_quantity` 22) or a new
 * line after the cart's; they raise the order's amount and its discount alike, so what is left to pay stays.
 */
function applyOneUnit(unit: OneUnit, path: (string | number)[], state: CartState, freeUnits: ReadonlyMap<string, FreeUnitProduct>, effect: AppliedEffect): Problem | undefined {
  const count = unit.unit_off ?? 0;
  const unitType = unit.unit_type ?? '';
  const product = freeUnits.get(unitType);
  // The lines holding the product, most valuable first: which one gets the free units depends on content, not on the cart's order.
  const holders = canonicalOrder(state.lines).filter((at) => holdsUnit(state.lines[at], unitType, product));
  if (holders.length === 0 && !product) return { path: [...path, 'unit_type'], message: `names no product or SKU of the cart or the catalog: ${unitType}` };

  let added = count;
  if ((unit.effect ?? 'ADD_MISSING_ITEMS') === 'ADD_MISSING_ITEMS') {
    const parts = state.lines.map(() => 0);
    const free = state.lines.map(() => 0);
    let left = count;
    for (const at of holders) {
      // Units another free-unit discount gave are not the customer's: only the others count as held.
      const held = state.lines[at].quantity - state.freeUnits(at);
      free[at] = Math.min(left, held);
      left -= free[at];
      parts[at] = free[at] === 0 ? 0 : shareOf(state.lineRemaining(at), free[at], held);
    }
    added = left;
    const capped = capTotal(
      holders.map((at) => parts[at]),
      state.orderRemaining(),
      holders.map((_, i) => i),
    );
    holders.forEach((at, i) => (parts[at] = capped[i]));
    state.discountLines(parts, effect, { item: true, freeUnits: free });
  }
  if (added === 0) return undefined;

  const holder = holders.length > 0 ? holders[0] : null;
  const price = unitPrice(holder === null ? undefined : state.lines[holder], product);
  if (state.amount + added * price > maxOrderAmount) return { path: [...path, 'unit_off'], message: `adds units worth more than the order may hold (${maxOrderAmount})` };
  const at = state.addUnits(holder, product ?? { productId: null, skuId: null, price: null }, added, price, effect);
  const parts = state.lines.map((_, i) => (i === at ? added * price : 0));
  const free = state.lines.map((_, i) => (i === at ? added : 0));
  state.discountLines(parts, effect, { item: true, freeUnits: free });
  return undefined;
}

/** A UNIT discount: one free product, or several (ADD_MANY_ITEMS, each with its own count and effect). */
export function applyUnitDiscount(discount: UnitDiscount, state: CartState, freeUnits: ReadonlyMap<string, FreeUnitProduct>, effect: AppliedEffect): Problem | undefined {
  const units = discount.effect === 'ADD_MANY_ITEMS' ? (discount.units ?? []).map((unit, i) => ({ unit, path: ['discount', 'units', i] })) : [{ unit: { ...discount, effect: discount.effect === 'ADD_NEW_ITEMS' ? discount.effect : 'ADD_MISSING_ITEMS' } as OneUnit, path: ['discount'] }];
  for (const { unit, path } of units) {
    const problem = applyOneUnit(unit, path, state, freeUnits, effect);
    if (problem) return problem;
  }
  return undefined;
}
