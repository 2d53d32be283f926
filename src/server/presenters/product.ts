import type { Product } from '../../contract/product';
import type { ProductRow } from '../db/repositories/products';
import { iso } from './timestamps';

/** A product as the real API shows it; SKUs are not kept, so `skus` is the empty list. */
export function presentProduct(row: ProductRow): Product {
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
    skus: { object: 'list', data_ref: 'data', data: [], total: 0 },
  };
}
