import { describe, expect, it } from 'vitest';
import type { EarningRule } from '../../../../contract/earning-rule';
import { v1CreateEarningRuleSchema } from '../../../../contract/earning-rule-v1';
import { describeDraft } from './describe-draft';
import { describeDays, describeTrigger, describeWhen } from './describe-rule';
import { emptyRuleForm, formValuesOf, ruleFormSchema, toCreateBody, toUpdateBody, utcInstant, type RuleFormValues } from './rule-form';
import { placeRuleApiError } from './rule-form-fields';

const schemas = new Map([['ms_review', 'app_review']]);
const values = (over: Partial<RuleFormValues> = {}): RuleFormValues => ({ ...emptyRuleForm, name: 'Reviews', programId: 'camp_1', eventSchemaId: 'ms_review', ...over });
const errorsOf = (form: RuleFormValues, mode: 'create' | 'edit' = 'create') => {
  const parsed = ruleFormSchema(mode, schemas).safeParse(form);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the builder form → the v1 request', () => {
  it('a custom event rule with everything set', () => {
    const body = toCreateBody(
      values({
        effect: 'CUSTOM_EVENT_METADATA',
        points: '2',
        every: '10',
        property: 'amount',
        expiry: 'months',
        expiryMonths: '3',
        expiryRounding: 'PARTICULAR_MONTH',
        expiryRoundingMonth: '6',
        startDate: '2026-02-01T08:30',
        days: [5, 1],
        hours: [{ days: [1], start: '15:00', end: '18:00' }],
        cooldown: 'HOUR',
        cooldownValue: '12',
        frequency: 'WEEK',
        frequencyMax: '3',
        metadata: [
          { key: 'channel', value: 'app' },
          { key: 'weight', value: '2' },
        ],
      }),
      schemas,
    );
    expect(body).toEqual({
      event: 'app_review',
      custom_event: { schema_id: 'ms_review' },
      source: { banner: 'Reviews' },
      loyalty: { type: 'PROPORTIONAL', calculation_type: 'CUSTOM_EVENT_METADATA', custom_event: { metadata: { every: 10, points: 2, property: 'amount' } } },
      active: true,
      start_date: '2026-02-01T08:30:00.000Z',
      expiration_date: null,
      validity_day_of_week: [1, 5],
      validity_hours: { daily: [{ start_time: '15:00', expiration_time: '18:00', days_of_week: [1] }] },
      expiration_rules: { period_type: 'MONTH', period_value: 3, rounding_type: 'PARTICULAR_MONTH', rounding_value: 6 },
      trigger_limits: {
        cooldown: { type: 'FIXED_COOLDOWN', fixed_cooldown: { period: { unit: 'HOUR', value: 12 } } },
        frequency: { type: 'LIMITED', limits: [{ type: 'TIME_BASED', period: { type: 'CURRENT_PERIOD', current_period: { unit: 'WEEK' } }, triggers: { max: 3 } }] },
      },
      metadata: { channel: 'app', weight: 2 },
    });
    expect(v1CreateEarningRuleSchema.safeParse(body).success).toBe(true);
  });

  it('a segment rule; nothing set means null (cleared on update)', () => {
    const body = toCreateBody(values({ trigger: 'segment_entered', segmentId: 'seg_1', eventSchemaId: '' }), schemas);
    expect(body).toMatchObject({ event: 'customer.segment.entered', segment: { id: 'seg_1' }, validity_day_of_week: null, validity_hours: null, expiration_rules: null, trigger_limits: null });
    expect(toUpdateBody(values({ expiry: 'keep' }))).not.toHaveProperty('expiration_rules');
  });

  it('points that expire after a time without activity: sliding_expiration instead of expiration_rules, the events only when they count', () => {
    const body = toCreateBody(values({ trigger: 'order_paid', expiry: 'inactive', slideValue: '6', slideUnit: 'MONTH', slideEarning: true, slideSpending: false, slideEvents: ['app_review'] }), schemas);
    expect(body).toMatchObject({ expiration_rules: null, sliding_expiration: { earning_activity: true, spending_activity: false, custom_activity: false, period: { unit: 'MONTH', value: 6 } } });
    expect(body.sliding_expiration).not.toHaveProperty('custom_activity_types');
    expect(v1CreateEarningRuleSchema.safeParse(body).success).toBe(true);
    expect(toUpdateBody(values({ expiry: 'inactive', slideCustom: true, slideEvents: ['app_review'] })).sliding_expiration).toMatchObject({ custom_activity: true, custom_activity_types: ['app_review'] });
    // Any other expiry replaces a sliding one on update: expiration_rules is sent, never sliding_expiration.
    expect(toUpdateBody(values({ expiry: 'never' }))).not.toHaveProperty('sliding_expiration');
  });

  it('datetime-local values are UTC', () => {
    expect(utcInstant('2026-03-02T00:00')).toBe('2026-03-02T00:00:00.000Z');
    expect(utcInstant('')).toBeNull();
  });
});

