import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateDiscounts, type CalculatedOrder, type CartLine, type Discount, type DiscountCalculation, type DiscountCalculationInput, type DiscountScope, type DiscountTarget, type FreeUnitProduct, type StackedIncentive, type StackingSettings } from './index';

/**
 * The calculator against a second implementation written the plain way: floating point, units listed one
 * by one, no rounding at all. Each incentive is replayed by the oracle from the calculator's own order just
 * before it (so rounding never drifts across the stack), and the two must agree to within the cents that
 * rounding may move. Prices differ between lines, so "cheapest" and "most expensive" name one line.
 */

const products = ['p0', 'p1', 'p2', 'p3'];
const collections = ['c0', 'c1'];
const skus = ['s0', 's1'];

interface Scenario {
  input: DiscountCalculationInput;
}

const targetArb: fc.Arbitrary<DiscountTarget> = fc
  .oneof(
    fc.record({ object: fc.constant('product' as const), id: fc.constantFrom(...products) }),
    fc.record({ object: fc.constant('products_collection' as const), id: fc.constantFrom(...collections) }),
    fc.record({ object: fc.constant('sku' as const), id: fc.constantFrom(...skus) }),
  )
  .chain((base) =>
    fc
      .record(
        {
          effect: fc.constantFrom('APPLY_TO_EVERY', 'APPLY_TO_CHEAPEST', 'APPLY_FROM_CHEAPEST', 'APPLY_TO_MOST_EXPENSIVE', 'APPLY_FROM_MOST_EXPENSIVE') as fc.Arbitrary<DiscountTarget['effect']>,
          target: fc.constantFrom('ITEM', 'UNIT') as fc.Arbitrary<'ITEM' | 'UNIT'>,
          skip_initially: fc.integer({ min: 0, max: 2 }),
          repeat: fc.integer({ min: 1, max: 3 }),
          quantity_limit: fc.integer({ min: 0, max: 4 }),
          aggregated_quantity_limit: fc.integer({ min: 0, max: 6 }),
          amount_limit: fc.integer({ min: 0, max: 3000 }),
          aggregated_amount_limit: fc.integer({ min: 0, max: 5000 }),
          price: fc.integer({ min: 0, max: 3000 }),
        },
        { requiredKeys: [] },
      )
      .map((extra) => ({ ...base, ...extra })),
  );

const scopeArb: fc.Arbitrary<DiscountScope> = fc.record(
  { included: fc.array(targetArb, { maxLength: 3 }), included_all: fc.boolean(), excluded: fc.array(targetArb, { maxLength: 1 }) },
  { requiredKeys: [] },
);

const discountArb: fc.Arbitrary<Discount> = fc.oneof(
  fc.record(
    { type: fc.constant('AMOUNT' as const), amount_off: fc.integer({ min: 0, max: 6000 }), effect: fc.constantFrom('APPLY_TO_ORDER', 'APPLY_TO_ITEMS', 'APPLY_TO_ITEMS_PROPORTIONALLY', 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY', 'APPLY_TO_ITEMS_BY_QUANTITY') as fc.Arbitrary<'APPLY_TO_ORDER'>, aggregated_amount_limit: fc.integer({ min: 0, max: 8000 }) },
    { requiredKeys: ['type', 'amount_off', 'effect'] },
  ),
  fc.record(
    { type: fc.constant('PERCENT' as const), percent_off: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 1000 }).map((tenths) => tenths / 10)), effect: fc.constantFrom('APPLY_TO_ORDER', 'APPLY_TO_ITEMS') as fc.Arbitrary<'APPLY_TO_ORDER'>, amount_limit: fc.integer({ min: 0, max: 4000 }), aggregated_amount_limit: fc.integer({ min: 0, max: 8000 }) },
    { requiredKeys: ['type', 'percent_off', 'effect'] },
  ),
  fc.record({ type: fc.constant('FIXED' as const), fixed_amount: fc.integer({ min: 0, max: 8000 }), effect: fc.constantFrom('APPLY_TO_ORDER', 'APPLY_TO_ITEMS') as fc.Arbitrary<'APPLY_TO_ORDER'> }),
  fc.record({ type: fc.constant('UNIT' as const), unit_off: fc.integer({ min: 0, max: 4 }), unit_type: fc.constantFrom(...products), effect: fc.constantFrom('ADD_MISSING_ITEMS', 'ADD_NEW_ITEMS') as fc.Arbitrary<'ADD_NEW_ITEMS'> }),
  fc.record({
    type: fc.constant('UNIT' as const),
    effect: fc.constant('ADD_MANY_ITEMS' as const),
    units: fc.array(fc.record({ unit_off: fc.integer({ min: 0, max: 3 }), unit_type: fc.constantFrom(...products), effect: fc.constantFrom('ADD_MISSING_ITEMS', 'ADD_NEW_ITEMS') as fc.Arbitrary<'ADD_NEW_ITEMS'> }), { minLength: 1, maxLength: 2 }),
  }),
);

