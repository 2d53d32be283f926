import { z } from 'zod';
import { limitQuery, metadataInputSchema, metadataSchema } from './common';
import { customerReferenceSchema } from './customer';

/** POST /v1/events body (SERVICE_SPEC §2.13, api-facts §12). */
export const trackEventRequestSchema = z.object({
  event: z.string().min(1).max(300),
  customer: customerReferenceSchema,
  referral: z.object({ code: z.string().min(1).max(200), referrer_id: z.string().min(1).max(200).optional() }).optional(),
  loyalty: z.object({ code: z.string().min(1).max(200) }).optional(),
  metadata: metadataInputSchema.optional(),
});
export type TrackEventRequest = z.infer<typeof trackEventRequestSchema>;

/** The simple customer of event responses: absent fields are left out (the contract types them as strings). */
export const simpleCustomerSchema = z.object({
  id: z.string(),
  source_id: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  metadata: metadataSchema,
  object: z.literal('customer'),
});

/** POST /v1/events response: the real API answers `referral` and `loyalty` with null. */
export const trackEventResponseSchema = z.object({
  object: z.literal('event'),
  type: z.string(),
  customer: simpleCustomerSchema,
  referral: z.null(),
  loyalty: z.null(),
  metadata: metadataSchema,
});
export type TrackEventResponse = z.infer<typeof trackEventResponseSchema>;

/** One stored event, as GET /v1/events?customer=… lists them (our extension). */
export const trackedEventSchema = z.object({
  id: z.string(),
  object: z.literal('event'),
  type: z.string(),
  customer_id: z.string(),
  metadata: metadataSchema,
  referral: z.object({ code: z.string(), referrer_id: z.string().optional() }).nullable(),
  loyalty: z.object({ code: z.string() }).nullable(),
  created_at: z.string(),
});
export type TrackedEvent = z.infer<typeof trackedEventSchema>;

export const trackedEventListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('events'),
  events: z.array(trackedEventSchema),
  has_more: z.boolean(),
  more_starting_after: z.string().optional(),
});
export type TrackedEventList = z.infer<typeof trackedEventListSchema>;

export const eventPropertyTypes = ['string', 'number', 'boolean', 'date', 'datetime', 'object'] as const;
export type EventPropertyType = (typeof eventPropertyTypes)[number];

/**
 * A custom event's schema as the dashboard uses it: the metadata properties events of that name carry.
 * Read from the event's metadata schema (GET /v1/metadata-schemas, app/api/get-event-schemas.ts).
 */
export const eventSchemaSchema = z.object({
  id: z.string(),
  name: z.string(),
  properties: z.record(z.string(), z.object({ type: z.enum(eventPropertyTypes), required: z.boolean() })),
});
export type EventSchema = z.infer<typeof eventSchemaSchema>;

/** `GET /v1/events` query (our extension: a customer's tracked events, newest first). */
export const trackedEventListQuerySchema = z.object({
  customer: z.string().min(1),
  limit: limitQuery,
  starting_after_id: z.string().min(1).optional(),
});
