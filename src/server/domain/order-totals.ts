import { maxOrderAmount } from '../../contract/order';

/** One order line as stored and answered, its amounts computed. */
export interface OrderLine {
  productId: string | null;
  /** The SKU the line names, when it names one (its product is then the SKU's). */
  skuId: string | null;
  sourceId: string | null;
  /** What the line names: the SKU or product found, else what the client said `source_id` names. */
  relatedObject: 'product' | 'sku' | null;
  quantity: number;
  price: number | null;
  /** price × quantity, or the amount the client gave. */
  amount: number;
  discountAmount: number;
  /** amount − discountAmount. */
  subtotalAmount: number;
  product: { id?: string; source_id?: string; name?: string; price?: number; metadata?: Record<string, unknown> } | null;
  sku: { id?: string; source_id?: string; sku?: string; price?: number; metadata?: Record<string, unknown> } | null;
  metadata: Record<string, unknown> | null;
}

/** What a client sent for one line, with the stored product it names (if any). */
export interface LineInput {
  quantity?: number;
  price?: number;
  amount?: number;
  discount_amount?: number;
  /** The SKU's price as stored, else the product's: the fallback for a line without one. */
  storedPrice: number | null;
}

export interface OrderTotals {
  amount: number;
  discountAmount: number;
  itemsDiscountAmount: number;
  totalDiscountAmount: number;
  totalAmount: number;
}

/** A line or order amount the client cannot have meant: the field and why. */
export class OrderAmountProblem extends Error {
  constructor(
    readonly path: (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

/**
 * A line's amounts: `amount` as given, else its unit price (the line's, else the stored product's)
 * times its quantity (1 when left out). A line with neither has no amount to count.
 */
export function lineAmounts(input: LineInput, at: number): Pick<OrderLine, 'quantity' | 'price' | 'amount' | 'discountAmount' | 'subtotalAmount'> {
  const quantity = input.quantity ?? 1;
  const price = input.price ?? input.storedPrice ?? null;
  const amount = input.amount ?? (price === null ? undefined : price * quantity);
  if (amount === undefined) throw new OrderAmountProblem(['items', at, 'amount'], 'is required: the line has no price (neither its own, nor its product’s)');
  if (amount > maxOrderAmount) throw new OrderAmountProblem(['items', at, 'amount'], `must be at most ${maxOrderAmount} (price × quantity)`);
  const discountAmount = input.discount_amount ?? 0;
  if (discountAmount > amount) throw new OrderAmountProblem(['items', at, 'discount_amount'], 'must not be more than the line’s amount');
  return { quantity, price, amount, discountAmount, subtotalAmount: amount - discountAmount };
}

/**
 * The order's amounts as the contract defines them: `amount` is the order's own or the sum of its
 * lines; `items_discount_amount` the lines' discounts; `total_discount_amount` those plus the
 * order-level `discount_amount`; `total_amount` what is left to pay. No order without an amount.
 */
export function orderTotals(lines: Pick<OrderLine, 'amount' | 'discountAmount'>[], order: { amount?: number; discountAmount?: number }): OrderTotals {
  const amount = order.amount ?? (lines.length === 0 ? undefined : lines.reduce((sum, line) => sum + line.amount, 0));
  if (amount === undefined) throw new OrderAmountProblem(['amount'], 'is required when the order has no items');
  if (amount > maxOrderAmount) throw new OrderAmountProblem(['amount'], `must be at most ${maxOrderAmount} (the sum of the items)`);
  const itemsDiscountAmount = lines.reduce((sum, line) => sum + line.discountAmount, 0);
  const discountAmount = order.discountAmount ?? 0;
  const totalDiscountAmount = discountAmount + itemsDiscountAmount;
  if (totalDiscountAmount > amount) throw new OrderAmountProblem(['discount_amount'], 'the order’s and its items’ discounts must not be more than its amount');
  return { amount, discountAmount, itemsDiscountAmount, totalDiscountAmount, totalAmount: amount - totalDiscountAmount };
}
