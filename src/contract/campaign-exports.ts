import { z } from 'zod';
import { dateConditionsSchema, junctionSchema, stringConditionsSchema } from './filter-conditions';
import { exportFieldSchema, exportOrderSchema } from './export';
import { fieldListSchema } from './export-parameters';

/**
 * The bodies of the two program-wide exports of openapi-loyalty-rest.json: Export Loyalty Campaign
 * Transactions (`LoyaltiesTransactionsExportCreateRequestBody`) and Export Loyalty Campaign Point
 * Expiration (`LoyaltiesPointsExpirationExportCreateRequestBody`). Anything the contract does not
 * list is a 400 naming it; the program is the path's, so neither takes it as a filter of its own
 * beyond what the contract lists.
 */

/** The transaction columns a program's export may hold: the contract's list, which has no `campaign_id` (every row is the path's program). */
export const campaignTransactionExportFieldSchema = exportFieldSchema.exclude(['campaign_id'], {
  error: (issue) => `unknown field ${JSON.stringify(issue.input)}; exportable fields: id, type, source_id, reason, balance, amount, created_at, voucher_id, source, details, related_transaction_id`,
});

/** `ExportCampaignTransactionsFilters`: the junction, created_at (FilterConditionsDateTime) and voucher_id (FilterConditionsString). */
export const campaignTransactionExportFiltersSchema = z.strictObject({
  junction: junctionSchema.optional(),
  created_at: z.strictObject({ conditions: dateConditionsSchema }).optional(),
  voucher_id: z.strictObject({ conditions: stringConditionsSchema }).optional(),
});
export type CampaignTransactionExportFilters = z.output<typeof campaignTransactionExportFiltersSchema>;

export const campaignTransactionExportParametersSchema = z.strictObject({
  order: exportOrderSchema.optional(),
  fields: fieldListSchema(campaignTransactionExportFieldSchema).optional(),
  filters: campaignTransactionExportFiltersSchema.optional(),
});
export type CampaignTransactionExportParameters = z.output<typeof campaignTransactionExportParametersSchema>;

export const createCampaignTransactionsExportSchema = z.strictObject({ parameters: campaignTransactionExportParametersSchema.optional() });
export type CreateCampaignTransactionsExport = z.output<typeof createCampaignTransactionsExportSchema>;

/** The columns of a points-expiration export (the contract's enum), each a point bucket's. */
export const pointsExpirationExportFieldValues = ['id', 'campaign_id', 'voucher_id', 'points', 'status', 'expires_at'] as const;
export const pointsExpirationExportFieldSchema = z.enum(pointsExpirationExportFieldValues, {
  error: (issue) => `unknown field ${JSON.stringify(issue.input)}; exportable fields: ${pointsExpirationExportFieldValues.join(', ')}`,
});
export type PointsExpirationExportField = z.infer<typeof pointsExpirationExportFieldSchema>;
/** The columns of an export that names no `fields`: the contract's examples' order. */
export const defaultPointsExpirationExportFields: readonly PointsExpirationExportField[] = ['id', 'campaign_id', 'voucher_id', 'status', 'expires_at', 'points'];

const idValue = z.string().min(1).max(200);
/** The contract's conditions on voucher_id and campaign_id here: `$in`/`$not_in` lists, `$is`/`$is_not` one value. */
export const pointsExpirationIdConditionsSchema = z
  .strictObject({ $in: z.array(idValue).min(1).max(1000), $not_in: z.array(idValue).min(1).max(1000), $is: idValue, $is_not: idValue })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'conditions need at least one operator' });
export type PointsExpirationIdConditions = z.output<typeof pointsExpirationIdConditionsSchema>;

export const pointsExpirationExportFiltersSchema = z.strictObject({
  junction: junctionSchema.optional(),
  voucher_id: z.strictObject({ conditions: pointsExpirationIdConditionsSchema }).optional(),
  campaign_id: z.strictObject({ conditions: pointsExpirationIdConditionsSchema }).optional(),
});
export type PointsExpirationExportFilters = z.output<typeof pointsExpirationExportFiltersSchema>;

export const pointsExpirationExportOrderSchema = z.enum(['expires_at', '-expires_at']);

export const pointsExpirationExportParametersSchema = z.strictObject({
  order: pointsExpirationExportOrderSchema.optional(),
  fields: fieldListSchema(pointsExpirationExportFieldSchema).optional(),
  filters: pointsExpirationExportFiltersSchema.optional(),
});
export type PointsExpirationExportParameters = z.output<typeof pointsExpirationExportParametersSchema>;

export const createPointsExpirationExportSchema = z.strictObject({ parameters: pointsExpirationExportParametersSchema.optional() });
export type CreatePointsExpirationExport = z.output<typeof createPointsExpirationExportSchema>;
