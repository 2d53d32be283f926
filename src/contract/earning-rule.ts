import { z } from 'zod';
import { dateBound, maxPoints, metadataSchema } from './common';

/**
 * The v2 earning rule (SERVICE_SPEC §2.9, api-facts §13), as GET /v2/loyalties/earning-rules
 * returns it. The same schemas validate fixtures, so stored rules always have this shape.
 * Sub-objects that do not match a discriminator may be null or absent here; responses leave them
 * out, because the published contract types them as objects (null fails it).
 */

const int = (min: number, max = Number.MAX_SAFE_INTEGER) => z.number().int().min(min).max(max);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time HH:mm');
const dayOfWeek = int(0, 6);
const unique = (values: unknown[]) => new Set(values).size === values.length;
const absent = z.null().optional();

export const cardDefinitionIdSchema = z.string().regex(/^lcdef_[a-f0-9]+$/, 'must be a card definition id lcdef_…');

// ---------- validity hours ----------

export const validityWindowSchema = z
  .strictObject({
    days_of_week: z.array(dayOfWeek).min(1).max(7).refine(unique, 'days_of_week must be unique'),
    start_time: hhmm,
    end_time: hhmm,
  })
  .refine((w) => w.start_time !== w.end_time, { message: 'end_time must differ from start_time', path: ['end_time'] });
export type ValidityWindow = z.infer<typeof validityWindowSchema>;

export const earningValidityHoursSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ANY_TIME'), daily: absent }),
  z.strictObject({ type: z.literal('DAILY'), daily: z.array(validityWindowSchema).min(1) }),
]);
export type EarningValidityHours = z.infer<typeof earningValidityHoursSchema>;

// ---------- points expiration ----------

export const rollingPeriodSchema = z.discriminatedUnion('unit', [
  z.strictObject({ unit: z.literal('DAY'), value: int(1, 90) }),
  z.strictObject({ unit: z.literal('MONTH'), value: int(1, 12) }),
  z.strictObject({ unit: z.literal('YEAR'), value: int(1, 5) }),
]);

export const roundingSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('END_OF_MONTH'), value: absent }),
  z.strictObject({ type: z.literal('END_OF_QUARTER'), value: absent }),
  z.strictObject({ type: z.literal('END_OF_HALF_YEAR'), value: absent }),
  z.strictObject({ type: z.literal('END_OF_YEAR'), value: absent }),
  z.strictObject({ type: z.literal('END_OF_PARTICULAR_MONTH'), value: int(1, 12) }),
]);
export type Rounding = z.infer<typeof roundingSchema>;

const monthLength = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
export const calendarDateSchema = z
  .strictObject({ day: int(1, 31), month: int(1, 12) })
  .refine((d) => d.day <= monthLength[d.month - 1], { message: 'day is past the end of the month', path: ['day'] });

export const slidingPeriodSchema = z.discriminatedUnion('unit', [
  z.strictObject({ unit: z.literal('DAY'), value: int(1, 90) }),
  z.strictObject({ unit: z.literal('MONTH'), value: int(1, 12) }),
  z.strictObject({ unit: z.literal('YEAR'), value: int(1, 1) }),
]);

/** An event name as POST /v1/events takes it. */
const activityTypeSchema = z.string().trim().min(1, 'must not be empty').max(300);

/**
 * Sliding expiration: points expire after `period` without activity of the kinds flagged (points
 * earned on the card, points spent from it, custom events of `custom_activity_types` by its
 * holder). At least one kind must count, and `custom_activity` needs 1–10 distinct event names
 * (the contract's description; its schema leaves the flags optional, absent meaning false).
 */
