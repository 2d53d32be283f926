import { sayValidationMessage } from '../../../../contract/validation-wording';
import type { Control } from 'react-hook-form';
import { z } from 'zod';
import { currentPeriodUnits, type EarningRule, type Effect, type PointsExpiration, type TriggerLimits } from '../../../../contract/earning-rule';
import {
  v1CreateEarningRuleSchema,
  v1OrderPaidEvent,
  v1RoundingTypes,
  v1SegmentEnteredEvent,
  v1UpdateEarningRuleSchema,
  type V1CreateEarningRuleInput,
  type V1UpdateEarningRuleInput,
} from '../../../../contract/earning-rule-v1';
import { formatCents, parseCents } from '../../../lib/format';
import { productIdOf } from './describe-rule';
import { formFieldOfPath } from './rule-form-fields';

/**
 * The rule builder's form: what marketing staff pick, as strings and lists a form holds, and the
 * v1 request it becomes. The request is checked by the contract's own schemas (src/contract), and
 * their complaints land on the field they concern, the same mapping API errors use.
 */

export const triggerKinds = ['custom_event', 'segment_entered', 'order_paid'] as const;
export type TriggerKind = (typeof triggerKinds)[number];
export const orderEffectKinds = ['ORDER_AMOUNT', 'ORDER_TOTAL_AMOUNT', 'ORDER_METADATA', 'ORDER_ITEMS_AMOUNT', 'ORDER_ITEMS_SUBTOTAL_AMOUNT', 'ORDER_ITEMS_QUANTITY'] as const;
export const effectKinds = ['FIXED', 'CUSTOM_EVENT_METADATA', 'CUSTOMER_METADATA', ...orderEffectKinds] as const;
export type EffectKind = (typeof effectKinds)[number];

/** The calculations each trigger offers (the service refuses the others). */
export const effectsFor: Record<TriggerKind, readonly EffectKind[]> = {
  custom_event: ['FIXED', 'CUSTOM_EVENT_METADATA', 'CUSTOMER_METADATA'],
  segment_entered: ['FIXED', 'CUSTOMER_METADATA'],
  order_paid: ['FIXED', 'ORDER_AMOUNT', 'ORDER_TOTAL_AMOUNT', 'ORDER_ITEMS_AMOUNT', 'ORDER_ITEMS_SUBTOTAL_AMOUNT', 'ORDER_ITEMS_QUANTITY', 'ORDER_METADATA', 'CUSTOMER_METADATA'],
};

/** Calculations per amount of money: their "for every" is typed as an amount (1.00) and sent in cents (100). */
export const moneyEffects: readonly EffectKind[] = ['ORDER_AMOUNT', 'ORDER_TOTAL_AMOUNT', 'ORDER_ITEMS_AMOUNT', 'ORDER_ITEMS_SUBTOTAL_AMOUNT'];
/** Calculations over the order's lines of one product. */
export const itemEffects: readonly EffectKind[] = ['ORDER_ITEMS_AMOUNT', 'ORDER_ITEMS_SUBTOTAL_AMOUNT', 'ORDER_ITEMS_QUANTITY'];
/** Calculations per amount of a metadata property. */
export const propertyEffects: readonly EffectKind[] = ['CUSTOM_EVENT_METADATA', 'CUSTOMER_METADATA', 'ORDER_METADATA'];
/** Never; some months after earning; on a day of the year; after a time without the member's activity (sliding); as stored (a shape the form cannot show). */
export const expiryKinds = ['never', 'months', 'yearly', 'inactive', 'keep'] as const;
export const slideUnits = ['DAY', 'MONTH', 'YEAR'] as const;
/** The longest time without activity the contract allows, per unit. */
export const slideMax = { DAY: 90, MONTH: 12, YEAR: 1 } as const;
export const cooldownUnits = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
export const roundingChoices = ['none', ...v1RoundingTypes] as const;

const hoursWindowSchema = z.object({ days: z.array(z.number().int()), start: z.string(), end: z.string() });

