import type { Sku } from '../../contract/sku';
import type { SkuRow } from '../db/repositories/skus';
import { iso } from './timestamps';

/** A SKU as the real API shows it. */
export function presentSku(row: SkuRow): Sku {
  return {
    id: row.id,
    source_id: row.sourceId,
    product_id: row.productId,
    sku: row.sku,
    price: row.price,
    currency: row.currency,
    attributes: row.attributes,
    image_url: row.imageUrl,
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: iso(row.updatedAt),
    object: 'sku',
  };
}