export const slidingExpirationSchema = z
  .strictObject({
    earning_activity: z.boolean().optional(),
    spending_activity: z.boolean().optional(),
    custom_activity: z.boolean().optional(),
    custom_activity_types: z.array(activityTypeSchema).nullable().optional(),
    period: slidingPeriodSchema,
  })
  .superRefine((sliding, ctx) => {
    if (!sliding.earning_activity && !sliding.spending_activity && !sliding.custom_activity) {
      ctx.addIssue({ code: 'custom', message: 'at least one of earning_activity, spending_activity or custom_activity must be true', path: ['earning_activity'] });
    }
    if (!sliding.custom_activity) return;
    const types = sliding.custom_activity_types;
    if (!types) ctx.addIssue({ code: 'custom', message: 'required when custom_activity is true', path: ['custom_activity_types'] });
    else if (types.length < 1 || types.length > 10) ctx.addIssue({ code: 'custom', message: 'must list 1 to 10 event names when custom_activity is true', path: ['custom_activity_types'] });
    else if (!unique(types)) ctx.addIssue({ code: 'custom', message: 'must not repeat an event name', path: ['custom_activity_types'] });
  })
  // Kept and answered with every flag, and the event names only when they count: the contract's
  // schema requires custom_activity_types unless custom_activity is present and not true.
  .transform((sliding) => ({
    earning_activity: sliding.earning_activity === true,
    spending_activity: sliding.spending_activity === true,
    custom_activity: sliding.custom_activity === true,
    custom_activity_types: sliding.custom_activity ? (sliding.custom_activity_types ?? null) : null,
    period: sliding.period,
  }));
export type SlidingExpiration = z.output<typeof slidingExpirationSchema>;

const noOtherExpiration = { rolling_expiration: absent, calendar_expiration: absent, sliding_expiration: absent };
export const pointsExpirationSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...noOtherExpiration, type: z.literal('NO_EXPIRATION') }),
  z.strictObject({
    ...noOtherExpiration,
    type: z.literal('ROLLING_EXPIRATION'),
    rolling_expiration: z.strictObject({ period: rollingPeriodSchema, rounding: roundingSchema.nullable().optional() }),
  }),
  z.strictObject({
    ...noOtherExpiration,
    type: z.literal('CALENDAR_EXPIRATION'),
    calendar_expiration: z.strictObject({ expiration_dates: z.array(calendarDateSchema).min(1).max(20) }),
  }),
  z.strictObject({
    ...noOtherExpiration,
    type: z.literal('SLIDING_EXPIRATION'),
    sliding_expiration: slidingExpirationSchema,
  }),
]);
export type PointsExpiration = z.infer<typeof pointsExpirationSchema>;

// ---------- effects ----------

const everySchema = z.strictObject({ every: int(1), value: z.number().min(0).max(maxPoints) });
export const metadataEverySchema = everySchema.extend({ property: z.string().min(1) });
const applicableToSchema = z.array(z.record(z.string(), z.unknown()));
const itemsEverySchema = everySchema.extend({ applicable_to: applicableToSchema.optional() });

const proportionalBase = {
  card_definition_id: cardDefinitionIdSchema,
  points_expiration: pointsExpirationSchema.nullable().optional(),
  order: absent,
  customer: absent,
  custom_event: absent,
  order_items: absent,
};

export const pointsProportionalSchema = z.discriminatedUnion('calculation_type', [
  z.strictObject({ ...proportionalBase, calculation_type: z.literal('CUSTOM_EVENT_METADATA_VALUE'), custom_event: z.strictObject({ metadata: metadataEverySchema }) }),
  z.strictObject({ ...proportionalBase, calculation_type: z.literal('CUSTOMER_METADATA_VALUE'), customer: z.strictObject({ metadata: metadataEverySchema }) }),
  z.strictObject({ ...proportionalBase, calculation_type: z.literal('PRE_DISCOUNT_ORDER_AMOUNT'), order: z.strictObject({ amount: everySchema }) }),
  z.strictObject({ ...proportionalBase, calculation_type: z.literal('POST_DISCOUNT_ORDER_AMOUNT'), order: z.strictObject({ total_amount: everySchema }) }),
  z.strictObject({ ...proportionalBase, calculation_type: z.literal('ORDER_METADATA_VALUE'), order: z.strictObject({ metadata: metadataEverySchema }) }),
  z.strictObject({ ...proportionalBase, calculation_type: z.literal('PRE_DISCOUNT_ORDER_ITEMS_AMOUNT'), order_items: z.strictObject({ amount: itemsEverySchema }) }),
  z.strictObject({ ...proportionalBase, calculation_type: z.literal('POST_DISCOUNT_ORDER_ITEMS_AMOUNT'), order_items: z.strictObject({ subtotal_amount: itemsEverySchema }) }),
  z.strictObject({ ...proportionalBase, calculation_type: z.literal('ORDER_ITEMS_QUANTITY'), order_items: z.strictObject({ quantity: itemsEverySchema }) }),
]);
export type PointsProportional = z.infer<typeof pointsProportionalSchema>;

