import { z } from 'zod';
import { dateTime, limitQuery, maxPoints, metadataInputSchema, metadataSchema, pageQuery } from './common';
import { slidingExpirationSchema, triggerLimitsSchema } from './earning-rule';

/**
 * The v1 earning rule (openapi-spend.json: Create/Get/Update/Enable/Disable/Delete/List Earning
 * Rules under /v1/loyalties/{campaignId}/earning-rules). It is another view of the rule the v2 read
 * returns: one trigger, one loyalty effect, validity and limits. Shared by the service (request
 * validation) and the dashboard's rule builder (which sends these bodies).
 */

const int = (min: number, max = Number.MAX_SAFE_INTEGER) => z.number().int('must be a whole number').min(min).max(max);

/**
 * A whole number, also as a numeric string: the contract types `points` as an integer, but its own
 * Create and Update examples send `"points": "5"`, and the examples win (see the route test).
 */
const wholeNumber = (min: number, max?: number) =>
  z
    .union([z.number(), z.string().trim().regex(/^-?\d+$/, 'must be a whole number').transform(Number)])
    .pipe(int(min, max));
/** Points a rule gives: at most maxPoints (README, "Limits"). */
const rulePoints = wholeNumber(1, maxPoints);

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:mm');
const dayOfWeek = int(0, 6);
const unique = (values: unknown[]) => new Set(values).size === values.length;

export const v1DaysOfWeekSchema = z.array(dayOfWeek).min(1).max(7).refine(unique, 'days must not repeat');

// ---------- loyalty (the effect) ----------

const perUnit = z.strictObject({ every: wholeNumber(1), points: rulePoints });
const perProperty = perUnit.extend({ property: z.string().trim().min(1).max(200) });
const perItems = perUnit.extend({ object: z.enum(['products_collection', 'product', 'sku']), id: z.string().min(1) });

export const v1FixedLoyaltySchema = z.strictObject({ type: z.literal('FIXED'), points: rulePoints });

const proportional = { type: z.literal('PROPORTIONAL') };
export const v1ProportionalLoyaltySchema = z.discriminatedUnion('calculation_type', [
  z.strictObject({ ...proportional, calculation_type: z.literal('ORDER_AMOUNT'), order: z.strictObject({ amount: perUnit }) }),
  z.strictObject({ ...proportional, calculation_type: z.literal('ORDER_TOTAL_AMOUNT'), order: z.strictObject({ total_amount: perUnit }) }),
  z.strictObject({ ...proportional, calculation_type: z.literal('ORDER_METADATA'), order: z.strictObject({ metadata: perProperty }) }),
  z.strictObject({ ...proportional, calculation_type: z.literal('ORDER_ITEMS_AMOUNT'), order_items: z.strictObject({ amount: perItems }) }),
  z.strictObject({ ...proportional, calculation_type: z.literal('ORDER_ITEMS_SUBTOTAL_AMOUNT'), order_items: z.strictObject({ subtotal_amount: perItems }) }),
  z.strictObject({ ...proportional, calculation_type: z.literal('ORDER_ITEMS_QUANTITY'), order_items: z.strictObject({ quantity: perItems }) }),
  z.strictObject({ ...proportional, calculation_type: z.literal('CUSTOMER_METADATA'), customer: z.strictObject({ metadata: perProperty }) }),
  z.strictObject({ ...proportional, calculation_type: z.literal('CUSTOM_EVENT_METADATA'), custom_event: z.strictObject({ metadata: perProperty }) }),
]);

export const v1LoyaltySchema = z.discriminatedUnion('type', [v1FixedLoyaltySchema, v1ProportionalLoyaltySchema]);
export type V1LoyaltyInput = z.input<typeof v1LoyaltySchema>;
export type V1Loyalty = z.output<typeof v1LoyaltySchema>;
export type V1CalculationType = z.output<typeof v1ProportionalLoyaltySchema>['calculation_type'];

// ---------- expiration of the points earned ----------

export const v1RoundingTypes = ['END_OF_MONTH', 'END_OF_QUARTER', 'END_OF_HALF_YEAR', 'END_OF_YEAR', 'PARTICULAR_MONTH'] as const;
const monthLength = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * `MONTH`: points expire `period_value` months after they are earned, optionally rounded up to the
 * end of a month, quarter, half year, year or a particular month (`rounding_value`).
 * `FIXED_DAY_OF_YEAR`: points expire on the next `fixed_day` of `fixed_month`.
 */
