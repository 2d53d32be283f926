import { z } from 'zod';

/**
 * The parts of an export's `parameters` every exported object shares: the list of `fields`, and
 * the `conditions` of `filters` (`{"<field>": {"conditions": {"<$op>": value}}}`), one schema per
 * kind of column.
 */

/** `parameters.fields`: at least one, none twice (each is a column of the file). */
export const fieldListSchema = <T extends z.ZodType<string>>(field: T) =>
  z
    .array(field)
    .min(1)
    .superRefine((fields, context) => {
      const seen = new Set<string>();
      fields.forEach((item, index) => {
        if (seen.has(item)) context.addIssue({ code: 'custom', path: [index], message: `field '${item}' is listed twice` });
        seen.add(item);
      });
    });

/**
 * An operator's value: one item, or an array of them (the real API writes `$is: ["x"]` as often as
 * `$is: "x"`). Stored and echoed as an array, the contract's `Any` type.
 */
const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);
const single = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).length(1)]).transform(asArray);
const several = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1).max(1000)]).transform(asArray);

const idValue = z.string().min(1).max(200);
const instant = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);
const number = z.number().finite();

const atLeastOne = (value: Record<string, unknown>) => Object.keys(value).length > 0;
const atLeastOneMessage = { message: 'conditions need at least one operator' };

/** Membership and equality over values of `item`. */
export const membershipConditions = <T extends z.ZodType>(item: T) =>
  z.strictObject({ $in: several(item), $not_in: several(item), $is: single(item), $is_not: single(item) }).partial().refine(atLeastOne, atLeastOneMessage);

/** Operators on an identifier column: membership and equality. */
export const idConditionsSchema = membershipConditions(idValue);

/** Operators on a date column: comparisons with an ISO 8601 date or date-time. */
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

const comparisons = <T extends z.ZodType>(item: T) => ({ $more_than: single(item), $more_than_equal: single(item), $less_than: single(item), $less_than_equal: single(item) });

/** Operators on an amount: equality, membership and comparisons with a number. */
export const numberConditionsSchema = z
  .strictObject({ $is: single(number), $is_not: single(number), $in: several(number), $not_in: several(number), ...comparisons(number) })
  .partial()
  .refine(atLeastOne, atLeastOneMessage);

const metadataValue = z.union([z.string().max(1000), number, z.boolean()]);

/**
 * Operators on one metadata property, whose stored type is unknown: equality and membership
 * compare its text, comparisons its number (a value that is no number matches none).
 */
export const metadataConditionsSchema = z
  .strictObject({
    $is: single(metadataValue),
    $is_not: single(metadataValue),
    $in: several(metadataValue),
    $not_in: several(metadataValue),
    ...comparisons(number),
  })
  .partial()
  .refine(atLeastOne, atLeastOneMessage);

export type IdConditions = z.infer<typeof idConditionsSchema>;
export type DateConditions = z.infer<typeof dateConditionsSchema>;
export type NumberConditions = z.infer<typeof numberConditionsSchema>;
export type MetadataConditions = z.infer<typeof metadataConditionsSchema>;
