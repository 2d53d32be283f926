import { queryOptions, useQuery } from '@tanstack/react-query';
import { productListQuerySchema, productListSchema, type ProductList } from '../../contract/product';
import { apiRequest } from '../lib/api-client';
import { contractQuery } from '../lib/contract-query';

/**
 * GET /v1/products: the project's products, by name (the order form's items, the rule builder's
 * "spent on a product"). The first 100: a catalogue larger than that needs a search, not a list.
 */
export function getProducts(signal?: AbortSignal): Promise<ProductList> {
  return apiRequest('/v1/products', productListSchema, { query: contractQuery(productListQuerySchema, { limit: 100, order: 'created_at' }), signal });
}

export function productsQueryOptions() {
  return queryOptions({ queryKey: ['products'] as const, queryFn: ({ signal }) => getProducts(signal), staleTime: 5 * 60_000 });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}

/** A product as people name it: its name, else its source id; never the service's id alone. */
export function productLabel(product: { name?: string | null; source_id?: string | null }): string {
  return product.name ?? product.source_id ?? 'Unnamed product';
}

/** Product id → the name people know it by, for rules that count a product's lines. */
export function useProductNames() {
  return useQuery({ ...productsQueryOptions(), select: (list) => new Map(list.products.map((p) => [p.id, productLabel(p)])) });
}
