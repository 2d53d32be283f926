import type { CreateOrderRequest, OrderItem, OrderItemRequest, UpdateOrderRequest } from '../../contract/order';
import type { DbOrTx } from '../../platform/db/client';
import { newId } from '../../platform/ids';
import { insertProduct, productsByRefs, updateProduct, type ProductRow } from '../db/repositories/products';
import { lineAmounts, orderTotals, type OrderLine } from '../domain/order-totals';
import type { OrderRow } from '../db/repositories/orders';
import { notFound } from '../lib/api-error';
import { orderItemOf } from '../presenters/order';

/** The stored product a line names: `product_id`, `product.id` (each must exist), else `source_id` / `product.source_id` (may be unknown). */
function referenceOf(item: OrderItemRequest): { ref: string; mustExist: boolean } {
  if (item.product_id !== undefined) return { ref: item.product_id, mustExist: true };
  if (item.product?.id !== undefined) return { ref: item.product.id, mustExist: true };
  return { ref: (item.source_id ?? item.product?.source_id) as string, mustExist: false };
}

/**
 * `product.override: true` stores the line's product, as the real API: created by its source id
 * when unknown, else its name, price and metadata replaced by those given.
 */
async function overridden(tx: DbOrTx, projectId: string, item: OrderItemRequest, known: ProductRow | undefined, now: Date): Promise<ProductRow> {
  const given = item.product ?? {};
  const fields = { ...(given.name !== undefined && { name: given.name }), ...(given.price !== undefined && { price: given.price }), ...(given.metadata !== undefined && { metadata: given.metadata }) };
  if (known) return updateProduct(tx, known.id, { ...fields, updatedAt: now });
  return insertProduct(tx, { id: newId('prod'), projectId, sourceId: given.source_id ?? item.source_id ?? null, ...fields, createdAt: now });
}

/**
 * An order's lines as stored and answered: each line's product found (one read for all of them),
 * stored when it asks to be, and its amounts computed (domain/order-totals). A line naming a product
 * id that the project does not have is 404 `not_found` (product); a source id not known stays on
 * the line as given, without a product.
 */
export async function orderLinesOf(tx: DbOrTx, projectId: string, items: OrderItemRequest[], now: Date): Promise<OrderLine[]> {
  const refs = items.map(referenceOf);
  const found = await productsByRefs(tx, projectId, refs.map((r) => r.ref));
  const byRef = new Map<string, ProductRow>();
  for (const product of found) {
    byRef.set(product.id, product);
    if (product.sourceId !== null) byRef.set(product.sourceId, product);
  }
  const lines: OrderLine[] = [];
  for (const [i, item] of items.entries()) {
    const { ref, mustExist } = refs[i];
    let product = byRef.get(ref);
    if (!product && mustExist) throw notFound('product', ref);
    if (item.product?.override) {
      product = await overridden(tx, projectId, item, product, now);
      byRef.set(ref, product);
    }
    const amounts = lineAmounts({ quantity: item.quantity, price: item.price ?? item.product?.price, amount: item.amount, discount_amount: item.discount_amount, storedPrice: product?.price ?? null }, i);
    lines.push({
      productId: product?.id ?? null,
      sourceId: item.source_id ?? product?.sourceId ?? item.product?.source_id ?? null,
      ...amounts,
      product: product
        ? { id: product.id, ...(product.sourceId !== null && { source_id: product.sourceId }), ...(product.name !== null && { name: product.name }), ...(product.price !== null && { price: product.price }), metadata: product.metadata }
        : item.product
          ? { ...(item.product.source_id !== undefined && { source_id: item.product.source_id }), ...(item.product.name !== undefined && { name: item.product.name }), ...(item.product.price !== undefined && { price: item.product.price }) }
          : null,
      metadata: item.metadata ?? null,
    });
  }
  return lines;
}

export type OrderChange = CreateOrderRequest | UpdateOrderRequest;

/** The lines and amounts after the change: new lines replace the stored ones; amounts are computed again either way. */
export async function orderContentsOf(db: DbOrTx, projectId: string, change: OrderChange, stored: OrderRow | undefined, now: Date) {
  const storedItems = (stored?.items ?? []) as unknown as OrderItem[];
  const items = change.items ? (await orderLinesOf(db, projectId, change.items, now)).map(orderItemOf) : storedItems;
  const lines = items.map((item) => ({ amount: item.amount, discountAmount: item.discount_amount }));
  // An amount the client set stays until it sets another or sends new lines (whose sum it then is).
  const amount = change.amount ?? (change.items || !stored ? undefined : stored.amount);
  const totals = orderTotals(lines, { amount, discountAmount: change.discount_amount ?? stored?.discountAmount });
  return { items, totals };
}