export const ruleFormFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Give the rule a name').max(200, 'At most 200 characters'),
  programId: z.string().min(1, 'Choose the program whose cards earn'),
  trigger: z.enum(triggerKinds),
  eventSchemaId: z.string(),
  segmentId: z.string().trim(),
  effect: z.enum(effectKinds),
  points: z.string().trim(),
  every: z.string().trim(),
  property: z.string().trim(),
  /** The product an items calculation counts. */
  productId: z.string(),
  /** Order-paid rules: hold the points this many days before they are added ('' = add at once). */
  pendingDays: z.string().trim(),
  expiry: z.enum(expiryKinds),
  expiryMonths: z.string().trim(),
  expiryRounding: z.enum(roundingChoices),
  expiryRoundingMonth: z.string(),
  expiryDay: z.string().trim(),
  expiryMonth: z.string(),
  /** Sliding expiration ('inactive'): points expire after this long without the activity ticked. */
  slideValue: z.string().trim(),
  slideUnit: z.enum(slideUnits),
  slideEarning: z.boolean(),
  slideSpending: z.boolean(),
  slideCustom: z.boolean(),
  /** Names of the custom events that count as activity. */
  slideEvents: z.array(z.string()),
  /** `datetime-local` values read as UTC (the engine's time zone). */
  startDate: z.string(),
  endDate: z.string(),
  /** Whole days the rule earns on; empty: every day. */
  days: z.array(z.number().int()),
  hours: z.array(hoursWindowSchema),
  cooldown: z.enum(['none', ...cooldownUnits]),
  cooldownValue: z.string().trim(),
  frequency: z.enum(['none', ...currentPeriodUnits]),
  frequencyMax: z.string().trim(),
  metadata: z.array(z.object({ key: z.string().trim(), value: z.string() })),
  active: z.boolean(),
});

export type RuleFormValues = z.infer<typeof ruleFormFieldsSchema>;
export type RuleFormField = keyof RuleFormValues | `hours.${number}.${'start' | 'end' | 'days'}` | `metadata.${number}.key`;

export const emptyRuleForm: RuleFormValues = {
  name: '',
  programId: '',
  trigger: 'custom_event',
  eventSchemaId: '',
  segmentId: '',
  effect: 'FIXED',
  points: '10',
  every: '1',
  property: '',
  productId: '',
  pendingDays: '',
  expiry: 'never',
  expiryMonths: '12',
  expiryRounding: 'none',
  expiryRoundingMonth: '12',
  expiryDay: '31',
  expiryMonth: '12',
  slideValue: '6',
  slideUnit: 'MONTH',
  slideEarning: true,
  slideSpending: true,
  slideCustom: false,
  slideEvents: [],
  startDate: '',
  endDate: '',
  days: [],
  hours: [],
  cooldown: 'none',
  cooldownValue: '1',
  frequency: 'none',
  frequencyMax: '1',
  metadata: [],
  active: true,
};

/** A whole-number field as the number the API takes; anything else stays text, for the contract to name. */
const numberOr = (text: string): number | string => (/^-?\d+$/.test(text) ? Number(text) : text);

/** A `datetime-local` value (read as UTC) as an ISO instant; null when empty. */
export function utcInstant(local: string): string | null {
  if (!local) return null;
  const date = new Date(`${local.length === 16 ? `${local}:00` : local}Z`);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

/** An ISO instant as the `datetime-local` value showing it in UTC. */
export function utcLocal(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 16) : '';
}

/** Metadata values: numbers and true/false are stored as such, the rest as text. */
function metadataValue(text: string): unknown {
  if (/^-?\d+(\.\d+)?$/.test(text.trim())) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  return text;
}

/** "For every": an amount of money in cents for the money calculations, else a whole number. */
export function everyOf(values: Pick<RuleFormValues, 'effect' | 'every'>): number | string {
  if (!moneyEffects.includes(values.effect)) return numberOr(values.every);
  return parseCents(values.every) ?? values.every;
}

function loyaltyOf(values: RuleFormValues): V1CreateEarningRuleInput['loyalty'] {
  if (values.effect === 'FIXED') return { type: 'FIXED', points: numberOr(values.points) };
  const per = { every: everyOf(values), points: numberOr(values.points) };
  const metadata = { ...per, property: values.property };
  const items = { ...per, object: 'product' as const, id: values.productId };
  const proportional = 'PROPORTIONAL' as const;
  switch (values.effect) {
    case 'CUSTOM_EVENT_METADATA':
      return { type: proportional, calculation_type: 'CUSTOM_EVENT_METADATA', custom_event: { metadata } };
    case 'CUSTOMER_METADATA':
      return { type: proportional, calculation_type: 'CUSTOMER_METADATA', customer: { metadata } };
    case 'ORDER_AMOUNT':
      return { type: proportional, calculation_type: 'ORDER_AMOUNT', order: { amount: per } };
    case 'ORDER_TOTAL_AMOUNT':
      return { type: proportional, calculation_type: 'ORDER_TOTAL_AMOUNT', order: { total_amount: per } };
    case 'ORDER_METADATA':
      return { type: proportional, calculation_type: 'ORDER_METADATA', order: { metadata } };
    case 'ORDER_ITEMS_AMOUNT':
      return { type: proportional, calculation_type: 'ORDER_ITEMS_AMOUNT', order_items: { amount: items } };
    case 'ORDER_ITEMS_SUBTOTAL_AMOUNT':
      return { type: proportional, calculation_type: 'ORDER_ITEMS_SUBTOTAL_AMOUNT', order_items: { subtotal_amount: items } };
    case 'ORDER_ITEMS_QUANTITY':
      return { type: proportional, calculation_type: 'ORDER_ITEMS_QUANTITY', order_items: { quantity: items } };
  }
}

