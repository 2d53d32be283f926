import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { createTransactionsExportSchema, exportFieldSchema, exportFieldValues, exportOrderSchema, type CreateTransactionsExport, type ExportField } from '../../../../contract/export';

export const cardByOptions = ['member', 'code'] as const;
export type CardBy = (typeof cardByOptions)[number];

/** What each column holds, shown beside its checkbox. */
export const fieldDescriptions: Record<ExportField, string> = {
  id: 'Transaction ID',
  type: 'Type: accrual, redemption, expiration…',
  source_id: 'Source ID given with the transaction',
  reason: 'Reason given with the transaction',
  balance: 'Card balance after the transaction',
  amount: 'Points, positive or negative',
  created_at: 'When it happened (ISO 8601, UTC)',
  voucher_id: 'Card ID',
  campaign_id: 'Loyalty program ID',
  details: 'Further details, as JSON',
  related_transaction_id: 'The other side of a points transfer',
  source: 'Channel that made the transaction',
};

const exportFormFieldsSchema = z.object({
  cardBy: z.enum(cardByOptions),
  programId: z.string(),
  memberCode: z.string().trim(),
  code: z.string().trim(),
  /** Every exportable field, in the order the columns will have; unchecked ones are left out. */
  fields: z.array(z.object({ field: exportFieldSchema, included: z.boolean() })),
  order: exportOrderSchema,
  /** `datetime-local` values, in the browser's time zone. */
  createdAfter: z.string(),
  createdBefore: z.string(),
});

export type ExportFormValues = z.input<typeof exportFormFieldsSchema>;
type ExportFormFields = z.output<typeof exportFormFieldsSchema>;

/** What the form submits: the card to export and the request body. */
export interface ExportSubmission {
  target: { code: string; campaignId?: string };
  body: CreateTransactionsExport;
}
export type ExportFormControl = Control<ExportFormValues, unknown, ExportSubmission>;
export type ExportFormField = 'programId' | 'memberCode' | 'code' | 'fields' | 'createdAfter' | 'createdBefore';

export const emptyExportForm: ExportFormValues = {
  cardBy: 'member',
  programId: '',
  memberCode: '',
  code: '',
  fields: exportFieldValues.map((field) => ({ field, included: true })),
  order: '-created_at',
  createdAfter: '',
  createdBefore: '',
};

/** A `datetime-local` value as an ISO 8601 instant; the browser reads it in its own time zone. */
function instant(local: string): string | undefined {
  if (!local) return undefined;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The request body for the form: the checked fields in their order, the order, the date range. */
export function toExportRequest(values: ExportFormFields): ExportSubmission {
  const after = instant(values.createdAfter);
  const before = instant(values.createdBefore);
  const conditions = { ...(after && { $after: [after] }), ...(before && { $before: [before] }) };
  const parameters = {
    order: values.order,
    fields: values.fields.filter((row) => row.included).map((row) => row.field),
    ...(after || before ? { filters: { junction: 'and' as const, created_at: { conditions } } } : {}),
  };
  const target = values.cardBy === 'member' ? { code: values.memberCode, campaignId: values.programId } : { code: values.code };
  // The contract schema has the last word on the body.
  return { target, body: createTransactionsExportSchema.parse({ parameters }) };
}

/** The form's rules, then the mapping to the request. */
export const exportFormSchema = exportFormFieldsSchema
  .superRefine((values, context) => {
    const problem = (path: ExportFormField, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (values.cardBy === 'member') {
      if (!values.programId) problem('programId', 'Choose the loyalty program');
      if (!values.memberCode) problem('memberCode', 'Choose the member, or type their card code');
    } else if (!values.code) problem('code', 'Enter the card code');
    if (!values.fields.some((row) => row.included)) problem('fields', 'Choose at least one field');
    if (values.createdAfter && !instant(values.createdAfter)) problem('createdAfter', 'Enter a date and time');
    if (values.createdBefore && !instant(values.createdBefore)) problem('createdBefore', 'Enter a date and time');
    const after = instant(values.createdAfter);
    const before = instant(values.createdBefore);
    if (after && before && before <= after) problem('createdBefore', 'The end must be after the start');
  })
  .transform(toExportRequest);
