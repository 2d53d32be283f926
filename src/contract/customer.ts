import { z } from 'zod';
import { isoDate, metadataInputSchema, metadataSchema } from './common';

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
