import type { OrderLine } from '../domain/order-totals';

/**
 * What the calculator is given. Discounts and their targets keep the contract's shapes and names
 * (`vouchers.json` Discount*, `validation-rules.json` ApplicableTo), so a stored voucher's `discount` and
 * its rules' `applicable_to` pass through unchanged; the cart is the order's lines as `order-totals.ts`
 * computes them, plus what only the catalog knows (a line's collections).
 */

export const amountEffects = ['APPLY_TO_ORDER', 'APPLY_TO_ITEMS', 'APPLY_TO_ITEMS_PROPORTIONALLY', 'APPLY_TO_ITEMS_PROPORTIONALLY_BY_QUANTITY', 'APPLY_TO_ITEMS_BY_QUANTITY'] as const;
export const percentEffects = ['APPLY_TO_ORDER', 'APPLY_TO_ITEMS'] as const;
export const fixedEffects = ['APPLY_TO_ORDER', 'APPLY_TO_ITEMS'] as const;
/** `ADD_SAME_ITEMS` is in the contract's enum without a word on what it does: refused. */
export const unitEffects = ['ADD_MISSING_ITEMS', 'ADD_NEW_ITEMS', 'ADD_MANY_ITEMS', 'ADD_SAME_ITEMS'] as const;
export const oneUnitEffects = ['ADD_MISSING_ITEMS', 'ADD_NEW_ITEMS'] as const;

export type AmountEffect = (typeof amountEffects)[number];
export type UnitEffect = (typeof unitEffects)[number];
export type OneUnitEffect = (typeof oneUnitEffects)[number];

export interface AmountDiscount {
  type: 'AMOUNT';
  amount_off?: number;
  amount_off_formula?: string;
  /** Maximum discount per order (the items' effects). */
  aggregated_amount_limit?: number;
  effect?: AmountEffect;
}

export interface PercentDiscount {
  type: 'PERCENT';
  percent_off?: number;
  percent_off_formula?: string;
  /** Maximum discount of the order (APPLY_TO_ORDER) or of each order line (APPLY_TO_ITEMS). */
  amount_limit?: number;
  aggregated_amount_limit?: number;
  effect?: (typeof percentEffects)[number];
}

export interface FixedDiscount {
  type: 'FIXED';
  /** The order's new total (APPLY_TO_ORDER) or an item's new unit price when its target names none (APPLY_TO_ITEMS). */
  fixed_amount?: number;
  fixed_amount_formula?: string;
  effect?: (typeof fixedEffects)[number];
}

export interface OneUnit {
  unit_off?: number;
  unit_off_formula?: string;
  /** The free product's or SKU's id. */
  unit_type?: string;
  effect?: OneUnitEffect;
}

export interface UnitDiscount extends Omit<OneUnit, 'effect'> {
  type: 'UNIT';
  effect?: UnitEffect;
  /** ADD_MANY_ITEMS: each free product with its own count and effect. */
  units?: OneUnit[];
}

export type Discount = AmountDiscount | PercentDiscount | FixedDiscount | UnitDiscount;

export const applicationEffects = ['APPLY_TO_EVERY', 'APPLY_TO_CHEAPEST', 'APPLY_FROM_CHEAPEST', 'APPLY_TO_MOST_EXPENSIVE', 'APPLY_FROM_MOST_EXPENSIVE'] as const;
export type ApplicationEffect = (typeof applicationEffects)[number];

/** One product, SKU or product collection a discount is (not) applicable to, with its caps and application rules. */
export interface DiscountTarget {
  object: 'product' | 'sku' | 'products_collection';
  id: string;
  effect?: ApplicationEffect;
  /** Units discounted per order line. */
  quantity_limit?: number;
  /** Units discounted across all the lines this target matches. */
  aggregated_quantity_limit?: number;
  /** Discount per order line. */
  amount_limit?: number;
  /** Discount across all the lines this target matches. */
  aggregated_amount_limit?: number;
  /** FIXED: the new unit price of what this target matches. */
  price?: number;
  price_formula?: unknown;
  /** What skip and repeat count: order lines (ITEM, the default) or the units within them (UNIT). */
  target?: 'ITEM' | 'UNIT';
  skip_initially?: number;
  repeat?: number;
}

/** A validation rule's `applicable_to`, its rules merged by the caller. */
export interface DiscountScope {
  included?: DiscountTarget[];
  /** Every item is included (minus the excluded); also when `included` is empty or left out. */
  included_all?: boolean;
  excluded?: DiscountTarget[];
}

/** One incentive in the stack, in the contract's words: a discount with its scope, or gift card credits. */
export type StackedIncentive = { discount: Discount; applicable_to?: DiscountScope } | { gift: { credits: number } };

/** A cart line: an order line as `order-totals.ts` computes it, with the collections the catalog puts it in. */
export type CartLine = Pick<OrderLine, 'productId' | 'skuId' | 'quantity' | 'price' | 'amount' | 'discountAmount'> & {
  /** The product collections the line's product or SKU belongs to (resolved from the catalog by the caller). */
  collectionIds?: readonly string[];
};

export interface Cart {
  /** The order's amount; the lines' sum when left out (`orderTotals`). */
  amount?: number;
  /** Order-level discount already on the order (earlier redemptions). */
  discountAmount?: number;
  items: readonly CartLine[];
}

/** A product or SKU a UNIT discount may add, as the catalog has it. */
export interface FreeUnitProduct {
  productId: string | null;
  skuId: string | null;
  /** Unit price; null when the catalog has none (free shipping items often have none). */
  price: number | null;
}

/** `stacking_rules` settings that change amounts (management.json, validations.json StackingRules). */
export interface StackingSettings {
  /** DISCOUNTED_AMOUNT (default): a percent is taken of what earlier incentives left; INITIAL_AMOUNT: of the amount before them. */
  discount_calculation_mode?: 'DISCOUNTED_AMOUNT' | 'INITIAL_AMOUNT';
  /** STACK (default): several incentives may discount one line; ONCE: a line takes the first item discount only. */
  redeemables_products_application_mode?: 'STACK' | 'ONCE';
}

export interface DiscountCalculationInput {
  cart: Cart;
  /** In the order they apply (see `inApplicationOrder`). */
  incentives: readonly StackedIncentive[];
  /** Every `unit_type` the incentives name, resolved by the caller. */
  freeUnits?: ReadonlyMap<string, FreeUnitProduct>;
  stacking?: StackingSettings;
}