const incentiveArb: fc.Arbitrary<StackedIncentive> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ gift: fc.record({ credits: fc.integer({ min: 0, max: 10000 }) }) }) },
  { weight: 5, arbitrary: fc.record({ discount: discountArb, applicable_to: scopeArb }, { requiredKeys: ['discount'] }) },
);

const scenarioArb: fc.Arbitrary<Scenario> = fc.integer({ min: 1, max: 6 }).chain((count) =>
  fc
    .record({
      // Distinct prices: the cart's lines, then the free units' catalog.
      prices: fc.uniqueArray(fc.integer({ min: 100, max: 5000 }), { minLength: count + products.length, maxLength: count + products.length }),
      lines: fc.array(
        fc.record({
          product: fc.constantFrom(...products),
          sku: fc.option(fc.constantFrom(...skus), { nil: null }),
          collectionIds: fc.subarray(collections),
          quantity: fc.integer({ min: 1, max: 5 }),
          eighthsDiscounted: fc.constantFrom(0, 0, 0, 1, 3),
        }),
        { minLength: count, maxLength: count },
      ),
      extra: fc.option(fc.integer({ min: 0, max: 5000 }), { nil: undefined }),
      orderDiscount: fc.constantFrom(0, 0, 100, 2000),
      incentives: fc.array(incentiveArb, { minLength: 1, maxLength: 4 }),
      stacking: fc.record(
        { discount_calculation_mode: fc.constantFrom('DISCOUNTED_AMOUNT', 'INITIAL_AMOUNT') as fc.Arbitrary<'INITIAL_AMOUNT'>, redeemables_products_application_mode: fc.constantFrom('STACK', 'ONCE') as fc.Arbitrary<'ONCE'> },
        { requiredKeys: [] },
      ),
    })
    .map(({ prices, lines, extra, orderDiscount, incentives, stacking }) => {
      const items: CartLine[] = lines.map((line, i) => {
        const amount = prices[i] * line.quantity;
        return { productId: line.product, skuId: line.sku, collectionIds: line.collectionIds, quantity: line.quantity, price: prices[i], amount, discountAmount: Math.floor((amount * line.eighthsDiscounted) / 8) };
      });
      const sum = items.reduce((total, item) => total + item.amount - (item.discountAmount ?? 0), 0);
      const amount = extra === undefined ? undefined : items.reduce((total, item) => total + item.amount, 0) + extra;
      const freeUnits = new Map<string, FreeUnitProduct>(products.map((product, k) => [product, { productId: product, skuId: null, price: prices[count + k] }]));
      return { input: { cart: { amount, discountAmount: Math.min(orderDiscount, sum + (extra ?? 0)), items }, incentives, freeUnits, stacking } };
    }),
);

// ---------------------------------------------------------------------------------------------------------
// The oracle: one incentive on an order, in floating point.

interface OracleLine {
  productId: string | null;
  skuId: string | null;
  collectionIds: readonly string[];
  quantity: number;
  amount: number;
  discount: number;
  price: number | null;
  /** Units a UNIT discount already made free. */
  free: number;
  /** The discount the line carried before the calculation. */
  preexisting: number;
  /** An earlier incentive of the stack discounted it (products application mode ONCE). */
  touched: boolean;
}

interface OracleOrder {
  amount: number;
  orderDiscount: number;
  preexistingOrder: number;
  lines: OracleLine[];
}

interface OracleEffect {
  orderPart: number;
  lineParts: number[];
  /** Amount the order gains from added units. */
  addedAmount: number;
}

const left = (line: OracleLine) => line.amount - line.discount;
const orderLeft = (order: OracleOrder) => order.amount - order.orderDiscount - order.lines.reduce((sum, line) => sum + line.discount, 0);
const unitValue = (line: OracleLine) => line.amount / line.quantity;