export const fixedPointsSchema = z.strictObject({
  value: int(0, maxPoints),
  card_definition_id: cardDefinitionIdSchema,
  points_expiration: pointsExpirationSchema.nullable().optional(),
});

const noOtherEffect = { points: absent, points_proportional: absent, benefit: absent };
export const effectSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...noOtherEffect, type: z.literal('POINTS'), points: fixedPointsSchema }),
  z.strictObject({ ...noOtherEffect, type: z.literal('POINTS_PROPORTIONAL'), points_proportional: pointsProportionalSchema }),
  z.strictObject({ ...noOtherEffect, type: z.literal('BENEFIT'), benefit: z.strictObject({ id: z.string().regex(/^lben_[a-f0-9]+$/) }) }),
]);
export type Effect = z.infer<typeof effectSchema>;

// ---------- rules (conditions) ----------

export const ruleNames = [
  'customer.segment',
  'customer.metadata',
  'order.amount',
  'order.initial_amount',
  'order.total_amount',
  'order.metadata',
  'order.items.count',
  'order.items.price_any',
  'order.items.price_each',
  'order.items.every',
  'order.items.any',
  'order.items.none',
  'order.items.quantity',
  'order.items.aggregated_quantity',
  'order.items.price',
  'order.items.aggregated_amount',
  'order.items.cheapest',
  'order.items.most_expensive',
  'order.items.metadata',
  'custom_event.metadata',
] as const;

export const conditionObjectSchema = z.strictObject({
  id: z.string().optional(),
  object: z.string().optional(),
  source_id: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
});
export const conditionValueSchema = z.union([z.string(), z.number().int(), z.boolean(), conditionObjectSchema]);
export type ConditionValue = z.infer<typeof conditionValueSchema>;

export const valueOperators = ['$is', '$is_not', '$in', '$not_in', '$less_than', '$less_than_or_equal', '$more_than', '$more_than_or_equal', '$from'] as const;
export type ValueOperator = (typeof valueOperators)[number];
const values = z.array(conditionValueSchema).min(1).optional();

export const conditionsSchema = z.strictObject({
  ...(Object.fromEntries(valueOperators.map((op) => [op, values])) as Record<ValueOperator, typeof values>),
  $dow: z.array(dayOfWeek).min(1).max(7).optional(),
});
export type Conditions = z.infer<typeof conditionsSchema>;

export interface RuleDefinition {
  name: (typeof ruleNames)[number];
  property?: string | null;
  schema_id?: string | null;
  error?: { message: string } | null;
  rules?: RulesGroup | null;
  conditions?: Conditions;
}
export type RulesGroup = { logic: string } & { [n: string]: RuleDefinition | string };

const ruleErrorSchema = z.strictObject({ message: z.string().min(1).max(200) });

export const ruleDefinitionSchema: z.ZodType<RuleDefinition> = z.strictObject({
  name: z.enum(ruleNames),
  property: z.string().nullable().optional(),
  schema_id: z.string().nullable().optional(),
  error: ruleErrorSchema.nullable().optional(),
  get rules() {
    return rulesGroupSchema.nullable().optional();
  },
  conditions: conditionsSchema.optional(),
});

/** `{logic: "1 and (2 or 3)", "1": {...}, "2": {...}}`: numbered rule definitions and a formula over them. */
export const rulesGroupSchema: z.ZodType<RulesGroup> = z
  .object({ logic: z.string().min(1) })
  .catchall(z.unknown())
  .superRefine((group, ctx) => {
    const numbered = Object.keys(group).filter((k) => k !== 'logic');
    if (numbered.length === 0) ctx.addIssue({ code: 'custom', message: 'needs at least one numbered rule', path: [] });
    for (const key of numbered) {
      if (!/^[1-9]\d*$/.test(key)) {
        ctx.addIssue({ code: 'custom', message: `rule keys are positive integers, not '${key}'`, path: [key] });
        continue;
      }
      const parsed = ruleDefinitionSchema.safeParse(group[key]);
      if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: [key, ...issue.path] } as never);
    }
  }) as unknown as z.ZodType<RulesGroup>;

