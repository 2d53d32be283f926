import type { Product } from '../../contract/product';
import type { ProductRow } from '../db/repositories/products';
import type { SkuRow } from '../db/repositories/skus';
import { presentSku } from './sku';
import { iso } from './timestamps';

/** How many SKUs a product object carries; `total` counts them all, List SKUs pages through them. */
export const skusShownWithProduct = 100;

/** A product as the real API shows it, with its SKUs (oldest first). */
export function presentProduct(row: ProductRow, skus: SkuRow[] = []): Product {
  return {
    id: row.id,
    source_id: row.sourceId,
    name: row.name,
    price: row.price,
    attributes: row.attributes,
    metadata: row.metadata,
    image_url: row.imageUrl,
    created_at: row.createdAt.toISOString(),
    updated_at: iso(row.updatedAt),
    object: 'product',
    skus: { object: 'list', data_ref: 'data', data: skus.slice(0, skusShownWithProduct).map(presentSku), total: skus.length },
  };
}
