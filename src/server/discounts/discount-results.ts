import type { DiscountTarget } from './discount-definitions';

/**
 * What the calculator answers, named as the contract names an order's computed amounts
 * (validations.json OrderCalculated and OrderCalculatedItem). `applied_*` are what this calculation took
 * off (one incentive's in its own snapshot, all of them in the final order); the others are cumulative,
 * with what the order already carried.
 */

export interface CalculatedItem {
  /** The cart line's index, or null for a line a UNIT discount added (after the cart's lines). */
  index: number | null;
  product_id: string | null;
  sku_id: string | null;
  quantity: number;
  /** Quantity before UNIT discounts added units. */
  initial_quantity: number;
  /** Units a UNIT discount added. */
  applied_quantity: number;
  applied_quantity_amount: number;
  /** Units a UNIT discount made free. */
  discount_quantity: number;
  applied_discount_quantity: number;
  price: number | null;
  amount: number;
  initial_amount: number;
  discount_amount: number;
  applied_discount_amount: number;
  /** amount − discount_amount: the contract's examples, not its schema (amount − applied_discount_amount), see the tests. */
  subtotal_amount: number;
}

export interface CalculatedOrder {
  amount: number;
  /** The amount before UNIT discounts added units. */
  initial_amount: number;
  /** Order-level discounts. */
  discount_amount: number;
  items_discount_amount: number;
  total_discount_amount: number;
  /** amount − total_discount_amount. */
  total_amount: number;
  applied_discount_amount: number;
  items_applied_discount_amount: number;
  total_applied_discount_amount: number;
  items: CalculatedItem[];
}

/** One included target (or the whole cart, `target: null`) and the lines it discounted. */
export interface TargetCoverage {
  target: DiscountTarget | null;
  /** Cart line indexes, ascending. */
  order_item_indices: number[];
  /** UNIT targets: which units of each line (numbered from 1); left out past 1,000 units in the cart, as the contract does. */
  order_item_units?: { index: number; units?: number[]; units_limit_exceeded?: boolean }[];
}

export interface CalculatedIncentive {
  /** The order just after this incentive; its `applied_*` are this incentive's own. */
  order: CalculatedOrder;
  /** Item effects: the lines each target discounted. Empty for order-level effects and gift credits. */
  applicable_to: TargetCoverage[];
}

export interface DiscountCalculation {
  /** The order after every incentive; its `applied_*` are the whole stack's. */
  order: CalculatedOrder;
  incentives: CalculatedIncentive[];
}

/** Something the calculator does not build or cannot take: the field, so a route answers 400 naming it. */
export interface DiscountRefusal {
  /** The incentive's index in the stack, or null for the cart. */
  incentive: number | null;
  /** Path inside the incentive (`['discount', 'amount_off_formula']`) or the order (`['items', 2, 'amount']`). */
  path: (string | number)[];
  message: string;
}

export type DiscountOutcome = { ok: true; calculation: DiscountCalculation } | { ok: false; refusal: DiscountRefusal };