// ---------- earnings, trigger, limits ----------

export const tierRulesSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('NO_REQUIREMENTS'), any_of: absent }),
  z.strictObject({
    type: z.literal('ANY_OF'),
    any_of: z.array(z.strictObject({ tier_structure_id: z.string().regex(/^lts_[a-f0-9]+$/), tier_ids: z.array(z.string().regex(/^lt_[a-f0-9]+$/)).min(1) })).min(1),
  }),
]);

export const earningSchema = z.strictObject({
  id: z.string().regex(/^lernei_[a-f0-9]+$/, 'must be an earning id lernei_…'),
  name: z.string().max(200).nullable().optional(),
  rules: rulesGroupSchema.nullable().optional(),
  tier_rules: tierRulesSchema.nullable().optional(),
  effects: z.array(effectSchema).min(1),
});
export type Earning = z.infer<typeof earningSchema>;

export const triggerSchema = z.discriminatedUnion('event', [
  z.strictObject({ event: z.literal('customer.custom_event'), custom_event: z.strictObject({ schema_id: z.string().regex(/^ms_[a-zA-Z0-9]+/) }), segment: absent }),
  z.strictObject({ event: z.literal('customer.order.paid'), custom_event: absent, segment: absent }),
  z.strictObject({ event: z.literal('customer.segment.entered'), segment: z.strictObject({ id: z.string().regex(/^seg_[a-zA-Z0-9]+/) }), custom_event: absent }),
]);
export type Trigger = z.infer<typeof triggerSchema>;

export const cooldownPeriodSchema = z.discriminatedUnion('unit', [
  z.strictObject({ unit: z.literal('HOUR'), value: int(1, 24) }),
  z.strictObject({ unit: z.literal('DAY'), value: int(1, 90) }),
  z.strictObject({ unit: z.literal('WEEK'), value: int(1, 52) }),
  z.strictObject({ unit: z.literal('MONTH'), value: int(1, 12) }),
  z.strictObject({ unit: z.literal('YEAR'), value: int(1, 1) }),
]);
export type CooldownPeriod = z.infer<typeof cooldownPeriodSchema>;

export const cooldownSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('NO_COOLDOWN'), fixed_cooldown: absent }),
  z.strictObject({ type: z.literal('FIXED_COOLDOWN'), fixed_cooldown: z.strictObject({ period: cooldownPeriodSchema }) }),
]);

export const currentPeriodUnits = ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'] as const;
export type CurrentPeriodUnit = (typeof currentPeriodUnits)[number];

export const frequencyLimitSchema = z.strictObject({
  type: z.literal('TIME_BASED'),
  period: z.strictObject({ type: z.literal('CURRENT_PERIOD'), current_period: z.strictObject({ unit: z.enum(currentPeriodUnits) }) }),
  triggers: z.strictObject({ max: int(1) }),
});
export type FrequencyLimit = z.infer<typeof frequencyLimitSchema>;

export const frequencySchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('NO_LIMIT'), limits: z.array(frequencyLimitSchema).max(0).nullable().optional() }),
  z.strictObject({ type: z.literal('LIMITED'), limits: z.array(frequencyLimitSchema).length(1) }),
]);

export const triggerLimitsSchema = z.strictObject({
  cooldown: cooldownSchema.nullable().optional(),
  frequency: frequencySchema.nullable().optional(),
});
export type TriggerLimits = z.infer<typeof triggerLimitsSchema>;

export const earningRuleStatuses = ['DRAFT', 'ACTIVE', 'INACTIVE'] as const;