/** Order-paid rules only (the service refuses it on others): hold the points some days, or add them at once (null). */
function pendingOf(values: RuleFormValues): Pick<V1UpdateEarningRuleInput, 'pending_points'> {
  if (values.trigger !== 'order_paid') return {};
  return { pending_points: values.pendingDays ? { period_type: 'DAY', period_value: numberOr(values.pendingDays) as number } : null };
}

function expirationRulesOf(values: RuleFormValues): V1UpdateEarningRuleInput['expiration_rules'] {
  if (values.expiry === 'never') return null;
  if (values.expiry === 'yearly') return { period_type: 'FIXED_DAY_OF_YEAR', fixed_day: numberOr(values.expiryDay) as number, fixed_month: Number(values.expiryMonth) };
  const rounding =
    values.expiryRounding === 'none'
      ? {}
      : values.expiryRounding === 'PARTICULAR_MONTH'
        ? { rounding_type: values.expiryRounding, rounding_value: Number(values.expiryRoundingMonth) }
        : { rounding_type: values.expiryRounding };
  return { period_type: 'MONTH', period_value: numberOr(values.expiryMonths) as number, ...rounding };
}

/** The v1 request's sliding_expiration (an extension of this service): the v2 rule's own block. */
export function slidingOf(values: RuleFormValues): NonNullable<V1UpdateEarningRuleInput['sliding_expiration']> {
  return {
    earning_activity: values.slideEarning,
    spending_activity: values.slideSpending,
    custom_activity: values.slideCustom,
    ...(values.slideCustom && { custom_activity_types: values.slideEvents }),
    period: { unit: values.slideUnit, value: numberOr(values.slideValue) as number },
  };
}

/** The expiry part of a request: kept as stored, sliding (replacing any other), or expiration_rules (replacing a sliding one). */
function expiryOf(values: RuleFormValues): Pick<V1UpdateEarningRuleInput, 'expiration_rules' | 'sliding_expiration'> {
  if (values.expiry === 'keep') return {};
  if (values.expiry === 'inactive') return { expiration_rules: null, sliding_expiration: slidingOf(values) };
  return { expiration_rules: expirationRulesOf(values) };
}

function limitsOf(values: RuleFormValues): TriggerLimits | null {
  if (values.cooldown === 'none' && values.frequency === 'none') return null;
  return {
    cooldown: values.cooldown === 'none' ? { type: 'NO_COOLDOWN' } : { type: 'FIXED_COOLDOWN', fixed_cooldown: { period: { unit: values.cooldown, value: numberOr(values.cooldownValue) } } },
    frequency:
      values.frequency === 'none'
        ? { type: 'NO_LIMIT', limits: [] }
        : {
            type: 'LIMITED',
            limits: [{ type: 'TIME_BASED', period: { type: 'CURRENT_PERIOD', current_period: { unit: values.frequency } }, triggers: { max: numberOr(values.frequencyMax) } }],
          },
  } as TriggerLimits;
}

/** What both create and update send: everything the builder manages. */
export function toUpdateBody(values: RuleFormValues): V1UpdateEarningRuleInput {
  const expiration = expiryOf(values);
  return {
    source: { banner: values.name.trim() },
    loyalty: loyaltyOf(values),
    active: values.active,
    start_date: utcInstant(values.startDate),
    expiration_date: utcInstant(values.endDate),
    validity_day_of_week: values.days.length ? [...values.days].sort() : null,
    validity_hours: values.hours.length ? { daily: values.hours.map((w) => ({ start_time: w.start, expiration_time: w.end, days_of_week: [...w.days].sort() })) } : null,
    ...expiration,
    ...pendingOf(values),
    trigger_limits: limitsOf(values),
    metadata: Object.fromEntries(values.metadata.filter((row) => row.key).map((row) => [row.key, metadataValue(row.value)])),
  };
}

