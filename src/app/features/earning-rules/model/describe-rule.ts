import type { ConditionValue, Conditions, EarningRule, Effect, PointsExpiration, RuleDefinition, RulesGroup, TriggerLimits } from '../../../../contract/earning-rule';
import { formatCents } from '../../../lib/format';

/**
 * An earning rule in words, for people who do not read its JSON: what it gives, when, how often.
 * Every time and period is UTC, as the engine evaluates them.
 */

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const quoted = (name: string) => `'${name}'`;
const formatAmount = (n: number) => (Number.isInteger(n) ? String(n) : String(Number(n.toFixed(4))));

/** Schema ids → event names, for triggers and conditions. */
export type SchemaNames = ReadonlyMap<string, string>;

/** Segment ids → names, when known. */
export type SegmentNames = ReadonlyMap<string, string>;

export function describeTrigger(trigger: EarningRule['trigger'], schemas: SchemaNames, segments: SegmentNames = new Map()): string {
  switch (trigger.event) {
    case 'customer.custom_event': {
      const id = trigger.custom_event.schema_id;
      return `custom event ${quoted(schemas.get(id) ?? id)}`;
    }
    case 'customer.order.paid':
      return 'a paid order';
    case 'customer.segment.entered':
      return segments.has(trigger.segment.id) ? `a customer entering segment ${quoted(segments.get(trigger.segment.id) as string)}` : `a customer entering segment ${trigger.segment.id}`;
  }
}

function source(kind: 'custom_event' | 'customer' | 'order', property: string): string {
  return kind === 'custom_event' ? `the event's ${quoted(property)}` : kind === 'customer' ? `the customer's ${quoted(property)}` : `the order's ${quoted(property)}`;
}

const per = (value: number, every: number, what: string) => `${plural(Number(formatAmount(value)), 'point')} for every ${formatAmount(every)} of ${what}`;
/** Amounts are in cents: "10 points for every 1.00 spent". */
const perMoney = (value: number, every: number, what: string) => `${plural(Number(formatAmount(value)), 'point')} for every ${formatCents(every)} spent${what}`;

/** Product ids → names, for items calculations. */
export type ProductNames = ReadonlyMap<string, string>;

/** The product an items calculation counts (`applicable_to`: v1's `{object, id}` or v2's `{type, product: {id}}`). */
export function productIdOf(applicableTo: readonly Record<string, unknown>[] | undefined): string | null {
  const [entry] = applicableTo ?? [];
  if (!entry) return null;
  if (typeof entry.id === 'string') return entry.id;
  const product = entry.product as { id?: unknown } | undefined;
  return typeof product?.id === 'string' ? product.id : null;
}

function productWords(applicableTo: readonly Record<string, unknown>[] | undefined, products: ProductNames): string {
  const id = productIdOf(applicableTo);
  if (id === null) return 'any product';
  return products.get(id) ?? 'the chosen product';
}

/** How many of a product: "for each Coffee of the day bought", "for every 2 items of the chosen product bought". */
function perQuantity(value: number, every: number, applicableTo: readonly Record<string, unknown>[] | undefined, products: ProductNames): string {
  const points = plural(Number(formatAmount(value)), 'point');
  const id = productIdOf(applicableTo);
  const name = id === null ? null : products.get(id);
  const n = formatAmount(every);
  if (name) return `${points} for ${every === 1 ? `each ${name}` : `every ${n} ${name}`} bought`;
  const of = id === null ? '' : ' of the chosen product';
  return `${points} for ${every === 1 ? `each item${of}` : `every ${n} items${of}`} bought`;
}

export function describeEffect(effect: Effect, products: ProductNames = new Map()): string {
  if (effect.type === 'POINTS') return plural(effect.points.value, 'point');
  if (effect.type === 'BENEFIT') return `benefit ${effect.benefit.id}`;
  const p = effect.points_proportional;
  switch (p.calculation_type) {
    case 'CUSTOM_EVENT_METADATA_VALUE':
      return per(p.custom_event.metadata.value, p.custom_event.metadata.every, source('custom_event', p.custom_event.metadata.property));
    case 'CUSTOMER_METADATA_VALUE':
      return per(p.customer.metadata.value, p.customer.metadata.every, source('customer', p.customer.metadata.property));
    case 'ORDER_METADATA_VALUE':
      return per(p.order.metadata.value, p.order.metadata.every, source('order', p.order.metadata.property));
    case 'PRE_DISCOUNT_ORDER_AMOUNT':
      return perMoney(p.order.amount.value, p.order.amount.every, '');
    case 'POST_DISCOUNT_ORDER_AMOUNT':
      return perMoney(p.order.total_amount.value, p.order.total_amount.every, ' after discounts');
    case 'PRE_DISCOUNT_ORDER_ITEMS_AMOUNT':
      return perMoney(p.order_items.amount.value, p.order_items.amount.every, ` on ${productWords(p.order_items.amount.applicable_to, products)}`);
    case 'POST_DISCOUNT_ORDER_ITEMS_AMOUNT':
      return perMoney(p.order_items.subtotal_amount.value, p.order_items.subtotal_amount.every, ` on ${productWords(p.order_items.subtotal_amount.applicable_to, products)} after discounts`);
    case 'ORDER_ITEMS_QUANTITY':
      return perQuantity(p.order_items.quantity.value, p.order_items.quantity.every, p.order_items.quantity.applicable_to, products);
  }
}

