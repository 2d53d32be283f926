import { z } from 'zod';
import type { ErrorObject } from '../../../../contract/error';
import type { LoyaltyProgram } from '../../../../contract/loyalty-program';
import type { CreateLoyaltyProgramRequest, UpdateLoyaltyProgramRequest } from '../../../../contract/loyalty-program-write';
import type { V1ExpirationRules } from '../../../../contract/earning-rule-v1';
import { placeValidationDetails } from '../../../lib/place-validation-details';
import type { PlacedError } from '../../../lib/use-form-api-error';

/**
 * The program form (Create and Update Loyalty Campaign): a name, the card code format (a pattern
 * such as COFFEE-####, or prefix + a number of random characters + suffix, from a set of
 * characters), how long points added by hand last, and the days the program's cards work. It checks
 * what the service refuses, so a mistake is named beside its field before anything is sent. The
 * real API changes neither a program's name nor its code format nor its points expiry once made:
 * the edit page shows those read-only.
 */

/** The real API's default code characters (the service's `defaultCharset`). */
export const defaultCharacters = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const characterSets = {
  lettersAndDigits: { label: 'Capital letters and digits', value: defaultCharacters },
  digits: { label: 'Digits only', value: '0123456789' },
  letters: { label: 'Capital letters only', value: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' },
} as const;
export type CharacterSet = keyof typeof characterSets;

export const expiryKinds = ['never', 'months', 'yearly'] as const;
export type ExpiryKind = (typeof expiryKinds)[number];

const blank = (text: string) => text.trim() === '';
const whole = (text: string, min: number, max: number) => /^\d{1,4}$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(new Date(`${text}T00:00:00Z`).getTime());
const daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const programFormSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    format: z.enum(['random', 'pattern']),
    pattern: z.string(),
    prefix: z.string(),
    length: z.string(),
    postfix: z.string(),
    characters: z.enum(Object.keys(characterSets) as [CharacterSet, ...CharacterSet[]]),
    expiry: z.enum(expiryKinds),
    months: z.string(),
    expiryMonth: z.string(),
    expiryDay: z.string(),
    startDay: z.string(),
    endDay: z.string(),
  })
  .superRefine((form, ctx) => {
    const problem = (path: keyof typeof form, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (blank(form.name)) problem('name', 'Enter a name, such as Coffee Club.');
    else if (form.name.trim().length > 200) problem('name', 'Use at most 200 characters.');
    if (form.description.length > 1000) problem('description', 'Use at most 1,000 characters.');
    if (form.format === 'pattern') {
      if (!form.pattern.includes('#')) problem('pattern', 'Put at least one # where a random character goes, such as CLUB-####.');
      else if (form.pattern.length > 100) problem('pattern', 'Use at most 100 characters.');
    } else {
      if (!whole(form.length, 1, 50)) problem('length', 'Enter a number from 1 to 50.');
      if (form.prefix.length > 50) problem('prefix', 'Use at most 50 characters.');
      if (form.postfix.length > 50) problem('postfix', 'Use at most 50 characters.');
    }
    if (form.expiry === 'months' && !whole(form.months, 1, 12)) problem('months', 'Enter a number of months from 1 to 12.');
    if (form.expiry === 'yearly') {
      if (!whole(form.expiryMonth, 1, 12)) problem('expiryMonth', 'Choose a month.');
      else if (!whole(form.expiryDay, 1, daysInMonth[Number(form.expiryMonth) - 1])) problem('expiryDay', `Enter a day from 1 to ${daysInMonth[Number(form.expiryMonth) - 1]}.`);
    }
    if (!blank(form.startDay) && !isDay(form.startDay)) problem('startDay', 'Enter a date, or leave empty to start at once.');
    if (!blank(form.endDay) && !isDay(form.endDay)) problem('endDay', 'Enter a date, or leave empty for no end.');
    else if (isDay(form.startDay) && isDay(form.endDay) && form.endDay < form.startDay) problem('endDay', 'Enter a date on or after the start date.');
  });
export type ProgramForm = z.infer<typeof programFormSchema>;
export type ProgramField = keyof ProgramForm;

export const emptyProgramForm: ProgramForm = {
  name: '',
  description: '',
  format: 'random',
  pattern: '',
  prefix: '',
  length: '8',
  postfix: '',
  characters: 'lettersAndDigits',
  expiry: 'never',
  months: '12',
  expiryMonth: '12',
  expiryDay: '31',
  startDay: '',
  endDay: '',
};

/** A day as the instants the service keeps: a program starts at the day's first instant and ends at its last (UTC, as every day of the service). */
const startOf = (day: string) => (blank(day) ? null : `${day}T00:00:00.000Z`);
const endOf = (day: string) => (blank(day) ? null : `${day}T23:59:59.999Z`);
const dayOf = (instant: string | undefined) => (instant ? instant.slice(0, 10) : '');

export function expirationRules(form: ProgramForm): V1ExpirationRules | null {
  if (form.expiry === 'months') return { period_type: 'MONTH', period_value: Number(form.months) };
  if (form.expiry === 'yearly') return { period_type: 'FIXED_DAY_OF_YEAR', fixed_month: Number(form.expiryMonth), fixed_day: Number(form.expiryDay) };
  return null;
}

function codeConfig(form: ProgramForm) {
  const charset = characterSets[form.characters].value;
  if (form.format === 'pattern') return { pattern: form.pattern, charset };
  return { length: Number(form.length), charset, ...(form.prefix && { prefix: form.prefix }), ...(form.postfix && { postfix: form.postfix }) };
}

/** A new program: a card is made for each member as they join (AUTO_UPDATE), none in advance. */
export function createProgramRequest(form: ProgramForm): CreateLoyaltyProgramRequest {
  const rules = expirationRules(form);
  return {
    name: form.name.trim(),
    ...(form.description.trim() && { description: form.description.trim() }),
    campaign_type: 'LOYALTY_PROGRAM',
    type: 'AUTO_UPDATE',
    vouchers_count: 0,
    start_date: startOf(form.startDay),
    expiration_date: endOf(form.endDay),
    voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0, ...(rules && { expiration_rules: rules }) }, code_config: codeConfig(form) },
  };
}