/** POST's one rule: the trigger (a custom event by name and schema id, or a segment) and the rest. */
export function toCreateBody(values: RuleFormValues, schemaNames: ReadonlyMap<string, string>): V1CreateEarningRuleInput {
  const { loyalty, pending_points, ...rest } = toUpdateBody(values);
  const trigger =
    values.trigger === 'segment_entered'
      ? { event: v1SegmentEnteredEvent, segment: { id: values.segmentId } }
      : values.trigger === 'order_paid'
        ? { event: v1OrderPaidEvent }
        : { event: schemaNames.get(values.eventSchemaId) ?? '', custom_event: { schema_id: values.eventSchemaId } };
  return { ...trigger, loyalty: loyalty as V1CreateEarningRuleInput['loyalty'], ...(pending_points && { pending_points }), ...rest } as V1CreateEarningRuleInput;
}

/** Checks that a form cannot say by type: a trigger chosen, a property named, unique metadata keys. */
function formProblems(values: RuleFormValues): { field: RuleFormField; message: string }[] {
  const problems: { field: RuleFormField; message: string }[] = [];
  if (values.trigger === 'custom_event' && !values.eventSchemaId) problems.push({ field: 'eventSchemaId', message: 'Choose the custom event' });
  if (values.trigger === 'segment_entered' && !values.segmentId) problems.push({ field: 'segmentId', message: 'Enter the segment ID (seg_…)' });
  if (!effectsFor[values.trigger].includes(values.effect)) problems.push({ field: 'effect', message: 'Choose how the points are counted for this trigger' });
  if (propertyEffects.includes(values.effect) && !values.property) problems.push({ field: 'property', message: 'Name the property whose value counts' });
  if (itemEffects.includes(values.effect) && !values.productId) problems.push({ field: 'productId', message: 'Choose the product whose lines count' });
  if (moneyEffects.includes(values.effect)) {
    const cents = parseCents(values.every);
    if (cents === null) problems.push({ field: 'every', message: 'Enter an amount such as 1.00, with at most two decimals' });
    else if (cents < 1) problems.push({ field: 'every', message: 'Enter 0.01 or more' });
  }
  if (values.trigger === 'order_paid' && values.pendingDays && !/^\d+$/.test(values.pendingDays)) problems.push({ field: 'pendingDays', message: 'Enter a whole number of days, 1 to 90' });
  if (values.expiry === 'inactive') {
    if (!values.slideEarning && !values.slideSpending && !values.slideCustom) problems.push({ field: 'slideEarning', message: 'Tick at least one activity that keeps the points' });
    if (values.slideCustom && values.slideEvents.length === 0) problems.push({ field: 'slideEvents', message: 'Tick the events that count' });
  }
  const keys = new Set<string>();
  values.metadata.forEach((row, i) => {
    if (!row.key && row.value) problems.push({ field: `metadata.${i}.key`, message: 'Give the value a key' });
    if (row.key && keys.has(row.key)) problems.push({ field: `metadata.${i}.key`, message: 'Each key once' });
    keys.add(row.key);
  });
  return problems;
}

/** The form's schema: its own checks, then the v1 contract's, each message on its field. */
export function ruleFormSchema(mode: 'create' | 'edit', schemaNames: ReadonlyMap<string, string>) {
  return ruleFormFieldsSchema.superRefine((values, ctx) => {
    const own = formProblems(values);
    for (const problem of own) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) });
    if (own.length) return;
    const parsed = mode === 'create' ? v1CreateEarningRuleSchema.safeParse(toCreateBody(values, schemaNames)) : v1UpdateEarningRuleSchema.safeParse(toUpdateBody(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = formFieldOfPath(issue.path);
      ctx.addIssue({ code: 'custom', message: sayValidationMessage(issue.message), path: (field ?? 'name').split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) });
    }
  });
}


export type RuleFormControl = Control<RuleFormValues>;

// ---------- an existing rule in the form ----------

