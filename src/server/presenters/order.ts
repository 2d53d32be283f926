import type { OrderItem, OrderObject } from '../../contract/order';
import type { OrderRow } from '../db/repositories/orders';
import type { OrderLine } from '../domain/order-totals';
import { iso } from './timestamps';

/** A line as the contract's `order_item`, the form it is stored in (orders.items). */
export function orderItemOf(line: OrderLine): OrderItem {
  return {
    object: 'order_item',
    ...(line.productId !== null && { product_id: line.productId }),
    ...(line.skuId !== null && { sku_id: line.skuId }),
    ...(line.sourceId !== null && { source_id: line.sourceId }),
    ...(line.relatedObject !== null && { related_object: line.relatedObject }),
    quantity: line.quantity,
    ...(line.price !== null && { price: line.price }),
    amount: line.amount,
    discount_amount: line.discountAmount,
    subtotal_amount: line.subtotalAmount,
    ...(line.product && { product: line.product }),
    ...(line.sku && { sku: line.sku }),
    ...(line.metadata && { metadata: line.metadata }),
  };
}

/** An order as the real API answers it. */
export function presentOrder(row: OrderRow): OrderObject {
  return {
    id: row.id,
    source_id: row.sourceId,
    created_at: row.createdAt.toISOString(),
    updated_at: iso(row.updatedAt),
    status: row.status,
    amount: row.amount,
    discount_amount: row.discountAmount,
    items_discount_amount: row.itemsDiscountAmount,
    total_discount_amount: row.discountAmount + row.itemsDiscountAmount,
    total_amount: row.totalAmount,
    items: row.items as unknown as OrderItem[],
    metadata: row.metadata,
    ...(row.customerId && { customer: { id: row.customerId, object: 'customer' as const } }),
    customer_id: row.customerId,
    ...(row.referrerId && { referrer: { id: row.referrerId, object: 'customer' as const } }),
    referrer_id: row.referrerId,
    object: 'order',
  };
}