function targetMatches(target: DiscountTarget, line: OracleLine): boolean {
  return target.object === 'sku' ? line.skuId === target.id : target.object === 'product' ? line.productId === target.id : line.collectionIds.includes(target.id);
}

/** Covered units per line index, and the governing target of each covered line. */
function oracleUnits(scope: DiscountScope | undefined, order: OracleOrder, once: boolean): { units: Map<number, number>; governing: Map<number, DiscountTarget | null> } {
  const included = scope?.included ?? [];
  const all = scope?.included_all === true || included.length === 0;
  const rank = { sku: 3, product: 2, products_collection: 1 };
  const groups = new Map<DiscountTarget | null, number[]>();
  const governing = new Map<number, DiscountTarget | null>();
  order.lines.forEach((line, at) => {
    if (once && line.touched) return;
    if ((scope?.excluded ?? []).some((target) => targetMatches(target, line))) return;
    const matching = included.filter((target) => targetMatches(target, line));
    const best = matching.reduce<DiscountTarget | null>((chosen, target) => (chosen === null || rank[target.object] > rank[chosen.object] ? target : chosen), null);
    if (best === null && !all) return;
    groups.set(best, [...(groups.get(best) ?? []), at]);
    governing.set(at, best);
  });
  const units = new Map<number, number>();
  for (const [target, ats] of groups) {
    const effect = target?.effect ?? 'APPLY_TO_EVERY';
    const cheapest = effect === 'APPLY_TO_CHEAPEST' || effect === 'APPLY_FROM_CHEAPEST';
    const ranked = [...ats].sort((a, b) => (cheapest ? 1 : -1) * (unitValue(order.lines[a]) - unitValue(order.lines[b])));
    const resources = target?.target === 'UNIT' ? ranked.flatMap((at) => Array.from({ length: order.lines[at].quantity }, () => at)) : ranked;
    const skip = target?.skip_initially ?? 0;
    const repeat = target?.repeat ?? 1;
    let chosen = resources.filter((_, i) => i >= skip && (i - skip) % repeat === 0);
    if (effect === 'APPLY_TO_CHEAPEST' || effect === 'APPLY_TO_MOST_EXPENSIVE') chosen = chosen.slice(0, 1);
    let aggregate = target?.aggregated_quantity_limit ?? Infinity;
    for (const at of ranked) {
      const taken = target?.target === 'UNIT' ? chosen.filter((c) => c === at).length : chosen.includes(at) ? order.lines[at].quantity : 0;
      const n = Math.min(taken, target?.quantity_limit ?? Infinity, aggregate);
      aggregate -= n;
      if (n > 0) units.set(at, n);
    }
  }
  return { units, governing };
}

/** Cut `parts` (at the given indexes) in proportion so they sum to at most `cap`. */
function cutTo(parts: number[], ats: number[], cap: number | undefined): void {
  if (cap === undefined) return;
  const sum = ats.reduce((total, at) => total + parts[at], 0);
  if (sum > cap) for (const at of ats) parts[at] = (parts[at] * cap) / sum;
}