describe('the form schema: its own checks and the contract’s, on the field they concern', () => {
  it('names the missing trigger, property and metadata key', () => {
    expect(errorsOf(values({ eventSchemaId: '' }))).toEqual({ eventSchemaId: 'Choose the custom event' });
    expect(errorsOf(values({ effect: 'CUSTOMER_METADATA', property: '' }))).toEqual({ property: 'Name the property whose value counts' });
    expect(errorsOf(values({ metadata: [{ key: '', value: 'x' }] }))).toEqual({ 'metadata.0.key': 'Give the value a key' });
  });

  it('puts the contract’s complaints on the form’s fields', () => {
    expect(errorsOf(values({ points: '0' }))).toEqual({ points: 'Enter 1 or more.' });
    expect(errorsOf(values({ points: 'ten' }))).toHaveProperty('points');
    expect(errorsOf(values({ expiry: 'months', expiryMonths: '13' }))).toHaveProperty('expiryMonths');
    expect(errorsOf(values({ expiry: 'yearly', expiryDay: '31', expiryMonth: '2' }))).toEqual({ expiryDay: 'Is past the end of the month.' });
    expect(errorsOf(values({ hours: [{ days: [], start: '10:00', end: '10:00' }] }))).toMatchObject({ 'hours.0.days': expect.any(String), 'hours.0.end': 'Must differ from start_time.' });
    expect(errorsOf(values({ cooldown: 'HOUR', cooldownValue: '25' }))).toHaveProperty('cooldownValue');
    expect(errorsOf(values({ expiry: 'inactive', slideUnit: 'DAY', slideValue: '91' }))).toEqual({ slideValue: 'Enter 90 or less.' });
    expect(errorsOf(values({ expiry: 'inactive', slideUnit: 'YEAR', slideValue: '2' }))).toEqual({ slideValue: 'Enter 1 or less.' });
    expect(errorsOf(values({ expiry: 'inactive', slideEarning: false, slideSpending: false }))).toEqual({ slideEarning: 'Tick at least one activity that keeps the points' });
    expect(errorsOf(values({ expiry: 'inactive', slideCustom: true }))).toEqual({ slideEvents: 'Tick the events that count' });
    expect(errorsOf(values({ expiry: 'inactive', slideCustom: true, slideEvents: 'abcdefghijk'.split('') }))).toHaveProperty('slideEvents');
    expect(errorsOf(values())).toEqual({});
  });
});

describe('API errors beside their fields', () => {
  it('places each detail of an invalid_payload, and 404s of what the rule refers to', () => {
    expect(
      placeRuleApiError({ code: 400, key: 'invalid_payload', message: 'Invalid payload', details: "Property .0.loyalty.points: must be a whole number; Property .0.validity_hours.daily.1.expiration_time: must differ from start_time" }),
    ).toEqual([
      { field: 'points', text: 'Must be a whole number.' },
      { field: 'hours.1.end', text: 'Must differ from start_time.' },
    ]);
    expect(placeRuleApiError({ code: 400, key: 'invalid_payload', message: 'Invalid payload', details: "Property .0.segment.id: segment 'VIP' is static" })).toEqual([{ field: 'segmentId', text: "Segment 'VIP' is static." }]);
    expect(placeRuleApiError({ code: 404, key: 'not_found', message: 'Resource not found', details: 'Cannot find segment with id seg_x', resource_type: 'segment', resource_id: 'seg_x' })).toEqual([
      { field: 'segmentId', text: 'No segment has this ID.' },
    ]);
    expect(
      placeRuleApiError({
        code: 400,
        key: 'invalid_payload',
        message: 'Invalid payload',
        details: "Property .0.sliding_expiration.period.value: Too big: expected number to be <=90; Property .0.sliding_expiration should have required property 'custom_activity_types'",
      }).map((p) => p.field),
    ).toEqual(['slideValue', 'slideEvents']);
    // One detail with no field sends the whole error above the form.
    expect(placeRuleApiError({ code: 400, key: 'earning_rules_limit_exceeded', message: 'Earning rules limit exceeded' })).toEqual([]);
    expect(placeRuleApiError({ code: 400, key: 'invalid_payload', message: 'Invalid payload', details: 'Property .0.points: x; Property .0.mystery: y' })).toEqual([]);
  });
});