function expiryValues(expiration: PointsExpiration | null | undefined): Partial<RuleFormValues> {
  if (!expiration || expiration.type === 'NO_EXPIRATION') return { expiry: 'never' };
  if (expiration.type === 'SLIDING_EXPIRATION') {
    const s = expiration.sliding_expiration;
    return {
      expiry: 'inactive',
      slideValue: String(s.period.value),
      slideUnit: s.period.unit,
      slideEarning: s.earning_activity === true,
      slideSpending: s.spending_activity === true,
      slideCustom: s.custom_activity === true,
      slideEvents: s.custom_activity ? (s.custom_activity_types ?? []) : [],
    };
  }
  if (expiration.type === 'CALENDAR_EXPIRATION' && expiration.calendar_expiration.expiration_dates.length === 1) {
    const [{ day, month }] = expiration.calendar_expiration.expiration_dates;
    return { expiry: 'yearly', expiryDay: String(day), expiryMonth: String(month) };
  }
  if (expiration.type === 'ROLLING_EXPIRATION') {
    const { period, rounding } = expiration.rolling_expiration;
    const months = period.unit === 'MONTH' ? period.value : period.unit === 'YEAR' ? period.value * 12 : null;
    if (months !== null && months <= 12) {
      if (!rounding) return { expiry: 'months', expiryMonths: String(months) };
      if (rounding.type === 'END_OF_PARTICULAR_MONTH') return { expiry: 'months', expiryMonths: String(months), expiryRounding: 'PARTICULAR_MONTH', expiryRoundingMonth: String(rounding.value) };
      return { expiry: 'months', expiryMonths: String(months), expiryRounding: rounding.type };
    }
  }
  return { expiry: 'keep' };
}

function effectValues(effect: Effect): Partial<RuleFormValues> {
  if (effect.type === 'POINTS') return { effect: 'FIXED', points: String(effect.points.value), ...expiryValues(effect.points.points_expiration) };
  if (effect.type !== 'POINTS_PROPORTIONAL') return {};
  const p = effect.points_proportional;
  const expiry = expiryValues(p.points_expiration);
  if (p.calculation_type === 'CUSTOM_EVENT_METADATA_VALUE') {
    const m = p.custom_event.metadata;
    return { effect: 'CUSTOM_EVENT_METADATA', points: String(m.value), every: String(m.every), property: m.property, ...expiry };
  }
  if (p.calculation_type === 'CUSTOMER_METADATA_VALUE') {
    const m = p.customer.metadata;
    return { effect: 'CUSTOMER_METADATA', points: String(m.value), every: String(m.every), property: m.property, ...expiry };
  }
  // Amounts are typed as money in the form (1.00), stored in cents (100).
  const money = (every: number) => formatCents(every).replace(/,/g, '');
  switch (p.calculation_type) {
    case 'ORDER_METADATA_VALUE':
      return { effect: 'ORDER_METADATA', points: String(p.order.metadata.value), every: String(p.order.metadata.every), property: p.order.metadata.property, ...expiry };
    case 'PRE_DISCOUNT_ORDER_AMOUNT':
      return { effect: 'ORDER_AMOUNT', points: String(p.order.amount.value), every: money(p.order.amount.every), ...expiry };
    case 'POST_DISCOUNT_ORDER_AMOUNT':
      return { effect: 'ORDER_TOTAL_AMOUNT', points: String(p.order.total_amount.value), every: money(p.order.total_amount.every), ...expiry };
    case 'PRE_DISCOUNT_ORDER_ITEMS_AMOUNT': {
      const m = p.order_items.amount;
      return { effect: 'ORDER_ITEMS_AMOUNT', points: String(m.value), every: money(m.every), productId: productIdOf(m.applicable_to) ?? '', ...expiry };
    }
    case 'POST_DISCOUNT_ORDER_ITEMS_AMOUNT': {
      const m = p.order_items.subtotal_amount;
      return { effect: 'ORDER_ITEMS_SUBTOTAL_AMOUNT', points: String(m.value), every: money(m.every), productId: productIdOf(m.applicable_to) ?? '', ...expiry };
    }
    case 'ORDER_ITEMS_QUANTITY': {
      const m = p.order_items.quantity;
      return { effect: 'ORDER_ITEMS_QUANTITY', points: String(m.value), every: String(m.every), productId: productIdOf(m.applicable_to) ?? '', ...expiry };
    }
  }
  return expiry;
}

