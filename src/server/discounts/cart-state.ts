import { orderTotals } from '../domain/order-totals';
import type { Cart, FreeUnitProduct } from './discount-definitions';
import type { CalculatedItem, CalculatedOrder } from './discount-results';
import type { RankedLine } from './line-order';

/** A line as the stack changes it: its amounts now, and where they started. */
export interface WorkingLine extends RankedLine {
  /** The cart line's index; null for a line a UNIT discount added. */
  index: number | null;
  initialQuantity: number;
  initialAmount: number;
  /** Took an item discount in this calculation (the ONCE products application mode). */
  itemDiscounted: boolean;
}

/** What one incentive (or the whole stack) did to the order. */
export class AppliedEffect {
  orderDiscount = 0;
  readonly lines = new Map<number, { discount: number; addedUnits: number; addedAmount: number; freeUnits: number }>();

  line(at: number) {
    let entry = this.lines.get(at);
    if (!entry) this.lines.set(at, (entry = { discount: 0, addedUnits: 0, addedAmount: 0, freeUnits: 0 }));
    return entry;
  }

  get itemsDiscount(): number {
    let sum = 0;
    for (const entry of this.lines.values()) sum += entry.discount;
    return sum;
  }
}

/**
 * The order while the stack applies: every change goes through here, recorded on the incentive's effect
 * and the stack's, so each snapshot's amounts hold by construction (`orderTotals` computes the totals).
 */
export class CartState {
  readonly lines: WorkingLine[];
  amount: number;
  readonly initialAmount: number;
  /** Order-level discount, with what the order already carried. */
  orderDiscount: number;
  readonly stack = new AppliedEffect();

  constructor(cart: Cart, amount: number) {
    this.lines = cart.items.map((line, index) => ({
      index,
      productId: line.productId ?? null,
      skuId: line.skuId ?? null,
      collectionIds: [...(line.collectionIds ?? [])].sort(),
      quantity: line.quantity,
      price: line.price ?? null,
      amount: line.amount,
      discountAmount: line.discountAmount ?? 0,
      initialQuantity: line.quantity,
      initialAmount: line.amount,
      itemDiscounted: false,
    }));
    this.amount = amount;
    this.initialAmount = amount;
    this.orderDiscount = cart.discountAmount ?? 0;
  }

  lineRemaining(at: number): number {
    return this.lines[at].amount - this.lines[at].discountAmount;
  }

  /** Units of line `at` a UNIT discount of this calculation made free. */
  freeUnits(at: number): number {
    return this.stack.lines.get(at)?.freeUnits ?? 0;
  }

  /** What is left to pay: never below zero, so no incentive takes more. */
  orderRemaining(): number {
    return this.amount - this.orderDiscount - this.lines.reduce((sum, line) => sum + line.discountAmount, 0);
  }

  discountOrder(amount: number, effect: AppliedEffect): void {
    this.orderDiscount += amount;
    effect.orderDiscount += amount;
    this.stack.orderDiscount += amount;
  }

  /** `parts[i]` off line i; `freeUnits[i]` of them made free by a UNIT discount. */
  discountLines(parts: readonly number[], effect: AppliedEffect, options: { item: boolean; freeUnits?: readonly number[] }): void {
    parts.forEach((part, at) => {
      const freeUnits = options.freeUnits?.[at] ?? 0;
      if (part === 0 && freeUnits === 0) return;
      this.lines[at].discountAmount += part;
      if (options.item && part > 0) this.lines[at].itemDiscounted = true;
      for (const entry of [effect.line(at), this.stack.line(at)]) {
        entry.discount += part;
        entry.freeUnits += freeUnits;
      }
    });
  }

  /** `units` more of what `at` holds (or a new line of `product` when `at` is null), at `price` each; returns the line. */
  addUnits(at: number | null, product: FreeUnitProduct, units: number, price: number, effect: AppliedEffect): number {
    if (at === null) {
      at = this.lines.length;
      this.lines.push({ index: null, productId: product.productId, skuId: product.skuId, collectionIds: [], quantity: 0, price: product.price, amount: 0, discountAmount: 0, initialQuantity: 0, initialAmount: 0, itemDiscounted: false });
    }
    const added = units * price;
    this.lines[at].quantity += units;
    this.lines[at].amount += added;
    this.amount += added;
    for (const entry of [effect.line(at), this.stack.line(at)]) {
      entry.addedUnits += units;
      entry.addedAmount += added;
    }
    return at;
  }

  /** The order as the contract shows it, `applied_*` from `effect`. */
  snapshot(effect: AppliedEffect): CalculatedOrder {
    const totals = orderTotals(this.lines, { amount: this.amount, discountAmount: this.orderDiscount });
    const items = this.lines.map((line, at): CalculatedItem => {
      const applied = effect.lines.get(at);
      const total = this.stack.lines.get(at);
      return {
        index: line.index,
        product_id: line.productId,
        sku_id: line.skuId,
        quantity: line.quantity,
        initial_quantity: line.initialQuantity,
        applied_quantity: applied?.addedUnits ?? 0,
        applied_quantity_amount: applied?.addedAmount ?? 0,
        discount_quantity: total?.freeUnits ?? 0,
        applied_discount_quantity: applied?.freeUnits ?? 0,
        price: line.price,
        amount: line.amount,
        initial_amount: line.initialAmount,
        discount_amount: line.discountAmount,
        applied_discount_amount: applied?.discount ?? 0,
        subtotal_amount: line.amount - line.discountAmount,
      };
    });
    const itemsApplied = effect.itemsDiscount;
    return {
      amount: totals.amount,
      initial_amount: this.initialAmount,
      discount_amount: totals.discountAmount,
      items_discount_amount: totals.itemsDiscountAmount,
      total_discount_amount: totals.totalDiscountAmount,
      total_amount: totals.totalAmount,
      applied_discount_amount: effect.orderDiscount,
      items_applied_discount_amount: itemsApplied,
      total_applied_discount_amount: effect.orderDiscount + itemsApplied,
      items,
    };
  }
}
