import { describe, expect, it } from 'vitest';
import { createLoyaltyProgramRequestSchema, updateLoyaltyProgramRequestSchema } from '../../../../contract/loyalty-program-write';
import { loyaltyProgramSchema } from '../../../../contract/loyalty-program';
import { deleteConfirmed } from './delete-confirmation';
import { createProgramRequest, describeCodeFormat, describeExpiry, emptyProgramForm, exampleCode, placeProgramError, programFormOf, programFormSchema, updateProgramRequest, type ProgramForm } from './program-form';

const form = (changes: Partial<ProgramForm>): ProgramForm => ({ ...emptyProgramForm, name: 'Tea Club', ...changes });
const problems = (values: ProgramForm) => {
  const parsed = programFormSchema.safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('program form', () => {
  it('names each mistake beside its field before anything is sent', () => {
    expect(problems(form({ name: ' ', format: 'pattern', pattern: 'TEA-' }))).toEqual({ name: 'Enter a name, such as Coffee Club.', pattern: 'Put at least one # where a random character goes, such as CLUB-####.' });
    expect(problems(form({ length: '0' }))).toEqual({ length: 'Enter a number from 1 to 50.' });
    expect(problems(form({ expiry: 'months', months: '13' }))).toEqual({ months: 'Enter a number of months from 1 to 12.' });
    expect(problems(form({ expiry: 'yearly', expiryMonth: '2', expiryDay: '30' }))).toEqual({ expiryDay: 'Enter a day from 1 to 29.' });
    expect(problems(form({ startDay: '2027-03-01', endDay: '2027-02-01' }))).toEqual({ endDay: 'Enter a date on or after the start date.' });
    expect(problems(form({}))).toEqual({});
  });

  it('builds a create request the contract takes: code format, points expiry and days as instants', () => {
    const request = createProgramRequest(form({ format: 'pattern', pattern: 'TEA-####', characters: 'digits', expiry: 'yearly', expiryMonth: '12', expiryDay: '31', startDay: '2027-01-01', endDay: '2027-12-31' }));
    expect(createLoyaltyProgramRequestSchema.parse(request)).toEqual(request);
    expect(request).toMatchObject({
      name: 'Tea Club',
      type: 'AUTO_UPDATE',
      start_date: '2027-01-01T00:00:00.000Z',
      expiration_date: '2027-12-31T23:59:59.999Z',
      voucher: { code_config: { pattern: 'TEA-####', charset: '0123456789' }, loyalty_card: { points: 0, expiration_rules: { period_type: 'FIXED_DAY_OF_YEAR', fixed_month: 12, fixed_day: 31 } } },
    });
    const random = createProgramRequest(form({ prefix: 'T-', length: '6', postfix: '-X', expiry: 'months', months: '6' }));
    expect(createLoyaltyProgramRequestSchema.parse(random).voucher).toMatchObject({ code_config: { prefix: 'T-', length: 6, postfix: '-X' }, loyalty_card: { expiration_rules: { period_type: 'MONTH', period_value: 6 } } });
    expect(random.voucher?.loyalty_card.expiration_rules).toEqual({ period_type: 'MONTH', period_value: 6 });
  });

  it('updates only what the real API lets a program change, and reads a stored program back into the form', () => {
    const update = updateProgramRequest(form({ description: '', startDay: '', endDay: '2028-06-30' }));
    expect(updateLoyaltyProgramRequestSchema.parse(update)).toEqual({ description: null, start_date: null, expiration_date: '2028-06-30T23:59:59.999Z' });
    const stored = loyaltyProgramSchema.parse({
      id: 'camp_1', name: 'Tea Club', campaign_type: 'LOYALTY_PROGRAM', type: 'AUTO_UPDATE', auto_join: false, join_once: true, use_voucher_metadata_schema: false, vouchers_count: 3, active: true,
      metadata: {}, created_at: '2027-01-01T00:00:00Z', creation_status: 'DONE', vouchers_generation_status: 'DONE', protected: false, category_id: null, categories: [], object: 'campaign',
      expiration_date: '2028-06-30T23:59:59.999Z',
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0, expiration_rules: { period_type: 'MONTH', period_value: 3 } }, redemption: { quantity: null }, code_config: { pattern: 'TEA-####', length: 4, charset: '0123456789' }, is_referral_code: false },
    });
    expect(programFormOf(stored)).toMatchObject({ name: 'Tea Club', format: 'pattern', pattern: 'TEA-####', characters: 'digits', expiry: 'months', months: '3', startDay: '', endDay: '2028-06-30' });
  });

  it('draws a live example code from the format as typed', () => {
    const first = () => 0;
    expect(exampleCode({ format: 'pattern', pattern: 'TEA-##', prefix: '', length: '', postfix: '', characters: 'digits' }, first)).toBe('TEA-00');
    expect(exampleCode({ format: 'random', pattern: '', prefix: 'T-', length: '3', postfix: '!', characters: 'letters' }, () => 0.99)).toBe('T-ZZZ!');
    expect(exampleCode({ format: 'random', pattern: '', prefix: '', length: 'x', postfix: '', characters: 'letters' })).toBeNull();
    expect(exampleCode({ format: 'pattern', pattern: 'NONE', prefix: '', length: '', postfix: '', characters: 'letters' })).toBeNull();
  });

  it('says the code format and expiry in words', () => {
    expect(describeCodeFormat({ length: 8, charset: '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ', prefix: 'TEA-' })).toBe('TEA- then 8 random capital letters and digits');
    expect(describeCodeFormat({ pattern: 'TEA-####', length: 4, charset: '0123456789' })).toBe('TEA-#### (each # a digit)');
    expect(describeExpiry(undefined)).toBe('Never');
    expect(describeExpiry({ period_type: 'MONTH', period_value: 1 })).toBe('After 1 month');
    expect(describeExpiry({ period_type: 'FIXED_DAY_OF_YEAR', fixed_month: 12, fixed_day: 31 })).toBe('Each year on 31 December');
  });

  it('places the service’s refusals beside the fields they name', () => {
    const error = { code: 400, key: 'invalid_payload', message: 'Invalid payload', details: 'Property .voucher.code_config.pattern: must hold at least one # (a random character)' };
    expect(placeProgramError(error).map((p) => p.target)).toEqual(['pattern']);
    expect(placeProgramError({ code: 400, key: 'invalid_payload', message: 'x', details: 'Property .expiration_date: Invalid ISO datetime' }).map((p) => p.target)).toEqual(['endDay']);
  });

  it('deletes only once the program’s name is typed', () => {
    expect(deleteConfirmed('Tea Club', 'tea club ')).toBe(true);
    expect(deleteConfirmed('Tea Club', 'Tea')).toBe(false);
    expect(deleteConfirmed('Tea Club', '')).toBe(false);
  });
});