export const v1ExpirationRulesSchema = z
  .strictObject({
    period_type: z.enum(['FIXED_DAY_OF_YEAR', 'MONTH']),
    period_value: int(1, 12).optional(),
    rounding_type: z.enum(v1RoundingTypes).optional(),
    rounding_value: int(1, 12).optional(),
    fixed_month: int(1, 12).optional(),
    fixed_day: int(1, 31).optional(),
  })
  .superRefine((rules, ctx) => {
    const need = (key: keyof typeof rules, why: string) => {
      if (rules[key] === undefined) ctx.addIssue({ code: 'custom', message: `required ${why}`, path: [key] });
    };
    const forbid = (key: keyof typeof rules, why: string) => {
      if (rules[key] !== undefined) ctx.addIssue({ code: 'custom', message: `not allowed ${why}`, path: [key] });
    };
    if (rules.period_type === 'MONTH') {
      need('period_value', 'with period_type MONTH');
      forbid('fixed_month', 'with period_type MONTH');
      forbid('fixed_day', 'with period_type MONTH');
      if (rules.rounding_type === 'PARTICULAR_MONTH') need('rounding_value', 'with rounding_type PARTICULAR_MONTH');
      else forbid('rounding_value', 'unless rounding_type is PARTICULAR_MONTH');
    } else {
      need('fixed_month', 'with period_type FIXED_DAY_OF_YEAR');
      need('fixed_day', 'with period_type FIXED_DAY_OF_YEAR');
      for (const key of ['period_value', 'rounding_type', 'rounding_value'] as const) forbid(key, 'with period_type FIXED_DAY_OF_YEAR');
      if (rules.fixed_month && rules.fixed_day && rules.fixed_day > monthLength[rules.fixed_month - 1]) {
        ctx.addIssue({ code: 'custom', message: 'is past the end of the month', path: ['fixed_day'] });
      }
    }
  });
export type V1ExpirationRules = z.infer<typeof v1ExpirationRulesSchema>;

// ---------- when the rule earns ----------

export const v1ValidityWindowSchema = z
  .strictObject({ start_time: hhmm, expiration_time: hhmm, days_of_week: v1DaysOfWeekSchema })
  .refine((w) => w.start_time !== w.expiration_time, { message: 'must differ from start_time', path: ['expiration_time'] });
export const v1ValidityHoursSchema = z.strictObject({ daily: z.array(v1ValidityWindowSchema).min(1).max(20) });
export type V1ValidityHours = z.infer<typeof v1ValidityHoursSchema>;

export const v1ValidityTimeframeSchema = z.strictObject({ duration: z.string().min(1), interval: z.string().min(1) });

// ---------- requests ----------

/**
 * What both Create and Update may set. `null` clears a setting on update. `trigger_limits` (the v2
 * rule's cooldown and frequency limits) and `sliding_expiration` (the v2 effect's sliding
 * expiration, instead of `expiration_rules`) are extensions: the v1 contract has neither.
 */
const writable = {
  validation_rule_id: z.string().nullable().optional(),
  source: z.strictObject({ banner: z.string().trim().min(1, 'must not be empty').max(200).optional() }).optional(),
  active: z.boolean().optional(),
  start_date: dateTime.nullable().optional(),
  expiration_date: dateTime.nullable().optional(),
  validity_timeframe: v1ValidityTimeframeSchema.nullable().optional(),
  validity_day_of_week: v1DaysOfWeekSchema.nullable().optional(),
  validity_hours: v1ValidityHoursSchema.nullable().optional(),
  expiration_rules: v1ExpirationRulesSchema.nullable().optional(),
  sliding_expiration: slidingExpirationSchema.nullable().optional(),
  pending_points: z.strictObject({ period_type: z.literal('DAY'), period_value: int(1, 90) }).nullable().optional(),
  metadata: metadataInputSchema.optional(),
  trigger_limits: triggerLimitsSchema.nullable().optional(),
};

