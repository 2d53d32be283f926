import type { CreateOrderRequest, OrderItem, OrderItemRequest, UpdateOrderRequest } from '../../contract/order';
import type { DbOrTx } from '../../platform/db/client';
import { newId } from '../../platform/ids';
import { insertProduct, productsByRefs, updateProduct, type ProductRow } from '../db/repositories/products';
import { skusByRefs, type SkuRow } from '../db/repositories/skus';
import { lineAmounts, orderTotals, type OrderLine } from '../domain/order-totals';
import type { OrderRow } from '../db/repositories/orders';
import { invalidPayloadAt, notFound } from '../lib/api-error';
import { orderItemOf } from '../presenters/order';

/** The stored SKU a line names: `sku_id`, `sku.id` (each must exist), else a SKU's source id (`related_object: sku`, or `sku.source_id`; may be unknown). */
function skuReferenceOf(item: OrderItemRequest): { ref: string; mustExist: boolean } | undefined {
  if (item.sku_id !== undefined) return { ref: item.sku_id, mustExist: true };
  if (item.sku?.id !== undefined) return { ref: item.sku.id, mustExist: true };
  const sourceId = item.related_object === 'sku' ? (item.source_id ?? item.sku?.source_id) : item.sku?.source_id;
  return sourceId === undefined ? undefined : { ref: sourceId, mustExist: false };
}

/** The stored product a line names: `product_id`, `product.id` (each must exist), else `source_id` / `product.source_id` (may be unknown). */
function productReferenceOf(item: OrderItemRequest, sku: SkuRow | undefined): { ref: string; mustExist: boolean } | undefined {
  if (sku) return { ref: sku.productId, mustExist: true };
  if (item.product_id !== undefined) return { ref: item.product_id, mustExist: true };
  if (item.product?.id !== undefined) return { ref: item.product.id, mustExist: true };
  const sourceId = item.related_object === 'sku' ? item.product?.source_id : (item.source_id ?? item.product?.source_id);
  return sourceId === undefined ? undefined : { ref: sourceId, mustExist: false };
}

/** The product a line names by id beside its SKU (`product_id`, `product.id`), with where it is named. */
function explicitProductOf(item: OrderItemRequest): { ref: string; field: string[] } | undefined {
  if (item.product_id !== undefined) return { ref: item.product_id, field: ['product_id'] };
  if (item.product?.id !== undefined) return { ref: item.product.id, field: ['product', 'id'] };
  return undefined;
}

/**
 * What the line names, for its `related_object`: the SKU or product found; else, for a source id not
 * in the catalog, what the client said it names (a product unless `related_object: sku`).
 */
function relatedObjectOf(item: OrderItemRequest, sku: SkuRow | undefined, product: ProductRow | undefined, sourceId: string | null): 'product' | 'sku' | null {
  if (sku) return 'sku';
  if (item.related_object !== undefined && item.source_id !== undefined) return item.related_object;
  if (product) return 'product';
  if (item.sku?.source_id !== undefined && item.product?.source_id === undefined && item.source_id === undefined) return 'sku';
  return sourceId === null ? null : 'product';
}

/**
 * `product.override: true` stores the line's product, as the real API: created by its source id
 * when unknown, else its name, price and metadata replaced by those given.
 */
async function overridden(tx: DbOrTx, projectId: string, item: OrderItemRequest, known: ProductRow | undefined, now: Date): Promise<ProductRow> {
  const given = item.product ?? {};
  const fields = { ...(given.name !== undefined && { name: given.name }), ...(given.price !== undefined && { price: given.price }), ...(given.metadata !== undefined && { metadata: given.metadata }) };
  if (known) return updateProduct(tx, known.id, { ...fields, updatedAt: now });
  const sourceId = given.source_id ?? (item.related_object === 'sku' ? undefined : item.source_id) ?? null;
  return insertProduct(tx, { id: newId('prod'), projectId, sourceId, ...fields, createdAt: now });
}