/** The response of GET /v2/loyalties/earning-rules/{id}. */
export const earningRuleSchema = z.object({
  id: z.string().regex(/^lern_[a-f0-9]+$/),
  name: z.string().max(200),
  status: z.enum(earningRuleStatuses),
  earnings: z.array(earningSchema),
  trigger: triggerSchema,
  error: ruleErrorSchema.nullable(),
  validity_hours: earningValidityHoursSchema,
  /** Extension: the whole days a rule made through the v1 API earns on (its `validity_day_of_week`); absent: every day. */
  validity_day_of_week: z.array(dayOfWeek).min(1).max(7).optional(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  trigger_limits: triggerLimitsSchema.nullable(),
  metadata: metadataSchema,
  created_at: z.string(),
  updated_at: z.string().nullable(),
  object: z.literal('earning_rule'),
});
export type EarningRule = z.infer<typeof earningRuleSchema>;

/** The response of GET /v2/loyalties/earning-rules: a cursor page. */
export const earningRuleListSchema = z.object({
  data: z.array(earningRuleSchema),
  cursor: z.object({ next: z.string(), expires_at: z.string() }).nullable(),
  object: z.literal('list'),
});
export type EarningRuleList = z.infer<typeof earningRuleListSchema>;

export const earningRuleOrders = ['-created_at', 'created_at', 'name', '-name'] as const;
export type EarningRuleOrder = (typeof earningRuleOrders)[number];

/** The operators the v2 list's filters take on id, name and status. */
export type EarningRuleFilterOp = '$is' | '$is_not' | '$in' | '$not_in' | '$contains' | '$not_contain' | '$starts_with' | '$ends_with' | '$has_value' | '$is_unknown';

const oneOrMany = <T extends z.ZodType<string>>(item: T) => z.union([item, z.array(item).min(1).max(100)]).transform((v) => (Array.isArray(v) ? v : [v]));

const conditions = <T extends z.ZodType<string>>(item: T, ops: EarningRuleFilterOp[]) =>
  z.strictObject({ conditions: z.strictObject(Object.fromEntries(ops.map((op) => [op, oneOrMany(item).optional()])) as Record<EarningRuleFilterOp, z.ZodOptional<ReturnType<typeof oneOrMany<T>>>>) });

/** One value, as a string or a one-element array (the contract's date conditions). */
const single = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).length(1)]).transform((v) => (Array.isArray(v) ? v[0] : v) as z.output<T>);
/** `$has_value` / `$is_unknown`: only their presence counts. */
const presence = z.union([z.string().max(0), z.array(z.string().max(0)).max(1)]).optional();
const wholeDays = z.coerce.number().int().min(0).max(100_000);

/** EarningRuleListFilters.created_at: `$before`/`$after` a date, `$is`/`$more_than`/`$less_than` whole days ago on the project clock. */
const createdAtConditions = z.strictObject({
  conditions: z.strictObject({
    $before: single(dateBound).optional(),
    $after: single(dateBound).optional(),
    $is: single(wholeDays).optional(),
    $more_than: single(wholeDays).optional(),
    $less_than: single(wholeDays).optional(),
    $has_value: presence,
    $is_unknown: presence,
  }),
});
export type EarningRuleCreatedAtConditions = z.output<typeof createdAtConditions>['conditions'];

/** `filters[<field>][conditions][<op>]=…` (deepObject): every field and operator EarningRuleListFilters documents. */
const earningRuleFiltersSchema = z
  .strictObject({
    junction: z.enum(['AND', 'OR']).optional(),
    id: conditions(z.string().regex(/^lern_[a-f0-9]+$/), ['$is', '$is_not', '$in', '$not_in']).optional(),
    name: z
      .strictObject({
        conditions: z.strictObject({
          ...conditions(z.string().min(1), ['$is', '$is_not', '$in', '$not_in', '$contains', '$not_contain', '$starts_with', '$ends_with']).shape.conditions.shape,
          $has_value: presence,
          $is_unknown: presence,
        }),
      })
      .optional(),
    status: conditions(z.enum(earningRuleStatuses), ['$is', '$is_not', '$in', '$not_in']).optional(),
    created_at: createdAtConditions.optional(),
  })
  .optional();

/** `GET /v2/loyalties/earning-rules` query (keyset paging by `cursor`, `filters` as a deepObject). */
export const earningRuleListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  // One sort field (id is always the tie-breaker); repeating `order` with several fields is not supported.
  order: z
    .union([z.enum(earningRuleOrders), z.array(z.enum(earningRuleOrders)).length(1)])
    .transform((v) => (Array.isArray(v) ? v[0] : v))
    .default('-created_at'),
  cursor: z.string().regex(/^lcrsern_[a-f0-9]+$/).optional(),
  filters: earningRuleFiltersSchema,
});
export type EarningRuleListQuery = z.output<typeof earningRuleListQuerySchema>;
