import { z } from 'zod';
import { isoDate, limitQuery, metadataInputSchema, metadataSchema } from './common';

export const addressSchema = z
  .object({
    city: z.string().max(1000).nullish(),
    state: z.string().max(1000).nullish(),
    line_1: z.string().max(1000).nullish(),
    line_2: z.string().max(1000).nullish(),
    country: z.string().max(1000).nullish(),
    postal_code: z.string().max(1000).nullish(),
  })
  .nullable();

/** Profile fields a client may send with a customer reference (SERVICE_SPEC §2.6). */
export const customerProfileSchema = z.object({
  name: z.string().max(1000).optional(),
  description: z.string().max(10000).optional(),
  email: z.string().max(1000).optional(),
  phone: z.string().max(100).optional(),
  birthday: isoDate.optional(),
  birthdate: isoDate.optional(),
  address: addressSchema.optional(),
  metadata: metadataInputSchema.optional(),
});

const customerIdentity = z.object({
  id: z.string().min(1).max(200).optional(),
  source_id: z.string().min(1).max(200).optional(),
});

export const customerObjectSchema = customerIdentity.extend(customerProfileSchema.shape).refine((c) => c.id !== undefined || c.source_id !== undefined, {
  message: 'should have required property id or source_id',
});

/** `customer` in Add Member and events: an object, or a string (`cust_…` is an id, else a source id; docs/architecture.md, decisions). */
export const customerReferenceSchema = z.union([z.string().min(1).max(200), customerObjectSchema], {
  error: 'must be a customer id, a source id, or a customer object with id or source_id',
});
export type CustomerReference = z.infer<typeof customerReferenceSchema>;

export const customerSchema = z.object({
  id: z.string(),
  source_id: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  birthdate: z.string().nullable(),
  birthday: z.string().nullable(),
  address: addressSchema,
  metadata: metadataSchema,
  created_at: z.string(),
  updated_at: z.string().nullable(),
  object: z.literal('customer'),
});
export type Customer = z.infer<typeof customerSchema>;

/** POST /v1/customers (Create Customer, the real API's upsert by `id` or `source_id`): the customer's fields. */
export const createCustomerRequestSchema = customerIdentity.extend(customerProfileSchema.shape).strict();
export type CreateCustomerRequest = z.infer<typeof createCustomerRequestSchema>;

/** PUT /v1/customers/{customerId}: the fields given replace the stored ones; `null` clears one (the contract's fields are nullable). */
export const updateCustomerRequestSchema = z
  .object({
    source_id: z.string().min(1).max(200).optional(),
    name: z.string().max(1000).nullable().optional(),
    description: z.string().max(10000).nullable().optional(),
    email: z.string().max(1000).nullable().optional(),
    phone: z.string().max(100).nullable().optional(),
    birthday: isoDate.nullable().optional(),
    birthdate: isoDate.nullable().optional(),
    address: addressSchema.optional(),
    metadata: metadataInputSchema.optional(),
  })
  .strict();
export type UpdateCustomerRequest = z.infer<typeof updateCustomerRequestSchema>;

/** GET /v1/customers: a page of customers, the total matching the filters, and whether more follow. */
export const customerListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('customers'),
  customers: z.array(customerSchema),
  total: z.number().int(),
  has_more: z.boolean(),
});
export type CustomerList = z.infer<typeof customerListSchema>;

export const customerListOrders = ['created_at', '-created_at', 'updated_at', '-updated_at', 'source_id', '-source_id'] as const;
const instant = z.iso.datetime({ offset: true, local: false });
const filterText = z.string().min(1).max(1000);

/**
 * `GET /v1/customers` query, every filter the contract documents (none is ignored): `email`, `city`
 * and `name` match exactly, ignoring case; `created_at`/`updated_at` `[before]`/`[after]` are
 * strict bounds; `starting_after` is the SDK's scroll cursor on `created_at` (after it when `order`
 * is ascending, before it otherwise); pages go to 99, as the contract's. The date bounds are flat
 * keys, as the contract names them (Fastify keeps `created_at[before]` whole). A parameter the list
 * does not know is refused (400 naming it), never ignored.
 */
export const customerListQuerySchema = z.object({
  limit: limitQuery,
  page: z.coerce.number().int().min(1).max(99).default(1),
  email: filterText.optional(),
  city: filterText.optional(),
  name: filterText.optional(),
  segment_id: z.string().min(1).max(200).optional(),
  'created_at[before]': instant.optional(),
  'created_at[after]': instant.optional(),
  'updated_at[before]': instant.optional(),
  'updated_at[after]': instant.optional(),
  order: z.enum(customerListOrders).default('-created_at'),
  starting_after: instant.optional(),
}).strict();
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

/** POST /v1/customers/{customerId}/permanent-deletion: what was erased (the contract's spelling of `object`). */
export const permanentDeletionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  related_object_id: z.string(),
  related_object: z.literal('customer'),
  status: z.literal('DONE'),
  data_json: z.object({
    events: z.number().int(),
    customer_events: z.number().int(),
    daily_events: z.number().int(),
    segments: z.number().int(),
    orders: z.number().int(),
    order_events: z.number().int(),
    customer: z.number().int(),
  }),
  object: z.literal('pernament_deletion'),
});
export type PermanentDeletion = z.infer<typeof permanentDeletionSchema>;
