import { z } from 'zod';
import { limitQuery, metadataInputSchema, metadataSchema, pageQuery } from './common';
import { customerReferenceSchema } from './customer';

/**
 * Orders (/v1/orders, openapi-loyalty-rest Orders*). Amounts are integers in the smallest currency
 * unit. This service applies no discounts of its own: an order's and an item's `discount_amount`
 * are taken as the client sends them, so the post-discount amounts (`total_amount`,
 * `subtotal_amount`) that earning rules may count are the client's.
 */

export const orderStatuses = ['CREATED', 'PAID', 'CANCELED', 'FULFILLED'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** One amount a client may send, and the bound of every amount computed from them (a line, the order). */
export const maxOrderAmount = 1_000_000_000_000;
/** Items per order: a basket, not a catalogue (the real API publishes no limit). */
export const maxOrderItems = 500;

const amount = z.number().int().min(0).max(maxOrderAmount);
/** Quantities are integers in the schema and strings in some examples; both are taken. */
const quantity = z.union([z.number().int().min(1).max(1_000_000), z.string().trim().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().int().min(1).max(1_000_000))]);
const reference = z.string().min(1).max(200);

const productInput = z.object({
  id: reference.optional(),
  source_id: reference.optional(),
  name: z.string().max(200).optional(),
  price: amount.optional(),
  metadata: metadataInputSchema.optional(),
  /** Store the product (created by source_id when unknown, else its name, price and metadata replaced). */
  override: z.boolean().optional(),
});

/** The SKU a line names: a stored one by `id` or `source_id` (SKUs are stored through /v1/products/{id}/skus only). */
const skuInput = z.strictObject({
  id: reference.optional(),
  source_id: reference.optional(),
  sku: z.string().max(200).optional(),
  price: amount.optional(),
  metadata: metadataInputSchema.optional(),
});

export const orderItemRequestSchema = z
  .object({
    product_id: reference.optional(),
    sku_id: reference.optional(),
    source_id: reference.optional(),
    /** What `source_id` names: a product (the default) or a SKU. */
    related_object: z.enum(['product', 'sku']).optional(),
    quantity: quantity.optional(),
    /** Unit price. */
    price: amount.optional(),
    /** Line amount (price × quantity when left out). */
    amount: amount.optional(),
    /** The line's own discount, as the client computed it. */
    discount_amount: amount.optional(),
    product: productInput.optional(),
    sku: skuInput.optional(),
    metadata: metadataInputSchema.optional(),
  })
  .refine((item) => [item.product_id, item.source_id, item.product?.id, item.product?.source_id, item.sku_id, item.sku?.id, item.sku?.source_id].some((ref) => ref !== undefined), {
    message: 'should name its product or SKU: product_id, sku_id, source_id, product.id or sku.id',
  });
export type OrderItemRequest = z.infer<typeof orderItemRequestSchema>;

const orderFields = {
  source_id: reference.nullable().optional(),
  status: z.enum(orderStatuses).optional(),
  /** The order's amount; when left out, the sum of its items' amounts. */
  amount: amount.optional(),
  /** The order-level discount, as the client computed it. */
  discount_amount: amount.optional(),
  items: z.array(orderItemRequestSchema).max(maxOrderItems).optional(),
  metadata: metadataInputSchema.optional(),
  referrer_id: reference.nullable().optional(),
  /** The referrer as the customer is given: an id, a source id (created on the fly) or an object with profile fields; it wins over `referrer_id`. */
  referrer: customerReferenceSchema.optional(),
};

/** POST /v1/orders: upsert by `id` or `source_id`, as the real API. */
export const createOrderRequestSchema = z.object({
  id: reference.optional(),
  ...orderFields,
  customer: customerReferenceSchema.optional(),
  customer_id: reference.optional(),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

/** PUT /v1/orders/{orderId}: the fields given replace the stored ones. */
export const updateOrderRequestSchema = z.object({ ...orderFields, customer: customerReferenceSchema.optional(), customer_id: reference.optional() });
export type UpdateOrderRequest = z.infer<typeof updateOrderRequestSchema>;

export const orderItemSchema = z.object({
  object: z.literal('order_item'),
  product_id: z.string().optional(),
  source_id: z.string().optional(),
  sku_id: z.string().optional(),
  related_object: z.enum(['product', 'sku']).optional(),
  quantity: z.number().int(),
  price: z.number().int().optional(),
  amount: z.number().int(),
  discount_amount: z.number().int(),
  subtotal_amount: z.number().int(),
  product: z.object({ id: z.string().optional(), source_id: z.string().optional(), name: z.string().optional(), price: z.number().int().optional(), metadata: metadataSchema.optional() }).optional(),
  sku: z.object({ id: z.string().optional(), source_id: z.string().optional(), sku: z.string().optional(), price: z.number().int().optional(), metadata: metadataSchema.optional() }).optional(),
  metadata: metadataSchema.optional(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

const customerRef = z.object({ id: z.string(), object: z.literal('customer') });

export const orderObjectSchema = z.object({
  id: z.string(),
  source_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  status: z.enum(orderStatuses),
  amount: z.number().int(),
  discount_amount: z.number().int(),
  items_discount_amount: z.number().int(),
  total_discount_amount: z.number().int(),
  total_amount: z.number().int(),
  items: z.array(orderItemSchema),
  metadata: metadataSchema,
  /** Left out without a customer, as the contract's examples do (its schema has no null here). */
  customer: customerRef.optional(),
  customer_id: z.string().nullable(),
  referrer: customerRef.optional(),
  referrer_id: z.string().nullable(),
  object: z.literal('order'),
});
export type OrderObject = z.infer<typeof orderObjectSchema>;

export const orderListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('orders'),
  orders: z.array(orderObjectSchema),
  total: z.number().int(),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const orderListOrders = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;

/** `GET /v1/orders` query; `customer` (an id or source id) is an extension the member page uses. */
export const orderListQuerySchema = z.object({
  limit: limitQuery,
  page: pageQuery,
  order: z.enum(orderListOrders).default('created_at'),
  customer: reference.optional(),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