function oracleEffect(incentive: StackedIncentive, order: OracleOrder, freeUnits: ReadonlyMap<string, FreeUnitProduct>, stacking: StackingSettings): OracleEffect {
  const initial = stacking.discount_calculation_mode === 'INITIAL_AMOUNT';
  const none = { orderPart: 0, lineParts: order.lines.map(() => 0), addedAmount: 0 };
  if ('gift' in incentive) return { ...none, orderPart: Math.min(incentive.gift.credits, orderLeft(order)) };
  const discount = incentive.discount;
  if (discount.type === 'UNIT') {
    // Free units: those in the cart first (most valuable first), then the missing ones added at the holder's price.
    const effect = { ...none, lineParts: [...none.lineParts] };
    const specs = discount.effect === 'ADD_MANY_ITEMS' ? (discount.units ?? []) : [discount];
    const lines = order.lines.map((line) => ({ ...line }));
    for (const spec of specs) {
      const holders = lines.map((line, at) => ({ line, at })).filter(({ line }) => line.productId === spec.unit_type && !line.skuId).sort((a, b) => unitValue(b.line) - unitValue(a.line));
      let missing = spec.unit_off ?? 0;
      if (spec.effect !== 'ADD_NEW_ITEMS') {
        // Units another free-unit discount gave are not the customer's: only the others count as held.
        const parts = lines.map(() => 0);
        for (const { line, at } of holders) {
          const n = Math.min(missing, line.quantity - line.free);
          parts[at] = (left(line) * n) / (line.quantity - line.free || 1);
          line.free += n;
          missing -= n;
        }
        const rest = order.amount + effect.addedAmount - order.orderDiscount - lines.reduce((sum, line) => sum + line.discount, 0);
        cutTo(parts, holders.map(({ at }) => at), rest);
        parts.forEach((part, at) => {
          effect.lineParts[at] += part;
          lines[at].discount += part;
        });
      }
      if (missing === 0) continue;
      const price = holders[0]?.line.price ?? freeUnits.get(spec.unit_type ?? '')?.price ?? 0;
      effect.addedAmount += missing * price;
      const at = holders[0]?.at ?? lines.push({ productId: spec.unit_type ?? null, skuId: null, collectionIds: [], quantity: 0, amount: 0, discount: 0, price, free: 0, preexisting: 0, touched: false }) - 1;
      lines[at].quantity += missing;
      lines[at].free += missing;
      lines[at].amount += missing * price;
      lines[at].discount += missing * price;
      effect.lineParts[at] = (effect.lineParts[at] ?? 0) + missing * price;
    }
    return effect;
  }
  const effectName = discount.effect ?? 'APPLY_TO_ORDER';
  if (effectName === 'APPLY_TO_ORDER') {
    const rest = orderLeft(order);
    // "Based on initial amount": the percent of the order before the stack's discounts.
    const base = initial ? order.amount - order.preexistingOrder - order.lines.reduce((sum, line) => sum + line.preexisting, 0) : rest;
    let part = discount.type === 'AMOUNT' ? discount.amount_off! : discount.type === 'PERCENT' ? Math.min((discount.percent_off! / 100) * base, discount.amount_limit ?? Infinity) : Math.max(0, rest - discount.fixed_amount!);
    if (discount.type !== 'FIXED') part = Math.min(part, discount.aggregated_amount_limit ?? Infinity);
    return { ...none, orderPart: Math.min(part, rest) };
  }
  const { units, governing } = oracleUnits(incentive.applicable_to, order, stacking.redeemables_products_application_mode === 'ONCE');
  const parts = order.lines.map(() => 0);
  const ats = [...units.keys()];
  const value = (at: number) => (left(order.lines[at]) * units.get(at)!) / order.lines[at].quantity;
  if (effectName === 'APPLY_TO_ITEMS_PROPORTIONALLY' || effectName === 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY') {
    const values = ats.map(value);
    let total = Math.min((discount as { amount_off: number }).amount_off, values.reduce((sum, v) => sum + v, 0));
    if (effectName === 'APPLY_TO_ITEMS_PROPORTIONALLY') {
      const sum = values.reduce((s, v) => s + v, 0);
      ats.forEach((at, i) => (parts[at] = sum === 0 ? 0 : (total * values[i]) / sum));
    } else {
      // Water-filling: split by units, lines that would pass their value take it, the rest is split again.
      let open = ats.filter((at) => value(at) > 0);
      while (open.length > 0 && total > 1e-9) {
        const unitSum = open.reduce((s, at) => s + units.get(at)!, 0);
        const full = open.filter((at) => (total * units.get(at)!) / unitSum > value(at));
        if (full.length === 0) {
          for (const at of open) parts[at] = (total * units.get(at)!) / unitSum;
          break;
        }
        for (const at of full) {
          parts[at] = value(at);
          total -= value(at);
        }
        open = open.filter((at) => !full.includes(at));
      }
    }
    for (const at of ats) parts[at] = Math.min(parts[at], governing.get(at)?.amount_limit ?? Infinity);
  } else {
    for (const at of ats) {
      const n = units.get(at)!;
      const target = governing.get(at) ?? null;
      let part: number;
      if (discount.type === 'AMOUNT') part = effectName === 'APPLY_TO_ITEMS_BY_QUANTITY' ? discount.amount_off! * n : discount.amount_off!;
      else if (discount.type === 'PERCENT') {
        const line = order.lines[at];
        const base = initial ? ((line.amount - line.preexisting) * n) / line.quantity : value(at);
        part = Math.min((discount.percent_off! / 100) * base, discount.amount_limit ?? Infinity);
      }
      else part = Math.max(0, value(at) - (target?.price ?? discount.fixed_amount!) * n);
      parts[at] = Math.min(part, target?.amount_limit ?? Infinity, value(at));
    }
  }
  const targets = new Set(ats.map((at) => governing.get(at) ?? null));
  for (const target of targets) cutTo(parts, ats.filter((at) => (governing.get(at) ?? null) === target), target?.aggregated_amount_limit);
  if (discount.type !== 'FIXED') cutTo(parts, ats, discount.aggregated_amount_limit);
  cutTo(parts, ats, orderLeft(order));
  return { ...none, lineParts: parts };
}

