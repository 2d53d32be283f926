import { describe, expect, it } from 'vitest';
import { emptyExportForm, exportFormSchema, type ExportFormValues } from './export-form';

const form = (values: Partial<ExportFormValues>): ExportFormValues => ({ ...emptyExportForm, ...values });
const problems = (values: ExportFormValues) => {
  const result = exportFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('export form', () => {
  it('sends every field by default, newest first, for a member of a program', () => {
    const result = exportFormSchema.parse(form({ programId: 'camp_1', memberCode: 'COFFEE-0005' }));
    expect(result.target).toEqual({ code: 'COFFEE-0005', campaignId: 'camp_1' });
    expect(result.body).toEqual({
      parameters: {
        order: '-created_at',
        fields: ['id', 'type', 'source_id', 'reason', 'balance', 'amount', 'created_at', 'voucher_id', 'campaign_id', 'details', 'related_transaction_id', 'source'],
      },
    });
  });

  it('keeps the chosen fields in their order and turns the range into created_at conditions', () => {
    const values = form({
      cardBy: 'code',
      code: 'CITY-1',
      order: 'created_at',
      fields: [
        { field: 'amount', included: true },
        { field: 'id', included: false },
        { field: 'created_at', included: true },
      ],
      createdAfter: '2026-01-01T00:00',
      createdBefore: '2026-02-01T00:00',
    });
    const result = exportFormSchema.parse(values);
    expect(result.target).toEqual({ code: 'CITY-1' });
    expect(result.body.parameters?.fields).toEqual(['amount', 'created_at']);
    expect(result.body.parameters?.filters).toEqual({
      junction: 'and',
      created_at: { conditions: { $after: [new Date('2026-01-01T00:00').toISOString()], $before: [new Date('2026-02-01T00:00').toISOString()] } },
    });
  });

  it('says what is missing, next to the field', () => {
    expect(problems(form({}))).toEqual(['programId: Choose the loyalty program', 'memberCode: Choose the member, or type their card code']);
    expect(problems(form({ cardBy: 'code' }))).toEqual(['code: Enter the card code']);
    expect(problems(form({ cardBy: 'code', code: 'X', fields: emptyExportForm.fields.map((row) => ({ ...row, included: false })) }))).toEqual([
      'fields: Choose at least one field',
    ]);
    expect(problems(form({ cardBy: 'code', code: 'X', createdAfter: '2026-02-01T00:00', createdBefore: '2026-01-01T00:00' }))).toEqual([
      'createdBefore: The end must be after the start',
    ]);
  });
});
