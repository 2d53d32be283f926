import { z } from 'zod';
import type { ErrorObject } from '../../../../contract/error';
import { createLoyaltyTierSchema, tiersPerProgram, type CreateLoyaltyTier } from '../../../../contract/loyalty-tier';
import { placeValidationDetails } from '../../../lib/place-validation-details';
import type { PlacedError } from '../../../lib/use-form-api-error';

/**
 * The "Create tiers" form: one row per tier (name, points from, points to, and optionally a points
 * multiplier for every earning rule of the program and a price multiplier for every priced reward).
 * It checks what the service refuses (POST /v1/loyalties/{id}/tiers: a name, whole points, `to` at
 * least `from`, ranges that do not overlap, multipliers above 0 and at most 1,000), so a mistake is
 * named beside its field before anything is sent; the service's own refusals land on the same fields.
 */

const blank = (text: string) => text.trim() === '';
const wholePoints = (text: string) => /^\d{1,13}$/.test(text.trim().replace(/,/g, ''));
const points = (text: string) => Number(text.trim().replace(/,/g, ''));
const say = (value: number) => value.toLocaleString('en-US');
const multiplier = (text: string) => Number(text.trim().replace(',', '.'));
const multiplierProblem = (text: string) => {
  if (blank(text)) return null;
  const value = multiplier(text);
  if (!Number.isFinite(value)) return 'Enter a number such as 1.5.';
  if (value <= 0) return 'Enter a multiplier above 0.';
  if (value > 1000) return 'Enter 1,000 or less.';
  return null;
};

export const tierRowSchema = z.object({
  name: z.string(),
  from: z.string(),
  to: z.string(),
  multiplier: z.string(),
  priceMultiplier: z.string(),
});
export type TierRow = z.infer<typeof tierRowSchema>;

export const tierFormSchema = z
  .object({ tiers: z.array(tierRowSchema).min(1).max(tiersPerProgram) })
  .superRefine(({ tiers }, ctx) => {
    const problem = (index: number, field: keyof TierRow, message: string) => ctx.addIssue({ code: 'custom', path: ['tiers', index, field], message });
    tiers.forEach((tier, index) => {
      if (blank(tier.name)) problem(index, 'name', 'Enter a name, such as Gold.');
      else if (tier.name.trim().length > 200) problem(index, 'name', 'Use at most 200 characters.');
      if (!wholePoints(tier.from)) problem(index, 'from', 'Enter whole points, 0 or more.');
      if (!blank(tier.to) && !wholePoints(tier.to)) problem(index, 'to', 'Enter whole points, or leave empty for no upper limit.');
      else if (!blank(tier.to) && wholePoints(tier.from) && points(tier.to) < points(tier.from)) problem(index, 'to', 'Enter at least the points it starts from.');
      const earn = multiplierProblem(tier.multiplier);
      if (earn) problem(index, 'multiplier', earn);
      const price = multiplierProblem(tier.priceMultiplier);
      if (price) problem(index, 'priceMultiplier', price);
    });
    // A member's points must fall in one tier: the service refuses overlapping ranges, and so does the form.
    const ranges = tiers.map((tier, index) => ({ index, name: tier.name.trim() || `tier ${index + 1}`, from: points(tier.from), to: blank(tier.to) ? Infinity : points(tier.to) }));
    ranges.forEach((range, index) => {
      if (!wholePoints(tiers[index].from)) return;
      const clash = ranges.slice(0, index).find((other) => wholePoints(tiers[other.index].from) && range.from <= other.to && other.from <= range.to);
      if (clash) problem(index, 'from', `Overlaps ${clash.name} (${say(clash.from)}${clash.to === Infinity ? ' or more' : `–${say(clash.to)}`}): a member’s points must fall in one tier.`);
    });
  });
export type TierForm = z.infer<typeof tierFormSchema>;

export const emptyTierRow: TierRow = { name: '', from: '', to: '', multiplier: '', priceMultiplier: '' };

/** The request: each multiplier maps every earning rule of the program, or every reward it prices. */
export function tiersRequest(form: TierForm, ruleIds: readonly string[], pricedAssignmentIds: readonly string[]): CreateLoyaltyTier[] {
  const each = (ids: readonly string[], text: string) =>
    blank(text) || ids.length === 0 ? undefined : Object.fromEntries(ids.map((id) => [id, { type: 'MULTIPLY' as const, multiplier: multiplier(text) }]));
  return form.tiers.map((tier) =>
    createLoyaltyTierSchema.parse({
      name: tier.name.trim(),
      points: { from: points(tier.from), ...(!blank(tier.to) && { to: points(tier.to) }) },
      ...(each(ruleIds, tier.multiplier) && { earning_rules: each(ruleIds, tier.multiplier) }),
      ...(each(pricedAssignmentIds, tier.priceMultiplier) && { rewards: each(pricedAssignmentIds, tier.priceMultiplier) }),
    }),
  );
}

export type TierField = `tiers.${number}.${keyof TierRow}`;

/** The field of the form a refusal's path names (`.0.points`, `.1.earning_rules.lern_….multiplier`); null for any other. */
export function tierFieldOf(path: readonly string[]): TierField | null {
  const [index, field] = path;
  if (index === undefined || !/^\d+$/.test(index)) return null;
  if (field === 'name') return `tiers.${Number(index)}.name`;
  if (field === 'points') return path[2] === 'to' ? `tiers.${Number(index)}.to` : `tiers.${Number(index)}.from`;
  if (field === 'earning_rules') return `tiers.${Number(index)}.multiplier`;
  if (field === 'rewards') return `tiers.${Number(index)}.priceMultiplier`;
  return null;
}

/** A create-tiers refusal beside the fields it names, in plain words; empty when it names none (shown above the form). */
export function placeTierError(error: ErrorObject): PlacedError<TierField>[] {
  return placeValidationDetails(error, tierFieldOf) ?? [];
}