/** The calculator's order as the oracle reads it. */
function asOracleOrder(order: CalculatedOrder, input: DiscountCalculationInput, touched: ReadonlySet<number>): OracleOrder {
  return {
    amount: order.amount,
    orderDiscount: order.discount_amount,
    preexistingOrder: input.cart.discountAmount ?? 0,
    lines: order.items.map((item, at) => ({
      productId: item.product_id,
      skuId: item.sku_id,
      collectionIds: item.index === null ? [] : (input.cart.items[item.index].collectionIds ?? []),
      quantity: item.quantity,
      amount: item.amount,
      discount: item.discount_amount,
      price: item.price,
      free: item.discount_quantity,
      preexisting: item.index === null ? 0 : (input.cart.items[item.index].discountAmount ?? 0),
      touched: touched.has(at),
    })),
  };
}

function initialOrder(input: DiscountCalculationInput): OracleOrder {
  const items = input.cart.items;
  return {
    amount: input.cart.amount ?? items.reduce((sum, item) => sum + item.amount, 0),
    orderDiscount: input.cart.discountAmount ?? 0,
    preexistingOrder: input.cart.discountAmount ?? 0,
    lines: items.map((item) => ({ productId: item.productId, skuId: item.skuId, collectionIds: item.collectionIds ?? [], quantity: item.quantity, amount: item.amount, discount: item.discountAmount, price: item.price, free: 0, preexisting: item.discountAmount, touched: false })),
  };
}