/** Rows by id and by source id, so a line's reference finds its row either way. */
function byReference<Row extends { id: string; sourceId: string | null }>(rows: Row[]): Map<string, Row> {
  const map = new Map<string, Row>();
  for (const row of rows) {
    map.set(row.id, row);
    if (row.sourceId !== null) map.set(row.sourceId, row);
  }
  return map;
}

const productOnLine = (product: ProductRow) => ({ id: product.id, ...(product.sourceId !== null && { source_id: product.sourceId }), ...(product.name !== null && { name: product.name }), ...(product.price !== null && { price: product.price }), metadata: product.metadata });
const skuOnLine = (sku: SkuRow) => ({ id: sku.id, ...(sku.sourceId !== null && { source_id: sku.sourceId }), ...(sku.sku !== null && { sku: sku.sku }), ...(sku.price !== null && { price: sku.price }), metadata: sku.metadata });

/**
 * An order's lines as stored and answered: each line's SKU and product found (one read for each
 * kind), the product stored when the line asks to be, and its amounts computed (domain/order-totals).
 * A line naming a SKU or product id that the project does not have is 404 `not_found`; a source id
 * not known stays on the line as given. A line naming a SKU counts as its product too, so rules on
 * a product's items count its SKUs' lines.
 */
export async function orderLinesOf(tx: DbOrTx, projectId: string, items: OrderItemRequest[], now: Date): Promise<OrderLine[]> {
  const skuRefs = items.map(skuReferenceOf);
  const skus = byReference(await skusByRefs(tx, projectId, skuRefs.flatMap((r) => (r ? [r.ref] : []))));
  const lineSkus = skuRefs.map((r) => {
    const sku = r && skus.get(r.ref);
    if (r?.mustExist && !sku) throw notFound('sku', r.ref);
    return sku;
  });
  const refs = items.map((item, i) => productReferenceOf(item, lineSkus[i]));
  // A product named by id beside a SKU is read too, to check the SKU is one of its own.
  const explicit = items.map((item, i) => (lineSkus[i] ? explicitProductOf(item) : undefined));
  const products = byReference(await productsByRefs(tx, projectId, [...refs, ...explicit].flatMap((r) => (r ? [r.ref] : []))));
  const lines: OrderLine[] = [];
  for (const [i, item] of items.entries()) {
    const ref = refs[i];
    const sku = lineSkus[i];
    let product = ref && products.get(ref.ref);
    if (ref?.mustExist && !product) throw notFound('product', ref.ref);
    const named = explicit[i];
    if (sku && named && products.get(named.ref)?.id !== sku.productId) {
      if (!products.has(named.ref)) throw notFound('product', named.ref);
      throw invalidPayloadAt(['items', i, ...named.field], `names product ${named.ref}, but SKU ${sku.id} is a SKU of product ${sku.productId}`);
    }
    if (item.product?.override) {
      product = await overridden(tx, projectId, item, product, now);
      if (ref) products.set(ref.ref, product);
    }
    const sourceId = item.source_id ?? sku?.sourceId ?? product?.sourceId ?? item.sku?.source_id ?? item.product?.source_id ?? null;
    const amounts = lineAmounts({ quantity: item.quantity, price: item.price ?? item.sku?.price ?? item.product?.price, amount: item.amount, discount_amount: item.discount_amount, storedPrice: sku?.price ?? product?.price ?? null }, i);
    lines.push({
      productId: product?.id ?? null,
      skuId: sku?.id ?? null,
      sourceId,
      relatedObject: relatedObjectOf(item, sku, product, sourceId),
      ...amounts,
      product: product
        ? productOnLine(product)
        : item.product
          ? { ...(item.product.source_id !== undefined && { source_id: item.product.source_id }), ...(item.product.name !== undefined && { name: item.product.name }), ...(item.product.price !== undefined && { price: item.product.price }) }
          : null,
      sku: sku
        ? skuOnLine(sku)
        : item.sku
          ? { ...(item.sku.source_id !== undefined && { source_id: item.sku.source_id }), ...(item.sku.sku !== undefined && { sku: item.sku.sku }), ...(item.sku.price !== undefined && { price: item.sku.price }) }
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
