import { describe, expect, it } from 'vitest';
import { calculateDiscounts, inApplicationOrder, type CartLine, type DiscountCalculation, type DiscountCalculationInput, type DiscountTarget, type StackedIncentive } from './index';

/** Worked examples of the real API's docs and contract files (../shared/reference/promotion/), amounts in cents. */

const line = (productId: string, price: number, quantity: number, extra: Partial<CartLine> = {}): CartLine => ({ productId, skuId: null, quantity, price, amount: price * quantity, discountAmount: 0, ...extra });

function calculate(input: DiscountCalculationInput): DiscountCalculation {
  const outcome = calculateDiscounts(input);
  if (!outcome.ok) throw new Error(`refused: ${JSON.stringify(outcome.refusal)}`);
  return outcome.calculation;
}

const itemDiscounts = (calculation: DiscountCalculation) => calculation.order.items.map((item) => item.discount_amount);
const orderAmounts = ({ items: _items, ...order }: DiscountCalculation['order']) => order;

describe('product discounts on the docs’ sample order (build_discount-types-and-effects.mdx, "Product discount effects")', () => {
  // Adventure Mug $10 × 2, Poster $15 × 3, T-shirt $20 × 3, Star Thermal Bottle $25 × 2; the discounts cover the Adventure brand.
  const cart = { items: [line('mug', 1000, 2, { collectionIds: ['adventure'] }), line('poster', 1500, 3, { collectionIds: ['adventure'] }), line('tshirt', 2000, 3, { collectionIds: ['adventure'] }), line('bottle', 2500, 2, { collectionIds: ['star'] })] };
  const adventure = { included: [{ object: 'products_collection', id: 'adventure' } as DiscountTarget] };
  const withDiscount = (discount: StackedIncentive & { discount: unknown }) => calculate({ cart, incentives: [discount] });

  it('Amount discount, apply the discount to item subtotal: $10 off each Adventure line, $30 in all', () => {
    const result = withDiscount({ discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS' }, applicable_to: adventure });
    expect(itemDiscounts(result)).toEqual([1000, 1000, 1000, 0]);
    expect(result.order).toMatchObject({ amount: 17500, items_discount_amount: 3000, total_discount_amount: 3000, total_amount: 14500 });
  });

  it('Amount discount, apply the full discount to each item unit: $80 in all', () => {
    const result = withDiscount({ discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' }, applicable_to: adventure });
    expect(itemDiscounts(result)).toEqual([2000, 3000, 3000, 0]);
    expect(result.order.total_amount).toBe(9500);
  });

  it('Amount discount, split proportionally to amount: $1.6, $3.6, $4.8', () => {
    const result = withDiscount({ discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' }, applicable_to: adventure });
    expect(itemDiscounts(result)).toEqual([160, 360, 480, 0]);
    expect(result.order.total_amount).toBe(16500);
  });

  it('Amount discount, split proportionally to quantity: $2.5, $3.75, $3.75', () => {
    const result = withDiscount({ discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY' }, applicable_to: adventure });
    expect(itemDiscounts(result)).toEqual([250, 375, 375, 0]);
  });

  it('Percent discount, apply to item subtotal: 10% is $2, $4.5, $6, $12.5 in all', () => {
    const result = withDiscount({ discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' }, applicable_to: adventure });
    expect(itemDiscounts(result)).toEqual([200, 450, 600, 0]);
    expect(result.order.total_amount).toBe(16250);
  });

  it('New price discount, apply to item subtotal: $10 a unit takes $0, $15, $30', () => {
    const result = withDiscount({ discount: { type: 'FIXED', fixed_amount: 1000, effect: 'APPLY_TO_ITEMS' }, applicable_to: adventure });
    expect(itemDiscounts(result)).toEqual([0, 1500, 3000, 0]);
    expect(result.order.total_amount).toBe(13000);
  });

  it('the effect defaults to APPLY_TO_ITEMS when products are named, APPLY_TO_ORDER when not (guides_discount-effects.mdx, "Default effect")', () => {
    expect(itemDiscounts(withDiscount({ discount: { type: 'AMOUNT', amount_off: 1000 }, applicable_to: adventure }))).toEqual([1000, 1000, 1000, 0]);
    const whole = withDiscount({ discount: { type: 'AMOUNT', amount_off: 1000 } });
    expect(orderAmounts(whole.order)).toMatchObject({ discount_amount: 1000, items_discount_amount: 0, total_amount: 16500 });
  });

  it('"Maximum units per order item": 3 of 5 units; "… combined for all matched order lines": 5 of 2 + 4 units (most expensive first)', () => {
    const perLine = calculate({ cart: { items: [line('poster', 1500, 5)] }, incentives: [{ discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' }, applicable_to: { included: [{ object: 'product', id: 'poster', quantity_limit: 3 }] } }] });
    expect(itemDiscounts(perLine)).toEqual([300]);
    const combined = calculate({
      cart: { items: [line('mug', 1000, 2, { collectionIds: ['c'] }), line('cap', 900, 4, { collectionIds: ['c'] })] },
      incentives: [{ discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' }, applicable_to: { included: [{ object: 'products_collection', id: 'c', aggregated_quantity_limit: 5 }] } }],
    });
    expect(itemDiscounts(combined)).toEqual([200, 300]);
  });

  it('"Maximum discount amount per order line" $25 and "… per order" caps', () => {
    const result = calculate({
      cart: { items: [line('a', 5000, 1), line('b', 3000, 2), line('c', 1000, 1)] },
      incentives: [{ discount: { type: 'PERCENT', percent_off: 50, effect: 'APPLY_TO_ITEMS' }, applicable_to: { included_all: true, included: [{ object: 'product', id: 'a', amount_limit: 2500 }, { object: 'product', id: 'b', amount_limit: 2500 }] } }],
    });
    expect(itemDiscounts(result)).toEqual([2500, 2500, 500]);
    const perOrder = calculate({ cart: { items: [line('a', 5000, 1), line('b', 3000, 2)] }, incentives: [{ discount: { type: 'AMOUNT', amount_off: 5000, aggregated_amount_limit: 6000, effect: 'APPLY_TO_ITEMS' } , applicable_to: { included_all: true } }] });
    // 5000 + 5000 cut to 6000 in proportion.
    expect(itemDiscounts(perOrder)).toEqual([3000, 3000]);
  });
});

describe('application rules (build_discount-types-and-effects.mdx, "Application rules - examples")', () => {
  // T-shirt $20 × 3, Poster $15 × 5, Mug $10 × 2, Socks $5 × 4 of the Adventure brand; Star Thermal Bottle $25 × 2.
  const items = [line('bottle', 2500, 2), line('socks', 500, 4, { collectionIds: ['adventure'] }), line('mug', 1000, 2, { collectionIds: ['adventure'] }), line('poster', 1500, 5, { collectionIds: ['adventure'] }), line('tshirt', 2000, 3, { collectionIds: ['adventure'] })];
  const rule = (target: 'ITEM' | 'UNIT'): DiscountTarget => ({ object: 'products_collection', id: 'adventure', effect: 'APPLY_FROM_MOST_EXPENSIVE', target, skip_initially: 1, repeat: 2 });

  it('$5 off order lines, from the most expensive, skipping the first, every second: the poster and the socks', () => {
    const result = calculate({ cart: { items }, incentives: [{ discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ITEMS' }, applicable_to: { included: [rule('ITEM')] } }] });
    expect(itemDiscounts(result)).toEqual([0, 500, 0, 500, 0]);
    expect(result.order.total_amount).toBe(21500);
    expect(result.incentives[0].applicable_to[0].order_item_indices).toEqual([1, 3]);
  });

  it('$5 off each unit, from the most expensive, skipping the first, every second unit: $35', () => {
    const result = calculate({ cart: { items }, incentives: [{ discount: { type: 'AMOUNT', amount_off: 500, effect: 'APPLY_TO_ITEMS_BY_QUANTITY' }, applicable_to: { included: [rule('UNIT')] } }] });
    expect(itemDiscounts(result)).toEqual([0, 1000, 500, 1500, 500]);
    expect(result.order.total_discount_amount).toBe(3500);
    expect(result.incentives[0].applicable_to[0].order_item_units).toEqual([
      { index: 1, units: [2, 4] },
      { index: 2, units: [2] },
      { index: 3, units: [1, 3, 5] },
      { index: 4, units: [2] },
    ]);
  });

  it('the cheapest and the most expensive take one resource only', () => {
    const cheapest = calculate({ cart: { items }, incentives: [{ discount: { type: 'PERCENT', percent_off: 100, effect: 'APPLY_TO_ITEMS' }, applicable_to: { included: [{ object: 'products_collection', id: 'adventure', effect: 'APPLY_TO_CHEAPEST', target: 'UNIT' }] } }] });
    expect(itemDiscounts(cheapest)).toEqual([0, 500, 0, 0, 0]);
    const dearest = calculate({ cart: { items }, incentives: [{ discount: { type: 'PERCENT', percent_off: 50, effect: 'APPLY_TO_ITEMS' }, applicable_to: { included: [{ object: 'products_collection', id: 'adventure', effect: 'APPLY_TO_MOST_EXPENSIVE' }] } }] });
    expect(itemDiscounts(dearest)).toEqual([0, 0, 0, 0, 3000]);
  });
});

describe('guides_discount-effects.mdx redemptions', () => {
  const mug = line('prod_08f19debbb4715ddda', 2000, 1);
  const pen = line('prod_08f19eba8d0715dde0', 8000, 1);
  const tshirt = line('prod_08eb194cab0eab36f3', 5000, 1);
  const iphone = line('prod_f1r5Tpr0DuC7', 180000, 1);
  const cart = { amount: 195000, items: [mug, pen, tshirt, iphone] };
  const mugAndPen = { included: [{ object: 'product', id: 'prod_08f19eba8d0715dde0' }, { object: 'product', id: 'prod_08f19debbb4715ddda' }] as DiscountTarget[] };

  it('Apply to order: 10% of the order amount 20050 is 2005 (the order gives its amount, which wins over its items)', () => {
    const result = calculate({ cart: { amount: 20050, items: [line('t', 3000, 1), line('pen', 2000, 1), line('mug', 1000, 2, { amount: 1000 })] }, incentives: [{ discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } }] });
    expect(orderAmounts(result.order)).toMatchObject({ amount: 20050, discount_amount: 2005, total_discount_amount: 2005, total_amount: 18045 });
  });

  it('Apply to items: $10 off the mug and the pen', () => {
    const result = calculate({ cart, incentives: [{ discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS' }, applicable_to: mugAndPen }] });
    expect(itemDiscounts(result)).toEqual([1000, 1000, 0, 0]);
    expect(orderAmounts(result.order)).toMatchObject({ amount: 195000, total_discount_amount: 2000, total_amount: 193000 });
  });

  it('Apply to items proportionally: $10 over the mug and the pen is 200 and 800', () => {
    const result = calculate({ cart, incentives: [{ discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' }, applicable_to: mugAndPen }] });
    expect(itemDiscounts(result)).toEqual([200, 800, 0, 0]);
    expect(result.order.total_amount).toBe(194000);
  });

  it('proportionally, parts add up exactly: $3 over 3300 and 3400 is 148 and 152 (client-side.json, POST /client/v1/redeem, "Discount Coupon")', () => {
    const result = calculate({
      cart: { items: [line('prod_0a9f9ab4ab019a42d5', 3000, 1, { amount: 3300 }), line('prod_0a9f9aeddb019a42db', 3000, 2, { amount: 3400 })] },
      incentives: [{ discount: { type: 'AMOUNT', amount_off: 300, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' }, applicable_to: { included: [{ object: 'product', id: 'prod_0a9f9ab4ab019a42d5' }, { object: 'product', id: 'prod_0a9f9aeddb019a42db' }] } }],
    });
    expect(result.order.items.map(({ discount_amount, subtotal_amount }) => ({ discount_amount, subtotal_amount }))).toEqual([
      { discount_amount: 148, subtotal_amount: 3152 },
      { discount_amount: 152, subtotal_amount: 3248 },
    ]);
    expect(orderAmounts(result.order)).toMatchObject({ amount: 6700, items_discount_amount: 300, total_amount: 6400, items_applied_discount_amount: 300 });
  });
});

describe('stacked incentives (guides_manage-stackable-discounts.mdx and validations.json)', () => {
  it('a 100 gift card, 20% and 8000 on an order of 200000: each applies to what the others left', () => {
    const result = calculate({ cart: { amount: 200000, items: [] }, incentives: [{ gift: { credits: 100 } }, { discount: { type: 'PERCENT', percent_off: 20, effect: 'APPLY_TO_ORDER' } }, { discount: { type: 'AMOUNT', amount_off: 8000, effect: 'APPLY_TO_ORDER' } }] });
    expect(result.incentives.map((incentive) => orderAmounts(incentive.order))).toEqual([
      { amount: 200000, initial_amount: 200000, discount_amount: 100, items_discount_amount: 0, total_discount_amount: 100, total_amount: 199900, applied_discount_amount: 100, items_applied_discount_amount: 0, total_applied_discount_amount: 100 },
      { amount: 200000, initial_amount: 200000, discount_amount: 40080, items_discount_amount: 0, total_discount_amount: 40080, total_amount: 159920, applied_discount_amount: 39980, items_applied_discount_amount: 0, total_applied_discount_amount: 39980 },
      { amount: 200000, initial_amount: 200000, discount_amount: 48080, items_discount_amount: 0, total_discount_amount: 48080, total_amount: 151920, applied_discount_amount: 8000, items_applied_discount_amount: 0, total_applied_discount_amount: 8000 },
    ]);
    expect(orderAmounts(result.order)).toMatchObject({ discount_amount: 48080, total_amount: 151920, applied_discount_amount: 48080, total_applied_discount_amount: 48080 });
  });

  // validations.json, POST /v1/validations, example "True - 5 Redeemables" (its loyalty card pays nothing and is left out).
  const fiveRedeemables = () =>
    calculate({
      cart: { items: [{ productId: 'prod_s3C0nDpr0DuC7', skuId: 'sku_0a3efc90375d1217e2', quantity: 1, price: 2000, amount: 2000, discountAmount: 0, collectionIds: ['pc_a11pr0dUc75'] }, line('prod_0bc3bd8a4e072c5275', 700, 1, { collectionIds: ['pc_a11pr0dUc75'] })] },
      incentives: [
        {
          discount: { type: 'AMOUNT', effect: 'APPLY_TO_ITEMS', amount_off: 1000 },
          applicable_to: {
            included: [
              { object: 'products_collection', id: 'pc_a11pr0dUc75', effect: 'APPLY_TO_EVERY' },
              { object: 'sku', id: 'sku_0a3efc90375d1217e2', effect: 'APPLY_TO_EVERY' },
              { object: 'product', id: 'prod_0bc3bd8a4e072c5275', effect: 'APPLY_TO_EVERY' },
            ],
          },
        },
        { gift: { credits: 100 } },
        { discount: { type: 'PERCENT', effect: 'APPLY_TO_ORDER', percent_off: 40 } },
        { discount: { type: 'AMOUNT', effect: 'APPLY_TO_ORDER', amount_off: 30 } },
      ],
    });

  it('validations.json "True - 5 Redeemables": every redeemable’s order and the final order', () => {
    const result = fiveRedeemables();
    const picked = (order: DiscountCalculation['order']) => ({ ...orderAmounts(order), items: order.items.map(({ amount, discount_amount, applied_discount_amount, subtotal_amount }) => ({ amount, discount_amount, applied_discount_amount, subtotal_amount })) });
    const lines = (applied: [number, number]) => [
      { amount: 2000, discount_amount: 1000, applied_discount_amount: applied[0], subtotal_amount: 1000 },
      { amount: 700, discount_amount: 700, applied_discount_amount: applied[1], subtotal_amount: 0 },
    ];
    const base = { amount: 2700, initial_amount: 2700, items_discount_amount: 1700 };
    expect(result.incentives.map((incentive) => picked(incentive.order))).toEqual([
      { ...base, discount_amount: 0, total_discount_amount: 1700, total_amount: 1000, applied_discount_amount: 0, items_applied_discount_amount: 1700, total_applied_discount_amount: 1700, items: lines([1000, 700]) },
      { ...base, discount_amount: 100, total_discount_amount: 1800, total_amount: 900, applied_discount_amount: 100, items_applied_discount_amount: 0, total_applied_discount_amount: 100, items: lines([0, 0]) },
      { ...base, discount_amount: 460, total_discount_amount: 2160, total_amount: 540, applied_discount_amount: 360, items_applied_discount_amount: 0, total_applied_discount_amount: 360, items: lines([0, 0]) },
      { ...base, discount_amount: 490, total_discount_amount: 2190, total_amount: 510, applied_discount_amount: 30, items_applied_discount_amount: 0, total_applied_discount_amount: 30, items: lines([0, 0]) },
    ]);
    expect(picked(result.order)).toEqual({ ...base, discount_amount: 490, total_discount_amount: 2190, total_amount: 510, applied_discount_amount: 490, items_applied_discount_amount: 1700, total_applied_discount_amount: 2190, items: lines([1000, 700]) });
    expect(result.incentives[0].applicable_to.map((coverage) => [coverage.target?.id, coverage.order_item_indices])).toEqual([
      ['sku_0a3efc90375d1217e2', [0]],
      ['prod_0bc3bd8a4e072c5275', [1]],
    ]);
  });

  it('an item’s subtotal_amount is amount − discount_amount, as the contract’s examples show, not amount − applied_discount_amount as its schema says', () => {
    // OrderCalculatedItem.subtotal_amount: "`subtotal_amount`=`amount`-`applied_discount_amount`". In the same file's
    // "True - 5 Redeemables" example the gift card's order shows the SKU line with discount_amount 1000, no applied
    // discount (the gift card took nothing off it) and subtotal_amount 1000: the example wins.
    const afterGift = fiveRedeemables().incentives[1].order.items[0];
    expect(afterGift).toMatchObject({ amount: 2000, discount_amount: 1000, applied_discount_amount: 0, subtotal_amount: 1000 });
    expect(afterGift.subtotal_amount).not.toBe(afterGift.amount - afterGift.applied_discount_amount);
  });

  it('nothing takes the order below zero: an item discount after the order is paid in full takes nothing (Apply discount to the already created order: 1000 off, 800 applied)', () => {
    const result = calculate({ cart: { amount: 10000, discountAmount: 9200, items: [] }, incentives: [{ discount: { type: 'AMOUNT', amount_off: 1000, effect: 'APPLY_TO_ORDER' } }] });
    expect(orderAmounts(result.order)).toMatchObject({ amount: 10000, discount_amount: 10000, applied_discount_amount: 800, total_discount_amount: 10000, total_applied_discount_amount: 800, total_amount: 0 });
    const items = calculate({ cart: { items: [line('a', 1000, 1)] }, incentives: [{ discount: { type: 'AMOUNT', amount_off: 900, effect: 'APPLY_TO_ORDER' } }, { discount: { type: 'PERCENT', percent_off: 50, effect: 'APPLY_TO_ITEMS' }, applicable_to: { included_all: true } }] });
    expect(items.incentives[1].order).toMatchObject({ items_applied_discount_amount: 100, total_amount: 0 });
  });

  it('discount calculation mode: 10% then 20% of $100 is $28 on the discounted amount, $30 on the initial amount (orchestrate_using-stacking-rules-and-categories.mdx)', () => {
    const incentives: StackedIncentive[] = [{ discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ORDER' } }, { discount: { type: 'PERCENT', percent_off: 20, effect: 'APPLY_TO_ORDER' } }];
    expect(calculate({ cart: { amount: 10000, items: [] }, incentives }).order.total_discount_amount).toBe(2800);
    expect(calculate({ cart: { amount: 10000, items: [] }, incentives, stacking: { discount_calculation_mode: 'INITIAL_AMOUNT' } }).order.total_discount_amount).toBe(3000);
    const onItems: StackedIncentive[] = incentives.map((incentive) => ({ discount: { type: 'PERCENT', percent_off: 'discount' in incentive && incentive.discount.type === 'PERCENT' ? incentive.discount.percent_off : 0, effect: 'APPLY_TO_ITEMS' }, applicable_to: { included_all: true } }));
    const cart = { items: [line('a', 10000, 1, { discountAmount: 1000 })] };
    // The line's initial amount is what it cost before this calculation: 9000 after the discount it came with.
    expect(itemDiscounts(calculate({ cart, incentives: onItems }))).toEqual([1000 + 900 + 1620]);
    expect(itemDiscounts(calculate({ cart, incentives: onItems, stacking: { discount_calculation_mode: 'INITIAL_AMOUNT' } }))).toEqual([1000 + 900 + 1800]);
  });

  it('products application mode ONCE: a line an earlier incentive discounted takes no later item discount', () => {
    const incentives: StackedIncentive[] = [
      { discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS' }, applicable_to: { included: [{ object: 'product', id: 'a' }] } },
      { discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS' }, applicable_to: { included_all: true } },
    ];
    const cart = { items: [line('a', 1000, 1), line('b', 1000, 1)] };
    expect(itemDiscounts(calculate({ cart, incentives }))).toEqual([190, 100]);
    expect(itemDiscounts(calculate({ cart, incentives, stacking: { redeemables_products_application_mode: 'ONCE' } }))).toEqual([100, 100]);
  });

  it('category hierarchy orders the stack, lower first, ties in the request’s order; requested order keeps it', () => {
    const stack = [{ id: 'a', hierarchy: 2 }, { id: 'b' }, { id: 'c', hierarchy: 0 }, { id: 'd', hierarchy: 1 }];
    expect(inApplicationOrder(stack, 'CATEGORY_HIERARCHY').map((item) => item.id)).toEqual(['c', 'b', 'd', 'a']);
    expect(inApplicationOrder(stack).map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('new price per target (validations.json, POST /v1/promotions/validation, "Promotion Tier Metadata")', () => {
  it('FIXED on items: every product is worth 8, the target’s price', () => {
    const items = [line('prod_0a9f9ab4ab019a42d5', 2900, 1), line('prod_0a9f9aeddb019a42db', 3100, 1), line('prod_0a9f9ab4ab019a42d5', 2900, 1), { ...line('prod_0b7d7dfb05cbe5c616', 1700, 1), skuId: 'sku_0b7d7dfb090be5c619' }, line('prod_0b72b0bd64d198e3ae', 1500, 1), line('prod_0b7d7c4e814be5c502', 60000, 1)];
    const target = (object: DiscountTarget['object'], id: string): DiscountTarget => ({ object, id, price: 800, effect: 'APPLY_TO_EVERY' });
    const result = calculate({
      cart: { items },
      incentives: [
        {
          discount: { type: 'FIXED', effect: 'APPLY_TO_ITEMS' },
          applicable_to: { included: [target('products_collection', 'pc_a11pr0dUc75'), target('product', 'prod_0a9f9ab4ab019a42d5'), target('product', 'prod_0a9f9aeddb019a42db'), target('sku', 'sku_0b7d7dfb090be5c619'), target('product', 'prod_0b72b0bd64d198e3ae'), target('product', 'prod_0b7d7c4e814be5c502')] },
        },
      ],
    });
    expect(itemDiscounts(result)).toEqual([2100, 2300, 2100, 900, 700, 59200]);
    expect(orderAmounts(result.order)).toMatchObject({ amount: 72100, items_discount_amount: 67300, total_discount_amount: 67300, total_amount: 4800 });
  });
});

describe('free units (guides_give-item-for-free-unit-discount.mdx and validations.json)', () => {
  it('one free T-shirt with one in the cart: ADD_NEW_ITEMS adds a second, free; ADD_MISSING_ITEMS makes the one there free', () => {
    const cart = { items: [line('prod_xoOl0M0AGbmkLp', 2900, 1)] };
    const added = calculate({ cart, incentives: [{ discount: { type: 'UNIT', unit_off: 1, unit_type: 'prod_xoOl0M0AGbmkLp', effect: 'ADD_NEW_ITEMS' } }] });
    expect(added.order.items).toMatchObject([{ quantity: 2, amount: 5800, discount_amount: 2900, price: 2900 }]);
    const missing = calculate({ cart, incentives: [{ discount: { type: 'UNIT', unit_off: 1, unit_type: 'prod_xoOl0M0AGbmkLp', effect: 'ADD_MISSING_ITEMS' } }] });
    expect(missing.order.items).toMatchObject([{ quantity: 1, amount: 2900, discount_amount: 2900, price: 2900 }]);
    expect(missing.order.total_amount).toBe(0);
  });

  it('ADD_MANY_ITEMS: the red T-shirt in the cart becomes free, a blue one is added free', () => {
    const result = calculate({
      cart: { amount: 6000, items: [line('prod_0a9f9ab4ab019a42d5', 2900, 1), line('prod_0a9f9aeddb019a42db', 3100, 1)] },
      incentives: [{ discount: { type: 'UNIT', effect: 'ADD_MANY_ITEMS', units: [{ unit_off: 1, unit_type: 'prod_0a9f9ab4ab019a42d5', effect: 'ADD_MISSING_ITEMS' }, { unit_off: 1, unit_type: 'prod_0a9f9aeddb019a42db', effect: 'ADD_NEW_ITEMS' }] } }],
    });
    expect(orderAmounts(result.order)).toMatchObject({ amount: 9100, items_discount_amount: 6000, total_discount_amount: 6000, total_amount: 3100, items_applied_discount_amount: 6000, total_applied_discount_amount: 6000 });
    expect(result.order.items.map(({ quantity, discount_quantity, initial_quantity, amount, discount_amount, initial_amount, subtotal_amount }) => ({ quantity, discount_quantity, initial_quantity, amount, discount_amount, initial_amount, subtotal_amount }))).toEqual([
      { quantity: 1, discount_quantity: 1, initial_quantity: 1, amount: 2900, discount_amount: 2900, initial_amount: 2900, subtotal_amount: 0 },
      { quantity: 2, discount_quantity: 1, initial_quantity: 1, amount: 6200, discount_amount: 3100, initial_amount: 3100, subtotal_amount: 3100 },
    ]);
  });

  it('"Unit - Add order items": three jackets added free to an order that already carried a discount of 8400', () => {
    const result = calculate({
      cart: { amount: 28000, discountAmount: 8400, items: [{ ...line('prod_0b661d31134b299cc2', 9500, 1), skuId: 'sku_0b661d6265cb29ae52' }, line('jogging', 18500, 1), { productId: 'prod_5h1pp1ng', skuId: null, quantity: 1, price: null, amount: 0, discountAmount: 0 }] },
      incentives: [{ discount: { type: 'UNIT', effect: 'ADD_NEW_ITEMS', unit_off: 3, unit_type: 'sku_0b661e41fc8d35a8f8' } }],
      freeUnits: new Map([['sku_0b661e41fc8d35a8f8', { productId: 'prod_0b661d4bd2c7ec7d1f', skuId: 'sku_0b661e41fc8d35a8f8', price: 29900 }]]),
    });
    expect(orderAmounts(result.order)).toEqual({ amount: 117700, initial_amount: 28000, discount_amount: 8400, items_discount_amount: 89700, total_discount_amount: 98100, total_amount: 19600, applied_discount_amount: 0, items_applied_discount_amount: 89700, total_applied_discount_amount: 89700 });
    expect(result.order.items[3]).toMatchObject({ index: null, product_id: 'prod_0b661d4bd2c7ec7d1f', sku_id: 'sku_0b661e41fc8d35a8f8', quantity: 3, discount_quantity: 3, initial_quantity: 0, amount: 89700, discount_amount: 89700, initial_amount: 0, applied_discount_amount: 89700, price: 29900, subtotal_amount: 0 });
  });

  it('"Multiple Product Variants": 3 of one SKU missing, 4 of another new', () => {
    const result = calculate({
      cart: { amount: 28000, discountAmount: 8400, items: [line('keychain', 9500, 1), line('jogging', 18500, 1)] },
      incentives: [{ discount: { type: 'UNIT', effect: 'ADD_MANY_ITEMS', units: [{ effect: 'ADD_MISSING_ITEMS', unit_off: 3, unit_type: 'sku_f7' }, { effect: 'ADD_NEW_ITEMS', unit_off: 4, unit_type: 'sku_f6' }] } }],
      freeUnits: new Map([
        ['sku_f7', { productId: 'prod_jacket', skuId: 'sku_f7', price: 29900 }],
        ['sku_f6', { productId: 'prod_jacket', skuId: 'sku_f6', price: 29900 }],
      ]),
    });
    expect(orderAmounts(result.order)).toMatchObject({ amount: 237300, initial_amount: 28000, discount_amount: 8400, items_discount_amount: 209300, total_discount_amount: 217700, total_amount: 19600, items_applied_discount_amount: 209300, total_applied_discount_amount: 209300 });
    expect(result.order.items.slice(2).map(({ sku_id, quantity, discount_quantity, amount, discount_amount }) => ({ sku_id, quantity, discount_quantity, amount, discount_amount }))).toEqual([
      { sku_id: 'sku_f7', quantity: 3, discount_quantity: 3, amount: 89700, discount_amount: 89700 },
      { sku_id: 'sku_f6', quantity: 4, discount_quantity: 4, amount: 119600, discount_amount: 119600 },
    ]);
  });

  it('ADD_NEW_ITEMS adds to the line that holds the product, ADD_MISSING_ITEMS only what is missing ("Customer Rules Only": 22 added to 1, 222 of which 221 added)', () => {
    const result = calculate({
      cart: { items: [{ ...line('prod_0b7d7dfb05cbe5c616', 1700, 1), skuId: 'sku_0b7d7dfb090be5c619' }, line('prod_0b72b0bd64d198e3ae', 1500, 1)] },
      incentives: [{ discount: { type: 'UNIT', effect: 'ADD_NEW_ITEMS', unit_off: 22, unit_type: 'sku_0b7d7dfb090be5c619' } }, { discount: { type: 'UNIT', effect: 'ADD_MISSING_ITEMS', unit_off: 222, unit_type: 'prod_0b72b0bd64d198e3ae' } }],
    });
    expect(result.order.items.map(({ quantity, discount_quantity, initial_quantity, amount, discount_amount, initial_amount, subtotal_amount }) => ({ quantity, discount_quantity, initial_quantity, amount, discount_amount, initial_amount, subtotal_amount }))).toEqual([
      { quantity: 23, discount_quantity: 22, initial_quantity: 1, amount: 39100, discount_amount: 37400, initial_amount: 1700, subtotal_amount: 1700 },
      { quantity: 222, discount_quantity: 222, initial_quantity: 1, amount: 333000, discount_amount: 333000, initial_amount: 1500, subtotal_amount: 0 },
    ]);
    expect(result.order.total_amount).toBe(1700);
  });

  it('"Free Shipping": a shipping item without a price is added, free, and the amounts do not move', () => {
    const result = calculate({
      cart: { items: [line('arabica', 1200, 1), line('poster', 3100, 1)] },
      incentives: [{ discount: { type: 'UNIT', effect: 'ADD_MISSING_ITEMS', unit_off: 1, unit_type: 'prod_5h1pp1ng' } }],
      freeUnits: new Map([['prod_5h1pp1ng', { productId: 'prod_5h1pp1ng', skuId: null, price: null }]]),
    });
    expect(orderAmounts(result.order)).toMatchObject({ amount: 4300, total_amount: 4300, total_discount_amount: 0 });
    expect(result.order.items[2]).toMatchObject({ product_id: 'prod_5h1pp1ng', quantity: 1, discount_quantity: 1, initial_quantity: 0, amount: 0, discount_amount: 0 });
  });
});

describe('refusals name the field a route answers 400 about', () => {
  const cart = { items: [line('a', 1000, 1)] };
  const refusal = (incentives: StackedIncentive[], extra: Partial<DiscountCalculationInput> = {}) => {
    const outcome = calculateDiscounts({ cart, incentives, ...extra });
    return outcome.ok ? undefined : { incentive: outcome.refusal.incentive, path: outcome.refusal.path };
  };

  it.each([
    ['a formula', { discount: { type: 'AMOUNT', amount_off: 100, amount_off_formula: 'ORDER_AMOUNT * 0.1' } }, ['discount', 'amount_off_formula']],
    ['a percent formula', { discount: { type: 'PERCENT', percent_off: 10, percent_off_formula: '10' } }, ['discount', 'percent_off_formula']],
    ['a unit formula in ADD_MANY_ITEMS', { discount: { type: 'UNIT', effect: 'ADD_MANY_ITEMS', units: [{ unit_off: 1, unit_type: 'a', effect: 'ADD_NEW_ITEMS', unit_off_formula: '2' }] } }, ['discount', 'units', 0, 'unit_off_formula']],
    ['a target’s price formula', { discount: { type: 'FIXED', fixed_amount: 100, effect: 'APPLY_TO_ITEMS' }, applicable_to: { included: [{ object: 'product', id: 'a', price_formula: 'x' }] } }, ['applicable_to', 'included', 0, 'price_formula']],
    ['a campaign unit budget', { discount: { type: 'AMOUNT', amount_off: 100, effect: 'APPLY_TO_ITEMS' }, applicable_to: { included: [{ object: 'product', id: 'a', product_campaign_quantity_limit: 10 }] } }, ['applicable_to', 'included', 0, 'product_campaign_quantity_limit']],
    ['ADD_SAME_ITEMS', { discount: { type: 'UNIT', effect: 'ADD_SAME_ITEMS', unit_off: 1, unit_type: 'a' } }, ['discount', 'effect']],
    ['an effect its type has not', { discount: { type: 'PERCENT', percent_off: 10, effect: 'APPLY_TO_ITEMS_PROPORTIONALLY' } }, ['discount', 'effect']],
    ['a fractional amount', { discount: { type: 'AMOUNT', amount_off: 10.5 } }, ['discount', 'amount_off']],
    ['a negative amount', { discount: { type: 'AMOUNT', amount_off: -1 } }, ['discount', 'amount_off']],
    ['a percent over 100', { discount: { type: 'PERCENT', percent_off: 101 } }, ['discount', 'percent_off']],
    ['no new price', { discount: { type: 'FIXED', effect: 'APPLY_TO_ORDER' } }, ['discount', 'fixed_amount']],
    ['an unknown type', { discount: { type: 'BUNDLE' } }, ['discount', 'type']],
    ['fractional gift credits', { gift: { credits: 0.5 } }, ['gift', 'credits']],
    ['a free unit nobody resolved', { discount: { type: 'UNIT', unit_off: 1, unit_type: 'prod_unknown' } }, ['discount', 'unit_type']],
  ] as [string, unknown, (string | number)[]][])('%s', (_name, incentive, path) => {
    expect(refusal([{ gift: { credits: 1 } }, incentive as StackedIncentive])).toEqual({ incentive: 1, path });
  });

  it('the cart’s own faults name the order’s field', () => {
    expect(calculateDiscounts({ cart: { items: [line('a', 1000, 1, { discountAmount: 2000 })] }, incentives: [] })).toMatchObject({ ok: false, refusal: { incentive: null, path: ['items', 0, 'discount_amount'] } });
    expect(calculateDiscounts({ cart: { items: [line('a', 1000, 1, { quantity: 1.5 })] }, incentives: [] })).toMatchObject({ ok: false, refusal: { incentive: null, path: ['items', 0, 'quantity'] } });
    expect(calculateDiscounts({ cart: { items: [] }, incentives: [] })).toMatchObject({ ok: false, refusal: { incentive: null, path: ['amount'] } });
  });

  it('free units beyond what an order may hold are refused naming unit_off', () => {
    const outcome = calculateDiscounts({ cart, incentives: [{ discount: { type: 'UNIT', effect: 'ADD_NEW_ITEMS', unit_off: 1_000_000, unit_type: 'z' } }], freeUnits: new Map([['z', { productId: 'z', skuId: null, price: 10_000_000 }]]) });
    expect(outcome).toMatchObject({ ok: false, refusal: { incentive: 0, path: ['discount', 'unit_off'] } });
  });
});