/** One item of POST /v1/loyalties/{campaignId}/earning-rules (the body is an array of these). */
export const v1CreateEarningRuleSchema = z.strictObject({
  event: z.string().trim().min(1).max(300),
  loyalty: v1LoyaltySchema,
  custom_event: z.strictObject({ schema_id: z.string().min(1) }).optional(),
  segment: z.strictObject({ id: z.string().min(1) }).optional(),
  loyalty_tier: z.strictObject({ id: z.string().optional() }).optional(),
  ...writable,
});
export type V1CreateEarningRuleInput = z.input<typeof v1CreateEarningRuleSchema>;
export type V1CreateEarningRule = z.output<typeof v1CreateEarningRuleSchema>;

/** The project limit of the create operation's description. */
export const earningRulesPerProject = 100;

export const v1CreateEarningRulesSchema = z.array(v1CreateEarningRuleSchema).min(1).max(earningRulesPerProject);

/** `{points}` alone, as the SDK's update type has it: the rule keeps its loyalty type and calculation. */
export const v1PointsOnlySchema = z.strictObject({ points: rulePoints });

/** A whole `loyalty` (with `type`), or `{points}` alone; each checked by its own schema, so errors name the field. */
const v1LoyaltyUpdateSchema = z.unknown().transform((value, ctx): V1Loyalty | z.output<typeof v1PointsOnlySchema> => {
  const whole = typeof value === 'object' && value !== null && 'type' in value;
  const parsed = (whole ? v1LoyaltySchema : v1PointsOnlySchema).safeParse(value);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: issue.input });
  return z.NEVER;
});

/** PUT /v1/loyalties/{campaignId}/earning-rules/{earningRuleId}: the trigger cannot change. */
export const v1UpdateEarningRuleSchema = z.strictObject({ loyalty: v1LoyaltyUpdateSchema.optional(), ...writable });
export type V1UpdateEarningRuleInput = Omit<z.input<typeof v1UpdateEarningRuleSchema>, 'loyalty'> & { loyalty?: V1LoyaltyInput | { points: number | string } };
export type V1UpdateEarningRule = z.output<typeof v1UpdateEarningRuleSchema>;

/** The v1 events a rule can name besides a custom event's name. */
export const v1OrderPaidEvent = 'order.paid';
export const v1SegmentEnteredEvent = 'customer.segment.entered';
export const v1TierEvents = ['customer.loyalty.tier.joined', 'customer.loyalty.tier.left', 'customer.loyalty.tier.upgraded', 'customer.loyalty.tier.downgraded', 'customer.loyalty.tier.prolonged'] as const;

// ---------- responses ----------

/** The v1 earning rule object (Get, Create's items, Update, Enable, Disable, List's data). */
export const v1EarningRuleSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  validation_rule_id: z.string().nullable(),
  loyalty: v1LoyaltySchema,
  event: z.string(),
  custom_event: z.object({ schema_id: z.string() }).optional(),
  segment: z.object({ id: z.string() }).optional(),
  source: z.object({ banner: z.string().optional(), object_id: z.string(), object_type: z.literal('campaign') }),
  active: z.boolean(),
  start_date: z.string().optional(),
  expiration_date: z.string().optional(),
  validity_day_of_week: z.array(dayOfWeek).optional(),
  validity_hours: v1ValidityHoursSchema.optional(),
  expiration_rules: v1ExpirationRulesSchema.optional(),
  sliding_expiration: slidingExpirationSchema.optional(),
  pending_points: z.object({ period_type: z.literal('DAY'), period_value: z.number().int() }).optional(),
  metadata: metadataSchema,
  trigger_limits: triggerLimitsSchema.optional(),
  object: z.literal('earning_rule'),
  automation_id: z.string(),
});
export type V1EarningRule = z.infer<typeof v1EarningRuleSchema>;

export const v1EarningRuleListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(v1EarningRuleSchema),
  total: z.number().int(),
});
export type V1EarningRuleList = z.infer<typeof v1EarningRuleListSchema>;

export const v1EarningRuleOrders = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;
export type V1EarningRuleOrder = (typeof v1EarningRuleOrders)[number];

/** `GET /v1/loyalties/{campaignId}/earning-rules` query. */
export const v1EarningRuleListQuerySchema = z.object({ limit: limitQuery, page: pageQuery, order: z.enum(v1EarningRuleOrders).default('-created_at') });