/** What Update Loyalty Campaign may change: the description and the dates. */
export function updateProgramRequest(form: ProgramForm): UpdateLoyaltyProgramRequest {
  return { description: form.description.trim() || null, start_date: startOf(form.startDay), expiration_date: endOf(form.endDay) };
}

/** The form filled from a stored program (the edit page). */
export function programFormOf(program: LoyaltyProgram): ProgramForm {
  const code = program.voucher?.code_config;
  const rules = program.voucher?.loyalty_card.expiration_rules;
  const characters = (Object.keys(characterSets) as CharacterSet[]).find((key) => characterSets[key].value === code?.charset) ?? 'lettersAndDigits';
  return {
    ...emptyProgramForm,
    name: program.name,
    description: program.description ?? '',
    format: code?.pattern ? 'pattern' : 'random',
    pattern: code?.pattern ?? '',
    prefix: code?.prefix ?? '',
    length: String(code?.length ?? 8),
    postfix: code?.postfix ?? '',
    characters,
    expiry: rules ? (rules.period_type === 'MONTH' ? 'months' : 'yearly') : 'never',
    months: String(rules?.period_value ?? 12),
    expiryMonth: String(rules?.fixed_month ?? 12),
    expiryDay: String(rules?.fixed_day ?? 31),
    startDay: dayOf(program.start_date),
    endDay: dayOf(program.expiration_date),
  };
}

/**
 * An example card code for the format as typed, drawn with `random` (0 ≤ r < 1) so tests can pin
 * it; null while the format cannot make codes yet.
 */
export function exampleCode(form: Pick<ProgramForm, 'format' | 'pattern' | 'prefix' | 'length' | 'postfix' | 'characters'>, random: () => number = Math.random): string | null {
  const charset = characterSets[form.characters].value;
  const pick = () => charset[Math.floor(random() * charset.length)];
  if (form.format === 'pattern') return form.pattern.includes('#') ? form.pattern.replace(/#/g, pick) : null;
  if (!whole(form.length, 1, 50)) return null;
  return `${form.prefix}${Array.from({ length: Number(form.length) }, pick).join('')}${form.postfix}`;
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const monthOptions = monthNames.map((name, index) => ({ value: String(index + 1), label: name }));

/** When points added by hand expire, in a few words for the list: "Never", "After 6 months", "Each year on 31 December". */
export function describeExpiry(rules: V1ExpirationRules | undefined | null): string {
  if (!rules) return 'Never';
  if (rules.period_type === 'MONTH') return `After ${rules.period_value} month${rules.period_value === 1 ? '' : 's'}`;
  return `Each year on ${rules.fixed_day} ${monthNames[(rules.fixed_month ?? 1) - 1]}`;
}

/** The form field a refusal's path names (`.voucher.code_config.pattern`, `.start_date`); null for any other. */
export function programFieldOf(path: readonly string[]): ProgramField | null {
  const [first, second, third] = path;
  if (first === 'name' || first === 'description') return first;
  if (first === 'start_date') return 'startDay';
  if (first === 'expiration_date') return 'endDay';
  if (first === 'voucher' && second === 'code_config') {
    if (third === 'pattern' || third === 'prefix' || third === 'length' || third === 'postfix') return third;
    if (third === 'charset') return 'characters';
    return null;
  }
  if (first === 'voucher' && second === 'loyalty_card') return 'expiry';
  return null;
}

/** A refusal beside the fields it names; empty when it names none (shown above the form). */
export function placeProgramError(error: ErrorObject): PlacedError<ProgramField>[] {
  return placeValidationDetails(error, programFieldOf) ?? [];
}

const oneOf: Record<CharacterSet, string> = { lettersAndDigits: 'a capital letter or digit', digits: 'a digit', letters: 'a capital letter' };

/** A program's card codes in words: "CLUB-#### (each # a digit)", "CLUB- and 8 random capital letters or digits". */
export function describeCodeFormat(config: { pattern?: string; length: number; charset: string; prefix?: string; postfix?: string } | undefined): string {
  if (!config) return 'Codes given by hand';
  const set = (Object.keys(characterSets) as CharacterSet[]).find((key) => characterSets[key].value === config.charset);
  if (config.pattern) return `${config.pattern} (each # ${set ? oneOf[set] : 'a random character'})`;
  const random = `${config.length} random ${set ? characterSets[set].label.toLowerCase() : 'characters'}`;
  return [config.prefix && `${config.prefix} then`, random, config.postfix && `then ${config.postfix}`].filter(Boolean).join(' ');
}