export function expirationOf(effect: Effect): PointsExpiration | null {
  if (effect.type === 'POINTS') return effect.points.points_expiration ?? null;
  if (effect.type === 'POINTS_PROPORTIONAL') return effect.points_proportional.points_expiration ?? null;
  return null;
}

export function describeExpiration(expiration: PointsExpiration | null | undefined): string {
  if (!expiration || expiration.type === 'NO_EXPIRATION') return 'points never expire';
  switch (expiration.type) {
    case 'ROLLING_EXPIRATION': {
      const { period, rounding } = expiration.rolling_expiration;
      const after = `${plural(period.value, period.unit.toLowerCase())} after they are earned`;
      if (!rounding) return `points expire ${after}`;
      const end =
        rounding.type === 'END_OF_MONTH'
          ? 'the end of the month'
          : rounding.type === 'END_OF_QUARTER'
            ? 'the end of the quarter'
            : rounding.type === 'END_OF_HALF_YEAR'
              ? 'the end of the half-year'
              : rounding.type === 'END_OF_YEAR'
                ? 'the end of the year'
                : `the end of ${months[rounding.value - 1]}`;
      return `points expire at ${end}, ${after}`;
    }
    case 'CALENDAR_EXPIRATION': {
      const dates = expiration.calendar_expiration.expiration_dates.map((d) => `${d.day} ${months[d.month - 1]}`);
      return `points expire on the next ${dates.length > 1 ? `${dates.slice(0, -1).join(', ')} or ${dates[dates.length - 1]}` : dates[0]}`;
    }
    case 'SLIDING_EXPIRATION': {
      const { period, earning_activity, spending_activity, custom_activity, custom_activity_types } = expiration.sliding_expiration;
      const points = earning_activity && spending_activity ? 'earning or spending points' : earning_activity ? 'earning points' : spending_activity ? 'spending points' : null;
      const names = (custom_activity && custom_activity_types?.map(quoted)) || [];
      const events = names.length ? `${names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0]} events` : null;
      const without = [points, events].filter(Boolean).join(' or ') || 'activity';
      return `points expire after ${plural(period.value, period.unit.toLowerCase())} without ${without}`;
    }
  }
}

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);
const perPeriod = { DAY: 'a day', WEEK: 'a week', MONTH: 'a month', QUARTER: 'a quarter', YEAR: 'a year' } as const;

/** "at most 3 times a day", "once every 12 hours"; empty when the rule has no limits. */
export function describeLimits(limits: TriggerLimits | null | undefined): string[] {
  const lines: string[] = [];
  const frequency = limits?.frequency;
  if (frequency?.type === 'LIMITED' && frequency.limits[0]) {
    const [limit] = frequency.limits;
    lines.push(`at most ${times(limit.triggers.max)} ${perPeriod[limit.period.current_period.unit]}`);
  }
  const cooldown = limits?.cooldown;
  if (cooldown?.type === 'FIXED_COOLDOWN') {
    const { unit, value } = cooldown.fixed_cooldown.period;
    lines.push(`once every ${value === 1 ? unit.toLowerCase() : plural(value, unit.toLowerCase())}`);
  }
  return lines;
}

const valueText = (v: ConditionValue) => (typeof v === 'object' && v !== null ? (v.id ?? JSON.stringify(v)) : String(v));
const list = (values: ConditionValue[], joiner: 'or' | 'and') => {
  const texts = values.map(valueText);
  return texts.length > 1 ? `${texts.slice(0, -1).join(', ')} ${joiner} ${texts[texts.length - 1]}` : texts[0];
};