describe('a saved rule in the form, and the rule in words', () => {
  const rule: EarningRule = {
    id: 'lern_1',
    name: 'Visits',
    status: 'INACTIVE',
    earnings: [
      {
        id: 'lernei_1',
        name: null,
        rules: null,
        effects: [{ type: 'POINTS', points: { value: 5, card_definition_id: 'lcdef_1', points_expiration: { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { unit: 'YEAR', value: 1 }, rounding: { type: 'END_OF_YEAR' } } } } }],
      },
    ],
    trigger: { event: 'customer.segment.entered', segment: { id: 'seg_vip' } },
    error: null,
    validity_hours: { type: 'DAILY', daily: [{ days_of_week: [1, 2, 3, 4, 5], start_time: '15:00', end_time: '18:00' }] },
    validity_day_of_week: [1, 2, 3, 4, 5],
    start_date: '2026-01-01T00:00:00.000Z',
    end_date: null,
    trigger_limits: { cooldown: { type: 'NO_COOLDOWN' }, frequency: { type: 'LIMITED', limits: [{ type: 'TIME_BASED', period: { type: 'CURRENT_PERIOD', current_period: { unit: 'DAY' } }, triggers: { max: 2 } }] } },
    metadata: { team: 'crm', weight: 3 },
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: null,
    object: 'earning_rule',
  };

  it('formValuesOf reads every setting back', () => {
    expect(formValuesOf(rule, 'camp_1')).toMatchObject({
      name: 'Visits',
      programId: 'camp_1',
      trigger: 'segment_entered',
      segmentId: 'seg_vip',
      effect: 'FIXED',
      points: '5',
      expiry: 'months',
      expiryMonths: '12',
      expiryRounding: 'END_OF_YEAR',
      startDate: '2026-01-01T00:00',
      days: [1, 2, 3, 4, 5],
      hours: [{ days: [1, 2, 3, 4, 5], start: '15:00', end: '18:00' }],
      frequency: 'DAY',
      frequencyMax: '2',
      metadata: [
        { key: 'team', value: 'crm' },
        { key: 'weight', value: '3' },
      ],
      active: false,
    });
  });

  it('reads a sliding expiration back, and describes it', () => {
    const slidingRule: EarningRule = {
      ...rule,
      trigger: { event: 'customer.order.paid' },
      earnings: [
        {
          ...rule.earnings[0],
          effects: [
            {
              type: 'POINTS',
              points: {
                value: 5,
                card_definition_id: 'lcdef_1',
                points_expiration: {
                  type: 'SLIDING_EXPIRATION',
                  sliding_expiration: { earning_activity: true, spending_activity: false, custom_activity: true, custom_activity_types: ['app_review'], period: { unit: 'DAY', value: 45 } },
                },
              },
            },
          ],
        },
      ],
    } as EarningRule;
    const form = formValuesOf(slidingRule, 'camp_1');
    expect(form).toMatchObject({ expiry: 'inactive', slideValue: '45', slideUnit: 'DAY', slideEarning: true, slideSpending: false, slideCustom: true, slideEvents: ['app_review'] });
    expect(describeDraft({ ...form, active: true }, { schemas, segments: new Map() }).summary).toBe(
      "On a paid order, a member's card earns 5 points (points expire after 45 days without earning points or 'app_review' events), at most twice a day.",
    );
  });

  it('describes the draft as the rule page will', () => {
    const { summary, when } = describeDraft(formValuesOf(rule, 'camp_1'), { schemas, segments: new Map([['seg_vip', 'VIP']]), program: 'Coffee Club' });
    expect(summary).toBe(
      "On a customer entering segment 'VIP', a member's Coffee Club card earns 5 points (points expire at the end of the year, 12 months after they are earned), at most twice a day. It is saved inactive, so it earns nothing until it is enabled.",
    );
    expect(when).toBe('Only on Monday to Friday and 15:00–18:00 on Monday to Friday (UTC); from 1 Jan 2026, 00:00 UTC, with no end date.');
    expect(describeDraft(values({ points: '' }), { schemas, segments: new Map() }).summary).toBe("On custom event 'app_review', a member's card earns … points (points never expire).");
  });

  it('days, hours and segment names in words', () => {
    expect(describeDays([0, 6])).toBe('Sunday and Saturday');
    expect(describeDays([1, 2, 3, 5])).toBe('Monday to Wednesday and Friday');
    expect(describeDays([0, 1, 2, 3, 4, 5, 6])).toBe('every day');
    expect(describeWhen({ validity_hours: { type: 'ANY_TIME' } })).toBe('');
    expect(describeTrigger({ event: 'customer.segment.entered', segment: { id: 'seg_x' } }, new Map())).toBe('a customer entering segment seg_x');
  });
});