/** Why the builder cannot edit a rule (a fixture can write rules it has no fields for); empty when it can. */
export function notEditable(rule: EarningRule): string[] {
  const reasons: string[] = [];
  const effects = rule.earnings.flatMap((e) => e.effects);
  if (rule.earnings.length !== 1 || effects.length !== 1) reasons.push(`it has ${effects.length} effects in ${rule.earnings.length} earnings, and the builder edits rules with one`);
  const [effect] = effects;
  if (effect && effect.type === 'POINTS_PROPORTIONAL' && rule.trigger.event !== 'customer.order.paid' && !['CUSTOM_EVENT_METADATA_VALUE', 'CUSTOMER_METADATA_VALUE'].includes(effect.points_proportional.calculation_type)) {
    reasons.push('its points are counted from an order, and it is not triggered by one');
  }
  if (effect?.type === 'POINTS_PROPORTIONAL' && 'order_items' in effect.points_proportional && effect.points_proportional.order_items) {
    const [items] = Object.values(effect.points_proportional.order_items) as { applicable_to?: Record<string, unknown>[] }[];
    if ((items?.applicable_to?.length ?? 0) > 1) reasons.push('it counts the lines of several products, and the builder counts one');
  }
  return reasons;
}

/**
 * A stored rule (the v2 read) as the form shows it, for the program it is edited through; an
 * order-paid rule's pending days come from the v1 read (the v2 read leaves them out).
 */
export function formValuesOf(rule: EarningRule, programId: string, pendingDays: number | null = null): RuleFormValues {
  const trigger = rule.trigger;
  const [effect] = rule.earnings.flatMap((e) => e.effects);
  const limits = rule.trigger_limits;
  const cooldown = limits?.cooldown?.type === 'FIXED_COOLDOWN' ? limits.cooldown.fixed_cooldown.period : null;
  const frequency = limits?.frequency?.type === 'LIMITED' ? limits.frequency.limits[0] : null;
  return {
    ...emptyRuleForm,
    name: rule.name,
    programId,
    trigger: trigger.event === 'customer.segment.entered' ? 'segment_entered' : trigger.event === 'customer.order.paid' ? 'order_paid' : 'custom_event',
    eventSchemaId: trigger.event === 'customer.custom_event' ? trigger.custom_event.schema_id : '',
    segmentId: trigger.event === 'customer.segment.entered' ? trigger.segment.id : '',
    ...(effect ? effectValues(effect) : {}),
    startDate: utcLocal(rule.start_date),
    endDate: utcLocal(rule.end_date),
    days: rule.validity_day_of_week ?? [],
    hours: rule.validity_hours.type === 'DAILY' ? rule.validity_hours.daily.map((w) => ({ days: w.days_of_week, start: w.start_time, end: w.end_time })) : [],
    cooldown: cooldown ? cooldown.unit : 'none',
    cooldownValue: cooldown ? String(cooldown.value) : '1',
    frequency: frequency ? frequency.period.current_period.unit : 'none',
    frequencyMax: frequency ? String(frequency.triggers.max) : '1',
    metadata: Object.entries(rule.metadata).map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) })),
    active: rule.status === 'ACTIVE',
    pendingDays: pendingDays === null ? '' : String(pendingDays),
  };
}

/**
 * Whether the builder shows a field for these values: an API error placed on a field the form does
 * not show would go unseen, so such an error goes to the top of the form instead.
 */
export function isFieldShown(field: string, values: RuleFormValues): boolean {
  switch (field.split('.')[0]) {
    case 'eventSchemaId':
      return values.trigger === 'custom_event';
    case 'segmentId':
      return values.trigger === 'segment_entered';
    case 'pendingDays':
      return values.trigger === 'order_paid';
    case 'every':
      return values.effect !== 'FIXED';
    case 'property':
      return propertyEffects.includes(values.effect);
    case 'productId':
      return itemEffects.includes(values.effect);
    case 'expiryMonths':
    case 'expiryRounding':
      return values.expiry === 'months';
    case 'expiryRoundingMonth':
      return values.expiry === 'months' && values.expiryRounding === 'PARTICULAR_MONTH';
    case 'expiryDay':
    case 'expiryMonth':
      return values.expiry === 'yearly';
    case 'slideValue':
    case 'slideUnit':
    case 'slideEarning':
    case 'slideSpending':
    case 'slideCustom':
      return values.expiry === 'inactive';
    case 'slideEvents':
      return values.expiry === 'inactive' && values.slideCustom;
    case 'cooldownValue':
      return values.cooldown !== 'none';
    case 'frequencyMax':
      return values.frequency !== 'none';
    default:
      return true;
  }
}
