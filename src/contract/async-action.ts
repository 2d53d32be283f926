import { z } from 'zod';

/**
 * GET /v1/async-actions/{asyncActionId}: the real API's Get Async Action (async-actions.json of
 * its public OpenAPI; not among the reference files here, so this schema is the contract the
 * tests hold it to). Asynchronous here: order imports (`ORDERS.IMPORT`), customers and products
 * updated in bulk (`CUSTOMERS.BULK_UPDATE`, `CUSTOMERS.METADATA_UPDATE`, `PRODUCTS.BULK_UPDATE`,
 * `PRODUCTS.METADATA_UPDATE`) and the CSV imports (`CUSTOMERS.IMPORT_CSV`, `PRODUCTS.IMPORT_CSV`,
 * `SKUS.IMPORT_CSV`), with the real API's type names.
 */

export const asyncActionStatuses = ['ENQUEUED', 'IN_PROGRESS', 'DONE', 'FAILED'] as const;
export type AsyncActionStatus = (typeof asyncActionStatuses)[number];

export const asyncActionTypes = [
  'ORDERS.IMPORT',
  'CUSTOMERS.BULK_UPDATE',
  'CUSTOMERS.METADATA_UPDATE',
  'CUSTOMERS.IMPORT_CSV',
  'PRODUCTS.IMPORT_CSV',
  'SKUS.IMPORT_CSV',
  'PRODUCTS.BULK_UPDATE',
  'PRODUCTS.METADATA_UPDATE',
  // Delete Loyalty Campaign, carried out in its request and recorded DONE (services/delete-loyalty-program.ts).
  'CAMPAIGN.DELETE',
] as const;
export type AsyncActionType = (typeof asyncActionTypes)[number];

/**
 * One item the action could not write (an order, a customer): its source id (null without one) and why. The published
 * result schema makes `failed` one object, its own example (and every other import's) a list of
 * them: the examples win.
 */
export const importFailureSchema = z.object({ source_id: z.string().nullable(), reason: z.string() });
export type ImportFailure = z.infer<typeof importFailureSchema>;

/** `result` once it ended: "N order(s) imported successfully, M failed." (customers: "N customer(s) updated …"). */
export const orderImportResultSchema = z.object({
  message: z.string(),
  failed: z.array(importFailureSchema),
  done_count: z.number().int(),
  failed_count: z.number().int(),
});
export type OrderImportResult = z.infer<typeof orderImportResultSchema>;

export const asyncActionSchema = z.object({
  id: z.string(),
  type: z.enum(asyncActionTypes),
  status: z.enum(asyncActionStatuses),
  /** Once DONE or FAILED; left out before, as the real API's list leaves it out. */
  result: orderImportResultSchema.optional(),
  created_at: z.string(),
  updated_at: z.string(),
  request_id: z.string(),
  /** Percent of the orders processed, 0–100. */
  progress: z.number().int().min(0).max(100),
  /** Milliseconds from the start of processing to its end; once it ended. */
  processing_time: z.number().int().optional(),
  object: z.literal('async_action'),
});
export type AsyncAction = z.infer<typeof asyncActionSchema>;
