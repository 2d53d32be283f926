import type { EarningRule, Effect, PointsExpiration } from '../../../../contract/earning-rule';
import { describeActivePeriod, describeEffect, describeExpiration, describeLimits, describePending, describeTrigger, describeWhen, type ProductNames, type SchemaNames, type SegmentNames } from './describe-rule';
import { everyOf, itemEffects, propertyEffects, slideMax, slidingOf, toUpdateBody, utcInstant, type RuleFormValues } from './rule-form';

/**
 * The rule being built, in the words of the rule page ("On custom event 'app_review', a member's
 * card earns 5 points…"), so the builder's description reads as the saved rule will.
 */

const whole = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text) : null);

function triggerOf(values: RuleFormValues): EarningRule['trigger'] | null {
  if (values.trigger === 'segment_entered') return values.segmentId ? { event: 'customer.segment.entered', segment: { id: values.segmentId } } : null;
  if (values.trigger === 'order_paid') return { event: 'customer.order.paid' };
  return values.eventSchemaId ? { event: 'customer.custom_event', custom_event: { schema_id: values.eventSchemaId } } : null;
}

function effectOf(values: RuleFormValues): Effect | null {
  const points = whole(values.points);
  if (points === null) return null;
  if (values.effect === 'FIXED') return { type: 'POINTS', points: { value: points, card_definition_id: '' } };
  const everyValue = everyOf(values);
  const every = typeof everyValue === 'number' && everyValue >= 1 ? everyValue : null;
  if (every === null) return null;
  if (propertyEffects.includes(values.effect) && !values.property) return null;
  if (itemEffects.includes(values.effect) && !values.productId) return null;
  const metadata = { every, value: points, property: values.property };
  const items = { every, value: points, applicable_to: [{ object: 'product', id: values.productId }] };
  const proportional = (points_proportional: Record<string, unknown>): Effect => ({ type: 'POINTS_PROPORTIONAL', points_proportional: { card_definition_id: '', ...points_proportional } }) as Effect;
  switch (values.effect) {
    case 'CUSTOM_EVENT_METADATA':
      return proportional({ calculation_type: 'CUSTOM_EVENT_METADATA_VALUE', custom_event: { metadata } });
    case 'CUSTOMER_METADATA':
      return proportional({ calculation_type: 'CUSTOMER_METADATA_VALUE', customer: { metadata } });
    case 'ORDER_METADATA':
      return proportional({ calculation_type: 'ORDER_METADATA_VALUE', order: { metadata } });
    case 'ORDER_AMOUNT':
      return proportional({ calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT', order: { amount: { every, value: points } } });
    case 'ORDER_TOTAL_AMOUNT':
      return proportional({ calculation_type: 'POST_DISCOUNT_ORDER_AMOUNT', order: { total_amount: { every, value: points } } });
    case 'ORDER_ITEMS_AMOUNT':
      return proportional({ calculation_type: 'PRE_DISCOUNT_ORDER_ITEMS_AMOUNT', order_items: { amount: items } });
    case 'ORDER_ITEMS_SUBTOTAL_AMOUNT':
      return proportional({ calculation_type: 'POST_DISCOUNT_ORDER_ITEMS_AMOUNT', order_items: { subtotal_amount: items } });
    case 'ORDER_ITEMS_QUANTITY':
      return proportional({ calculation_type: 'ORDER_ITEMS_QUANTITY', order_items: { quantity: items } });
  }
}

function expirationOf(values: RuleFormValues, current: PointsExpiration | null): PointsExpiration | null {
  if (values.expiry === 'keep') return current;
  if (values.expiry === 'never') return { type: 'NO_EXPIRATION' };
  if (values.expiry === 'inactive') {
    const value = whole(values.slideValue);
    if (value === null || value < 1 || value > slideMax[values.slideUnit]) return null;
    const sliding = slidingOf(values);
    return { type: 'SLIDING_EXPIRATION', sliding_expiration: { ...sliding, custom_activity_types: sliding.custom_activity_types ?? null, period: { unit: values.slideUnit, value } } } as PointsExpiration;
  }
  if (values.expiry === 'yearly') {
    const day = whole(values.expiryDay);
    return day === null ? null : { type: 'CALENDAR_EXPIRATION', calendar_expiration: { expiration_dates: [{ day, month: Number(values.expiryMonth) }] } };
  }
  const months = whole(values.expiryMonths);
  if (months === null || months < 1 || months > 12) return null;
  const rounding =
    values.expiryRounding === 'none'
      ? undefined
      : values.expiryRounding === 'PARTICULAR_MONTH'
        ? { type: 'END_OF_PARTICULAR_MONTH' as const, value: Number(values.expiryRoundingMonth) }
        : { type: values.expiryRounding };
  return { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { unit: 'MONTH', value: months }, rounding } } as PointsExpiration;
}

export interface DraftDescription {
  /** What it does, as one sentence. */
  summary: string;
  /** When it earns: days, hours and dates. */
  when: string;
}

/** The form's rule in words; parts not filled in yet read "…". */
export function describeDraft(
  values: RuleFormValues,
  names: { schemas: SchemaNames; segments: SegmentNames; program?: string; products?: ProductNames },
  current: { expiration: PointsExpiration | null } = { expiration: null },
): DraftDescription {
  const trigger = triggerOf(values);
  const effect = effectOf(values);
  const body = toUpdateBody(values);
  const limits = describeLimits(body.trigger_limits as EarningRule['trigger_limits']);
  const expiration = expirationOf(values, current.expiration);
  const card = names.program ? `a member's ${names.program} card` : "a member's card";
  const pendingDays = values.trigger === 'order_paid' ? whole(values.pendingDays ?? '') : null;
  const earns = `${effect ? describeEffect(effect, names.products) : '… points'}${describePending(pendingDays)}`;
  const expiry = expiration ? describeExpiration(expiration) : 'points expire …';
  const status = values.active ? '' : ' It is saved inactive, so it earns nothing until it is enabled.';
  const summary = `On ${trigger ? describeTrigger(trigger, names.schemas, names.segments) : '…'}, ${card} earns ${earns} (${expiry})${limits.length ? `, ${limits.join(' and ')}` : ''}.${status}`;

  const window = describeWhen({
    validity_day_of_week: values.days.length ? values.days : undefined,
    validity_hours: values.hours.length ? { type: 'DAILY', daily: values.hours.map((w) => ({ days_of_week: w.days, start_time: w.start || '…', end_time: w.end || '…' })) } : { type: 'ANY_TIME' },
  });
  const period = describeActivePeriod({ start_date: utcInstant(values.startDate), end_date: utcInstant(values.endDate) });
  const when = `${window ? `${window[0].toUpperCase()}${window.slice(1)}` : 'Any day, any time'}; ${period === 'no start or end date' ? 'no start or end date' : period}.`;
  return { summary, when };
}
