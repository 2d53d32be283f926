import { z } from 'zod';
import { dateBound } from './common';

/** `$in[0]=a&$in[1]=b` or `$in=a`: a list either way. */
const stringList = z.union([z.string().min(1).max(200), z.array(z.string().min(1).max(200)).min(1).max(100)]).transform((v) => [v].flat());
const text = z.string().min(1).max(200);
/** `$has_value` / `$is_unknown` take an empty string, as the contract says: only their presence counts. */
const presence = z.string().max(0);

/** The contract's FilterConditionsString (deepObject): every operator it documents. */
export const stringConditionsSchema = z.strictObject({
  $in: stringList.optional(),
  $not_in: stringList.optional(),
  $is: text.optional(),
  $is_not: text.optional(),
  $has_value: presence.optional(),
  $is_unknown: presence.optional(),
  $starts_with: text.optional(),
  $ends_with: text.optional(),
  $contains: text.optional(),
  $not_contain: text.optional(),
});
export type StringConditions = z.output<typeof stringConditionsSchema>;

/** The contract's FilterConditionsDateTime: `$more_than`/`$less_than` count whole days back from now. */
export const dateConditionsSchema = z.strictObject({
  $after: dateBound.optional(),
  $before: dateBound.optional(),
  $has_value: presence.optional(),
  $is_unknown: presence.optional(),
  $more_than: z.coerce.number().int().min(0).max(100_000).optional(),
  $less_than: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type DateConditions = z.output<typeof dateConditionsSchema>;

/** The contract's Junction: how the conditions of a `filters` object combine (default `and`). */
export const junctionSchema = z.enum(['and', 'or', 'AND', 'OR']).transform((v) => v.toLowerCase() as 'and' | 'or');

/**
 * The contract's conditions on a field with a closed set of values (holder_role, campaign_type, …):
 * FilterConditionsString's operators less `$contains`/`$not_contain`, which it leaves out there, and
 * the listed values only, so a misspelt value is refused by name, not matched against nothing.
 */
export function enumConditionsSchema<const T extends readonly [string, ...string[]]>(values: T) {
  const one = z.enum(values);
  const list = z.union([one, z.array(one).min(1).max(100)]).transform((v) => [v].flat());
  return z.strictObject({
    $in: list.optional(),
    $not_in: list.optional(),
    $is: one.optional(),
    $is_not: one.optional(),
    $has_value: presence.optional(),
    $is_unknown: presence.optional(),
    $starts_with: text.optional(),
    $ends_with: text.optional(),
  });
}
