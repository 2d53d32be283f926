import { z } from 'zod';
import { limitQuery, pageQuery } from './common';
import { dateConditionsSchema, fieldListSchema, idConditionsSchema } from './export-parameters';
import { orderExportOrderSchema } from './order-export';

export { dateConditionsSchema, idConditionsSchema, type DateConditions, type IdConditions } from './export-parameters';

/** The transaction columns an export may hold (EXP `ExportVoucherTransactionsFields`). */
export const exportFieldValues = [
  'id',
  'type',
  'source_id',
  'reason',
  'balance',
  'amount',
  'created_at',
  'voucher_id',
  'campaign_id',
  'details',
  'related_transaction_id',
  'source',
] as const;
export const exportFieldSchema = z.enum(exportFieldValues, {
  error: (issue) => `unknown field ${JSON.stringify(issue.input)}; exportable fields: ${exportFieldValues.join(', ')}`,
});
export type ExportField = z.infer<typeof exportFieldSchema>;

/**
 * The columns of an export that names no `fields`: the order of the real API's own example,
 * then `source`, which the example leaves out.
 */
export const defaultExportFields: readonly ExportField[] = exportFieldValues;

export const exportOrderSchema = z.enum(['created_at', '-created_at']);
export type ExportOrder = z.infer<typeof exportOrderSchema>;

/** `parameters.filters` (EXP `ExportVoucherTransactionsFilters`); anything not listed is a 400. */
export const exportFiltersSchema = z.strictObject({
  junction: z.enum(['and', 'or']).optional(),
  created_at: z.strictObject({ conditions: dateConditionsSchema }).optional(),
  voucher_id: z.strictObject({ conditions: idConditionsSchema }).optional(),
  campaign_id: z.strictObject({ conditions: idConditionsSchema }).optional(),
});
export type ExportFilters = z.infer<typeof exportFiltersSchema>;

export const exportParametersSchema = z.strictObject({
  order: exportOrderSchema.optional(),
  fields: fieldListSchema(exportFieldSchema).optional(),
  filters: exportFiltersSchema.optional(),
});
export type ExportParameters = z.infer<typeof exportParametersSchema>;

/** Body of both transaction-export operations (SERVICE_SPEC §4.5); the body itself is optional. */
export const createTransactionsExportSchema = z.strictObject({ parameters: exportParametersSchema.optional() });
export type CreateTransactionsExport = z.infer<typeof createTransactionsExportSchema>;

export const exportStatusSchema = z.enum(['SCHEDULED', 'IN_PROGRESS', 'DONE', 'ERROR']);
export type ExportStatus = z.infer<typeof exportStatusSchema>;

const exportBase = {
  id: z.string(),
  object: z.literal('export'),
  created_at: z.string(),
  status: exportStatusSchema,
  channel: z.string(),
  /** `{url}` once DONE; the url carries the download token. */
  result: z.object({ url: z.string() }).nullable(),
  user_id: z.string().nullable(),
  /** Only when ERROR: why the file could not be made (the real API documents no shape for it). */
  error: z.object({ message: z.string() }).optional(),
};
const echoedFilters = z.record(z.string(), z.unknown());

/** An export of a card's transactions (SERVICE_SPEC §2.10, EXP `ExportBase` + `ExportVoucherTransactions`). */
export const transactionsExportObjectSchema = z.object({
  ...exportBase,
  exported_object: z.literal('voucher_transactions'),
  parameters: z.object({ order: exportOrderSchema.optional(), fields: z.array(exportFieldSchema).optional(), filters: echoedFilters.optional() }),
});

/** An export of the project's orders (`ExportOrderBase`): its parameters echoed as given. */
export const orderExportObjectSchema = z.object({
  ...exportBase,
  exported_object: z.literal('order'),
  parameters: z.object({ order: orderExportOrderSchema.optional(), fields: z.array(z.string()).nullable().optional(), filters: echoedFilters.optional() }),
});

/** An export of a program's point buckets (`LoyaltiesPointsExpirationExportCreateResponseBody`): its parameters echoed as given. */
export const pointsExpirationExportObjectSchema = z.object({
  ...exportBase,
  exported_object: z.literal('points_expiration'),
  parameters: z.object({ order: z.enum(['expires_at', '-expires_at']).optional(), fields: z.array(z.string()).optional(), filters: echoedFilters.optional() }),
});

/** The export object, by what it exports. */
export const exportObjectSchema = z.discriminatedUnion('exported_object', [transactionsExportObjectSchema, orderExportObjectSchema, pointsExpirationExportObjectSchema]);
export type ExportObject = z.infer<typeof exportObjectSchema>;
export type TransactionsExportObject = z.infer<typeof transactionsExportObjectSchema>;
export type OrderExportObject = z.infer<typeof orderExportObjectSchema>;
export type PointsExpirationExportObject = z.infer<typeof pointsExpirationExportObjectSchema>;

export const exportListOrderSchema = z.enum(['created_at', '-created_at', 'status', '-status']);

export const exportListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('exports'),
  exports: z.array(exportObjectSchema),
  total: z.number().int(),
});
export type ExportList = z.infer<typeof exportListSchema>;

/** `GET /v1/exports` query. */
export const exportListQuerySchema = z.object({ limit: limitQuery, page: pageQuery, order: exportListOrderSchema.default('-created_at') });
