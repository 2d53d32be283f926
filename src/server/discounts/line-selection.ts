import type { DiscountScope, DiscountTarget } from './discount-definitions';
import type { WorkingLine } from './cart-state';
import type { TargetCoverage } from './discount-results';
import { byUnitValue } from './line-order';

/** The contract lists a line's units only while the cart holds at most this many (ApplicableTo.order_item_units). */
export const maxListedUnits = 1000;

/** How many units of one line a discount covers. */
export interface LineShare {
  at: number;
  units: number;
  /** The units' numbers within the line (from 1), for UNIT targets; null when not listed. */
  unitNumbers: number[] | null;
}

/** The lines one included target (or the whole cart, `target` null) covers. */
export interface TargetSelection {
  target: DiscountTarget | null;
  shares: LineShare[];
}

function matches(target: DiscountTarget, line: WorkingLine): boolean {
  if (target.object === 'sku') return line.skuId === target.id;
  if (target.object === 'product') return line.productId === target.id;
  return line.collectionIds.includes(target.id);
}

/** A SKU says more than its product, a product more than a collection: the most specific target's caps govern a line. */
const specificity = { sku: 3, product: 2, products_collection: 1 } as const;

function governingTarget(included: readonly DiscountTarget[], line: WorkingLine): DiscountTarget | undefined {
  let best: DiscountTarget | undefined;
  for (const target of included) if (matches(target, line) && (!best || specificity[target.object] > specificity[best.object])) best = target;
  return best;
}

/** Positions a skip-and-repeat rule takes: from `skip` on, every `repeat`th. How many of [0, end) it takes. */
function takenBefore(end: number, skip: number, repeat: number): number {
  return end <= skip ? 0 : Math.floor((end - skip - 1) / repeat) + 1;
}

/** The numbers (from 1) of the units of a line starting at position `start` that the rule takes, at most `limit`. */
function takenUnitNumbers(start: number, quantity: number, skip: number, repeat: number, limit: number): number[] {
  const numbers: number[] = [];
  for (let unit = 0; unit < quantity && numbers.length < limit; unit++) {
    const position = start + unit;
    if (position >= skip && (position - skip) % repeat === 0) numbers.push(unit + 1);
  }
  return numbers;
}

/**
 * Which units of `group`'s lines one target discounts, following its application rules (build_discount-types-
 * and-effects.mdx, "Application rules"): resources (order lines, or units with `target: UNIT`) ranked by unit
 * price, cheapest or most expensive first; `skip_initially` of them skipped, then every `repeat`th taken;
 * APPLY_TO_CHEAPEST and APPLY_TO_MOST_EXPENSIVE take the first only. Then `quantity_limit` per line and
 * `aggregated_quantity_limit` over the lines, in that rank. APPLY_TO_EVERY follows the request's order in
 * the real API; here it ranks most expensive first, as the calculation must not depend on the cart's order.
 */
function selectInGroup(target: DiscountTarget | null, group: readonly number[], lines: readonly WorkingLine[], canonical: readonly number[], listUnits: boolean): LineShare[] {
  const effect = target?.effect ?? 'APPLY_TO_EVERY';
  const cheapestFirst = effect === 'APPLY_TO_CHEAPEST' || effect === 'APPLY_FROM_CHEAPEST';
  const onlyFirst = effect === 'APPLY_TO_CHEAPEST' || effect === 'APPLY_TO_MOST_EXPENSIVE';
  const byUnit = target?.target === 'UNIT';
  const skip = target?.skip_initially ?? 0;
  const repeat = Math.max(1, target?.repeat ?? 1);
  const perLine = target?.quantity_limit ?? Infinity;
  let aggregated = target?.aggregated_quantity_limit ?? Infinity;

  const ranked = byUnitValue(group, lines, cheapestFirst, canonical);
  const shares: LineShare[] = [];
  let position = 0;
  let takenResources = 0;
  for (const at of ranked) {
    const { quantity } = lines[at];
    let units: number;
    if (byUnit) {
      units = takenBefore(position + quantity, skip, repeat) - takenBefore(position, skip, repeat);
      position += quantity;
    } else {
      units = position >= skip && (position - skip) % repeat === 0 ? quantity : 0;
      position += 1;
    }
    if (onlyFirst) units = takenResources > 0 ? 0 : byUnit ? Math.min(units, 1) : units;
    if (units > 0) takenResources += 1;
    units = Math.min(units, perLine, aggregated);
    aggregated -= units;
    if (units > 0) {
      const start = position - (byUnit ? quantity : 1);
      shares.push({ at, units, unitNumbers: byUnit && listUnits ? takenUnitNumbers(start, quantity, skip, repeat, units) : null });
    }
  }
  return shares;
}

/**
 * The units a discount's item effect covers. A line is in scope when an included target matches it (or the
 * scope includes all: `included_all`, or no `included` at all) and no excluded target does; `eligible` leaves
 * out lines the stacking rules keep from it. Each line follows the caps of its most specific target.
 */
export function selectUnits(scope: DiscountScope | undefined, lines: readonly WorkingLine[], canonical: readonly number[], eligible: (at: number) => boolean): TargetSelection[] {
  const included = scope?.included ?? [];
  const includesAll = scope?.included_all === true || included.length === 0;
  const excluded = scope?.excluded ?? [];
  const groups = new Map<DiscountTarget | null, number[]>();
  for (const at of canonical) {
    const line = lines[at];
    if (line.quantity <= 0 || !eligible(at) || excluded.some((target) => matches(target, line))) continue;
    const target = governingTarget(included, line) ?? (includesAll ? null : undefined);
    if (target === undefined) continue;
    groups.set(target, [...(groups.get(target) ?? []), at]);
  }
  const listUnits = lines.reduce((sum, line) => sum + line.quantity, 0) <= maxListedUnits;
  const order: (DiscountTarget | null)[] = [...included.filter((target) => groups.has(target)), ...(groups.has(null) ? [null] : [])];
  return order.map((target) => ({ target, shares: selectInGroup(target, groups.get(target) ?? [], lines, canonical, listUnits) }));
}

/** The contract's account of what each target covered (ApplicableTo.order_item_indices, order_item_units). */
export function coverageOf(selections: readonly TargetSelection[], lines: readonly WorkingLine[], discounted: (at: number) => boolean): TargetCoverage[] {
  const listUnits = lines.reduce((sum, line) => sum + line.quantity, 0) <= maxListedUnits;
  return selections.map(({ target, shares }) => {
    const covered = shares.filter((share) => discounted(share.at) && lines[share.at].index !== null).sort((a, b) => (lines[a.at].index ?? 0) - (lines[b.at].index ?? 0));
    const coverage: TargetCoverage = { target, order_item_indices: covered.map((share) => lines[share.at].index ?? 0) };
    if (target?.target === 'UNIT') {
      coverage.order_item_units = covered.map((share) => (listUnits ? { index: lines[share.at].index ?? 0, units: share.unitNumbers ?? [] } : { index: lines[share.at].index ?? 0, units_limit_exceeded: true }));
    }
    return coverage;
  });
}
