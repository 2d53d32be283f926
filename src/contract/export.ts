import { z } from 'zod';
import { limitQuery, pageQuery } from './common';

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

/**
 * An operator's value: one item, or an array of them (the real API writes `$is: ["x"]` as often as
 * `$is: "x"`). Stored and echoed as an array, the contract's `Any` type.
 */
const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const single = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).length(1)]).transform(asArray);
const several = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1).max(1000)]).transform(asArray);

const idValue = z.string().min(1).max(200);
const instant = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

const atLeastOne = (value: Record<string, unknown>) => Object.keys(value).length > 0;
const atLeastOneMessage = { message: 'conditions need at least one operator' };

/** Operators on an identifier column: membership and equality. */
export const idConditionsSchema = z
  .strictObject({ $in: several(idValue), $not_in: several(idValue), $is: single(idValue), $is_not: single(idValue) })
  .partial()
  .refine(atLeastOne, atLeastOneMessage);

/** Operators on `created_at`: comparisons with an ISO 8601 date or date-time. */
export const dateConditionsSchema = z
  .strictObject({
    $after: single(instant),
    $before: single(instant),
    $more_than: single(instant),
    $less_than: single(instant),
    $more_than_equal: single(instant),
    $less_than_equal: single(instant),
  })
  .partial()
  .refine(atLeastOne, atLeastOneMessage);

export type IdConditions = z.infer<typeof idConditionsSchema>;
export type DateConditions = z.infer<typeof dateConditionsSchema>;

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
  fields: z
    .array(exportFieldSchema)
    .min(1)
    .superRefine((fields, context) => {
      const seen = new Set<string>();
      fields.forEach((field, index) => {
        if (seen.has(field)) context.addIssue({ code: 'custom', path: [index], message: `field '${field}' is listed twice` });
        seen.add(field);
      });
    })
    .optional(),
  filters: exportFiltersSchema.optional(),
});
export type ExportParameters = z.infer<typeof exportParametersSchema>;

/** Body of both transaction-export operations (SERVICE_SPEC §4.5); the body itself is optional. */
export const createTransactionsExportSchema = z.strictObject({ parameters: exportParametersSchema.optional() });
export type CreateTransactionsExport = z.infer<typeof createTransactionsExportSchema>;

export const exportStatusSchema = z.enum(['SCHEDULED', 'IN_PROGRESS', 'DONE', 'ERROR']);
export type ExportStatus = z.infer<typeof exportStatusSchema>;

/** The export object (SERVICE_SPEC §2.10, EXP `ExportBase`). */
export const exportObjectSchema = z.object({
  id: z.string(),
  object: z.literal('export'),
  created_at: z.string(),
  status: exportStatusSchema,
  channel: z.string(),
  exported_object: z.literal('voucher_transactions'),
  parameters: z.object({ order: exportOrderSchema.optional(), fields: z.array(exportFieldSchema).optional(), filters: z.record(z.string(), z.unknown()).optional() }),
  /** `{url}` once DONE; the url carries the download token. */
  result: z.object({ url: z.string() }).nullable(),
  user_id: z.string().nullable(),
  /** Only when ERROR: why the file could not be made (the real API documents no shape for it). */
  error: z.object({ message: z.string() }).optional(),
});
export type ExportObject = z.infer<typeof exportObjectSchema>;

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