function calculated(input: DiscountCalculationInput): DiscountCalculation {
  const outcome = calculateDiscounts(input);
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.refusal)}`);
  return outcome.calculation;
}

function shuffled<T>(values: readonly T[], seed: number): { values: T[]; from: number[] } {
  const from = values.map((_, i) => i);
  let state = seed;
  for (let i = from.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const j = state % (i + 1);
    [from[i], from[j]] = [from[j], from[i]];
  }
  return { values: from.map((i) => values[i]), from };
}

const runs = { numRuns: 600 };
/** Floating point's own error, far below a cent. */
const epsilon = 1e-6;

describe('calculateDiscounts: properties on random carts and stacks', () => {
  it('agrees with the floating-point oracle incentive by incentive, to within rounding', () => {
    fc.assert(
      fc.property(scenarioArb, ({ input }) => {
        const result = calculated(input);
        let before = initialOrder(input);
        const touched = new Set<number>();
        result.incentives.forEach((incentive, k) => {
          const expected = oracleEffect(input.incentives[k], before, input.freeUnits!, input.stacking ?? {});
          const order = incentive.order;
          const covered = order.items.filter((item) => item.applied_discount_amount > 0).length;
          expect(Math.abs(order.applied_discount_amount - expected.orderPart)).toBeLessThanOrEqual(0.5 + epsilon);
          const expectedItems = expected.lineParts.reduce((sum, part) => sum + part, 0);
          expect(Math.abs(order.items_applied_discount_amount - expectedItems)).toBeLessThanOrEqual(covered + 1 + epsilon);
          expect(order.items).toHaveLength(expected.lineParts.length);
          expected.lineParts.forEach((part, at) => expect(Math.abs(order.items[at].applied_discount_amount - part)).toBeLessThanOrEqual(2 + epsilon));
          expect(order.amount - before.amount).toBe(expected.addedAmount);
          order.items.forEach((item, at) => item.applied_discount_amount > 0 && touched.add(at));
          before = asOracleOrder(order, input, touched);
        });
      }),
      runs,
    );
  });

  it('0 ≤ each discount ≤ what it applies to; items add up; totals hold', () => {
    fc.assert(
      fc.property(scenarioArb, ({ input }) => {
        const result = calculated(input);
        let previous: { total_amount: number; amount: number; items: { amount: number; discount_amount: number }[] } = {
          total_amount: initialOrder(input).amount - (input.cart.discountAmount ?? 0) - input.cart.items.reduce((sum, item) => sum + (item.discountAmount ?? 0), 0),
          amount: initialOrder(input).amount,
          items: input.cart.items.map((item) => ({ amount: item.amount, discount_amount: item.discountAmount ?? 0 })),
        };
        const orders = [...result.incentives.map((incentive) => incentive.order)];
        for (const order of orders) {
          const added = order.amount - previous.amount;
          expect(added).toBeGreaterThanOrEqual(0);
          expect(order.applied_discount_amount).toBeGreaterThanOrEqual(0);
          expect(order.total_applied_discount_amount).toBeLessThanOrEqual(previous.total_amount + added);
          order.items.forEach((item, at) => {
            const was = previous.items[at] ?? { amount: 0, discount_amount: 0 };
            expect(item.applied_discount_amount).toBeGreaterThanOrEqual(0);
            expect(item.applied_discount_amount).toBeLessThanOrEqual(was.amount - was.discount_amount + (item.amount - was.amount));
            expect(item.discount_amount).toBe(was.discount_amount + item.applied_discount_amount);
          });
          previous = order;
        }
        for (const order of [...orders, result.order]) {
          expect(order.items_discount_amount).toBe(order.items.reduce((sum, item) => sum + item.discount_amount, 0));
          expect(order.items_applied_discount_amount).toBe(order.items.reduce((sum, item) => sum + item.applied_discount_amount, 0));
          expect(order.total_discount_amount).toBe(order.discount_amount + order.items_discount_amount);
          expect(order.total_applied_discount_amount).toBe(order.applied_discount_amount + order.items_applied_discount_amount);
          expect(order.total_amount).toBe(order.amount - order.total_discount_amount);
          expect(order.total_amount).toBeGreaterThanOrEqual(0);
          for (const item of order.items) {
            expect(item.subtotal_amount).toBe(item.amount - item.discount_amount);
            expect(item.subtotal_amount).toBeGreaterThanOrEqual(0);
            expect(item.discount_quantity).toBeLessThanOrEqual(item.quantity);
          }
        }
        const sum = (pick: (order: CalculatedOrder) => number) => result.incentives.reduce((total, incentive) => total + pick(incentive.order), 0);
        expect(result.order.applied_discount_amount).toBe(sum((order) => order.applied_discount_amount));
        expect(result.order.items_applied_discount_amount).toBe(sum((order) => order.items_applied_discount_amount));
        expect(result.order.discount_amount).toBe((input.cart.discountAmount ?? 0) + result.order.applied_discount_amount);
      }),
      runs,
    );
  });

  it('shuffling the cart’s lines changes nothing', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 2 ** 30 }), ({ input }, seed) => {
        const { values, from } = shuffled(input.cart.items, seed);
        const original = calculated(input);
        const moved = calculated({ ...input, cart: { ...input.cart, items: values } });
        const inCartOrder = (order: CalculatedOrder) => {
          const { items, ...amounts } = order;
          const cartLines = items.filter((item) => item.index !== null);
          const byOriginalIndex = cartLines.map((item) => ({ ...item, index: item.index === null ? null : from[item.index] })).sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
          return { amounts, cartLines: byOriginalIndex, added: items.filter((item) => item.index === null) };
        };
        const plain = (order: CalculatedOrder) => ({ ...inCartOrder(order), cartLines: order.items.filter((item) => item.index !== null), added: order.items.filter((item) => item.index === null) });
        expect(inCartOrder(moved.order)).toEqual(plain(original.order));
        moved.incentives.forEach((incentive, k) => {
          expect(inCartOrder(incentive.order)).toEqual(plain(original.incentives[k].order));
          const indices = (coverage: typeof incentive.applicable_to) => coverage.map((c) => ({ target: c.target, indices: [...c.order_item_indices].sort((a, b) => a - b) }));
          expect(indices(incentive.applicable_to.map((c) => ({ ...c, order_item_indices: c.order_item_indices.map((i) => from[i]) })))).toEqual(indices(original.incentives[k].applicable_to));
        });
      }),
      runs,
    );
  });
});