function describeConditions(conditions: Conditions | undefined): string {
  if (!conditions) return 'is set';
  const parts: string[] = [];
  const c = conditions;
  if (c.$is) parts.push(`is ${list(c.$is, 'or')}`);
  if (c.$in) parts.push(`is one of ${list(c.$in, 'or')}`);
  if (c.$is_not) parts.push(`is not ${list(c.$is_not, 'or')}`);
  if (c.$not_in) parts.push(`is none of ${list(c.$not_in, 'or')}`);
  if (c.$less_than) parts.push(`is less than ${valueText(c.$less_than[0])}`);
  if (c.$less_than_or_equal) parts.push(`is at most ${valueText(c.$less_than_or_equal[0])}`);
  if (c.$more_than) parts.push(`is more than ${valueText(c.$more_than[0])}`);
  if (c.$more_than_or_equal) parts.push(`is at least ${valueText(c.$more_than_or_equal[0])}`);
  if (c.$dow) parts.push(`falls on a ${c.$dow.map((d) => weekdays[d]).join(' or ')}`);
  if (c.$from) parts.push(`is from ${list(c.$from, 'or')}`);
  return parts.join(' and ');
}

export function describeCondition(rule: RuleDefinition): string {
  const subject =
    rule.name === 'custom_event.metadata'
      ? `the event's ${quoted(rule.property ?? '?')}`
      : rule.name === 'customer.metadata'
        ? `the customer's ${quoted(rule.property ?? '?')}`
        : rule.name === 'customer.segment'
          ? 'the customer’s segment'
          : rule.name.replace(/[._]/g, ' ');
  const own = `${subject} ${describeConditions(rule.conditions)}`;
  return rule.rules ? `${own}, and ${describeRules(rule.rules)}` : own;
}

/** The logic formula with each rule number replaced by its sentence: "the event's 'rating' is at least 1 and (…)". */
export function describeRules(group: RulesGroup | null | undefined): string {
  if (!group) return 'always';
  const numbered = Object.keys(group).filter((k) => k !== 'logic');
  return group.logic.replace(/\d+/g, (n) => {
    const rule = group[n];
    if (typeof rule !== 'object') return n;
    const text = describeCondition(rule);
    return numbered.length > 1 ? `(${text})` : text;
  });
}

const hhmmDate = (iso: string) => {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${months[d.getUTCMonth()].slice(0, 3)} ${d.getUTCFullYear()}, ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} UTC`;
};

export function describeActivePeriod(rule: Pick<EarningRule, 'start_date' | 'end_date'>): string {
  if (rule.start_date && rule.end_date) return `from ${hhmmDate(rule.start_date)} until ${hhmmDate(rule.end_date)}`;
  if (rule.start_date) return `from ${hhmmDate(rule.start_date)}, with no end date`;
  if (rule.end_date) return `until ${hhmmDate(rule.end_date)}`;
  return 'no start or end date';
}

/** Days of the week in a list: "Monday, Wednesday and Friday"; consecutive runs of 3+ as "Monday to Friday". */
export function describeDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return 'every day';
  const runs: number[][] = [];
  for (const day of sorted) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1] === day - 1) run.push(day);
    else runs.push([day]);
  }
  const parts = runs.flatMap((run) => (run.length >= 3 ? [`${weekdays[run[0]]} to ${weekdays[run[run.length - 1]]}`] : run.map((d) => weekdays[d])));
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : (parts[0] ?? 'no day');
}

/** When in the week a rule earns: its days and hours (UTC); empty when at any time. */
export function describeWhen(rule: Pick<EarningRule, 'validity_hours' | 'validity_day_of_week'>): string {
  const parts: string[] = [];
  if (rule.validity_day_of_week?.length) parts.push(`only on ${describeDays(rule.validity_day_of_week)}`);
  if (rule.validity_hours.type === 'DAILY') {
    const windows = rule.validity_hours.daily.map((w) => `${w.start_time}–${w.end_time} on ${describeDays(w.days_of_week)}`);
    parts.push(`${parts.length ? 'and ' : 'only '}${windows.length > 1 ? `${windows.slice(0, -1).join(', ')} or ${windows[windows.length - 1]}` : windows[0]} (UTC)`);
  }
  return parts.join(' ');
}

/** One line for lists: each effect, joined. */
export function effectSummary(rule: EarningRule, products: ProductNames = new Map()): string {
  return rule.earnings.flatMap((e) => e.effects.map((effect) => describeEffect(effect, products))).join('; ');
}

/** Points an order-paid rule holds before adding them: ", held 14 days"; empty when added at once. */
export function describePending(days: number | null | undefined): string {
  return days ? `, held ${plural(days, 'day')}` : '';
}
