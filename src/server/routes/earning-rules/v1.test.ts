import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningRuleSchema } from '../../../contract/earning-rule';
import { v1EarningRuleListSchema, v1EarningRuleSchema } from '../../../contract/earning-rule-v1';
import { isErrorObject } from '../../../contract/error';
import { testDatabases } from '../../../../test/support/databases';
import { earningFixture } from '../../../../test/support/earning-fixture';
import { contractErrors } from '../../../../test/support/openapi';
import { readReference as reference } from '../../../../test/support/reference';
import { startTestService, type TestService } from '../../../../test/support/service';

const spend = reference('openapi-spend.json');
const collection = '/v1/loyalties/{campaignId}/earning-rules';
const single = '/v1/loyalties/{campaignId}/earning-rules/{earningRuleId}';

/** earningFixture plus filter segments: one auto-update, one passive. */
function fixture() {
  const base = earningFixture();
  return {
    ...base,
    segments: [
      ...(base.segments ?? []),
      { id: 'seg_platinumauto', name: 'Platinum', type: 'auto-update' as const, filter: { 'metadata.tier': { conditions: { $is: 'platinum' } } } },
      { id: 'seg_regularspassive', name: 'Regulars', type: 'passive' as const, filter: { 'metadata.visits': { conditions: { $more_than: 10 } } } },
    ],
  };
}

describe.each(testDatabases())('Earning rules v1: authoring (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const schema = (name: string) => service.project.ids.eventSchemas.get(name) as string;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
  const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('the call succeeded'), (error: { code: number; key: string; details?: string }) => error);
  const create = (body: unknown, campaign = fixed()) => service.call('POST', `/v1/loyalties/${encodeURIComponent(campaign)}/earning-rules`, { body });
  const v2Ids = async () => ((await service.call('GET', '/v2/loyalties/earning-rules?limit=100')).body.data as { id: string }[]).map((r) => r.id);
  const reviewRule = (extra: object = {}) => ({ event: 'app_review', custom_event: { schema_id: schema('app_review') }, loyalty: { type: 'FIXED', points: 5 }, ...extra });

  beforeAll(async () => {
    service = await startTestService(kind, fixture());
  });
  afterAll(() => service.close());

  it('runs the SDK’s createEarningRule, getEarningRule, listEarningRules, updateEarningRule, disable, enable and delete; every answer matches the contract', async () => {
    const client = sdk();
    const [created] = await client.loyalties.createEarningRule(fixed(), [
      {
        event: 'app_review',
        custom_event: { schema_id: schema('app_review') },
        loyalty: { type: 'FIXED', points: 8 },
        source: { banner: 'SDK review bonus' },
      },
    ]);
    expect(contractErrors('spend', collection, 'post', 200, [created])).toEqual([]);
    expect(v1EarningRuleSchema.parse(created)).toBeTruthy();
    expect(created).toMatchObject({
      id: expect.stringMatching(/^lern_[a-f0-9]+$/),
      object: 'earning_rule',
      event: 'app_review',
      custom_event: { schema_id: schema('app_review') },
      loyalty: { type: 'FIXED', points: 8 },
      source: { banner: 'SDK review bonus', object_id: fixed(), object_type: 'campaign' },
      active: true,
      validation_rule_id: null,
      updated_at: null,
      metadata: {},
      automation_id: expect.stringMatching(/^auto_/),
    });

    const got = await client.loyalties.getEarningRule(fixed(), created.id);
    expect(contractErrors('spend', single, 'get', 200, got)).toEqual([]);
    expect(got).toEqual(created);

    const list = await client.loyalties.listEarningRules(fixed(), { limit: 100 });
    expect(contractErrors('spend', collection, 'get', 200, list)).toEqual([]);
    expect(v1EarningRuleListSchema.parse(list)).toBeTruthy();
    expect(list.data.map((r) => r.id)).toContain(created.id);
    expect(list.total).toBe(list.data.length);

    service.clock.advance(60_000);
    const updated = await client.loyalties.updateEarningRule(fixed(), { id: created.id, loyalty: { points: 12 }, source: { banner: 'SDK review bonus, more' } });
    expect(contractErrors('spend', single, 'put', 200, updated)).toEqual([]);
    expect(updated).toMatchObject({ loyalty: { type: 'FIXED', points: 12 }, source: { banner: 'SDK review bonus, more' }, updated_at: service.clock.now().toISOString() });

    const disabled = await client.loyalties.disableEarningRule(fixed(), created.id);
    expect(contractErrors('spend', `${single}/disable`, 'post', 200, disabled)).toEqual([]);
    expect(disabled.active).toBe(false);
    expect((await service.call('GET', `/v2/loyalties/earning-rules/${created.id}`)).body.status).toBe('INACTIVE');

    const enabled = await client.loyalties.enableEarningRule(fixed(), created.id);
    expect(contractErrors('spend', `${single}/enable`, 'post', 200, enabled)).toEqual([]);
    expect(enabled.active).toBe(true);

    await client.loyalties.deleteEarningRule(fixed(), created.id);
    const gone = await failure(client.loyalties.getEarningRule(fixed(), created.id));
    expect(gone).toMatchObject({ code: 404, key: 'not_found', details: `Cannot find earning_rule with id ${created.id}` });
    expect((await service.call('GET', `/v2/loyalties/earning-rules/${created.id}`)).status).toBe(404);
  });

  it('shows a new rule in the v2 read at once, with its trigger, effect, expiry, days, hours, dates, limits and metadata', async () => {
    const limits = {
      cooldown: { type: 'FIXED_COOLDOWN', fixed_cooldown: { period: { unit: 'HOUR', value: 6 } } },
      frequency: { type: 'LIMITED', limits: [{ type: 'TIME_BASED', period: { type: 'CURRENT_PERIOD', current_period: { unit: 'WEEK' } }, triggers: { max: 4 } }] },
    };
    const res = await create([
      {
        event: 'store_visit',
        custom_event: { schema_id: schema('store_visit') },
        loyalty: { type: 'PROPORTIONAL', calculation_type: 'CUSTOM_EVENT_METADATA', custom_event: { metadata: { every: 10, points: 3, property: 'amount' } } },
        source: { banner: 'Weekday spend' },
        active: true,
        start_date: '2026-02-01T00:00:00.000Z',
        expiration_date: '2026-12-31T23:59:59.000Z',
        validity_day_of_week: [1, 2, 3, 4, 5],
        validity_hours: { daily: [{ start_time: '08:00', expiration_time: '20:00', days_of_week: [1, 2, 3, 4, 5] }] },
        expiration_rules: { period_type: 'MONTH', period_value: 6, rounding_type: 'END_OF_QUARTER' },
        metadata: { channel: 'store' },
        trigger_limits: limits,
      },
    ]);
    expect(res.status).toBe(200);
    // ValidityHours says `format: time`, but its description and examples are HH:mm ("12:00"): the examples win (test/support/openapi.ts).
    expect(reference('openapi-subset.json').components.schemas.ValidityHours.properties.daily.items.properties.start_time.example).toBe('12:00');
    expect(contractErrors('spend', collection, 'post', 200, res.body)).toEqual([]);
    const [rule] = res.body;
    expect(rule).toMatchObject({
      validity_day_of_week: [1, 2, 3, 4, 5],
      validity_hours: { daily: [{ start_time: '08:00', expiration_time: '20:00', days_of_week: [1, 2, 3, 4, 5] }] },
      expiration_rules: { period_type: 'MONTH', period_value: 6, rounding_type: 'END_OF_QUARTER' },
      start_date: '2026-02-01T00:00:00.000Z',
      expiration_date: '2026-12-31T23:59:59.000Z',
      trigger_limits: limits,
    });

    const v2 = await service.call('GET', `/v2/loyalties/earning-rules/${rule.id}`);
    expect(v2.status).toBe(200);
    expect(contractErrors('subset', '/v2/loyalties/earning-rules/{id}', 'get', 200, v2.body)).toEqual([]);
    expect(earningRuleSchema.parse(v2.body)).toBeTruthy();
    expect(v2.body).toMatchObject({
      id: rule.id,
      name: 'Weekday spend',
      status: 'ACTIVE',
      trigger: { event: 'customer.custom_event', custom_event: { schema_id: schema('store_visit') }, segment: null },
      validity_hours: { type: 'DAILY', daily: [{ days_of_week: [1, 2, 3, 4, 5], start_time: '08:00', end_time: '20:00' }] },
      validity_day_of_week: [1, 2, 3, 4, 5],
      start_date: '2026-02-01T00:00:00.000Z',
      end_date: '2026-12-31T23:59:59.000Z',
      trigger_limits: limits,
      metadata: { channel: 'store' },
    });
    expect(v2.body.earnings[0].effects).toEqual([
      {
        type: 'POINTS_PROPORTIONAL',
        points_proportional: {
          calculation_type: 'CUSTOM_EVENT_METADATA_VALUE',
          card_definition_id: expect.stringMatching(/^lcdef_/),
          custom_event: { metadata: { every: 10, value: 3, property: 'amount' } },
          points_expiration: { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { unit: 'MONTH', value: 6 }, rounding: { type: 'END_OF_QUARTER' } } },
        },
      },
    ]);

    // PUT with null clears what it names and keeps the rest.
    const cleared = await service.call('PUT', `/v1/loyalties/${fixed()}/earning-rules/${rule.id}`, {
      body: { validity_day_of_week: null, validity_hours: null, trigger_limits: null, expiration_rules: { period_type: 'FIXED_DAY_OF_YEAR', fixed_month: 6, fixed_day: 30 } },
    });
    expect(cleared.status).toBe(200);
    expect(contractErrors('spend', single, 'put', 200, cleared.body)).toEqual([]);
    expect(cleared.body).not.toHaveProperty('validity_day_of_week');
    expect(cleared.body).not.toHaveProperty('validity_hours');
    expect(cleared.body).not.toHaveProperty('trigger_limits');
    expect(cleared.body).toMatchObject({ start_date: '2026-02-01T00:00:00.000Z', expiration_rules: { period_type: 'FIXED_DAY_OF_YEAR', fixed_month: 6, fixed_day: 30 } });
    const after = (await service.call('GET', `/v2/loyalties/earning-rules/${rule.id}`)).body;
    expect(after).toMatchObject({ validity_hours: { type: 'ANY_TIME' }, trigger_limits: null });
    expect(after).not.toHaveProperty('validity_day_of_week');
    expect(after.earnings[0].effects[0].points_proportional.points_expiration).toEqual({ type: 'CALENDAR_EXPIRATION', calendar_expiration: { expiration_dates: [{ day: 30, month: 6 }] } });
  });

  it('accepts points as a numeric string, as the contract’s own examples send them (its schema says integer: the examples win)', async () => {
    const example = spend.paths[collection].post.requestBody.content['application/json'].examples.Example.value as { event: string; loyalty: { points?: unknown } }[];
    const pageView = example.find((r) => r.event === 'page_view' && r.loyalty.points !== undefined) as Record<string, unknown>;
    expect(typeof (example[0].loyalty as { points: unknown }).points).toBe('string');
    // The example's schema id, event name, validation rule and timeframe do not exist here; its fixed points "5" do.
    const res = await create([{ ...reviewRule(), loyalty: { type: 'FIXED', points: '5' }, source: pageView.source, metadata: pageView.metadata, active: true }]);
    expect(res.status).toBe(200);
    expect(res.body[0].loyalty).toEqual({ type: 'FIXED', points: 5 });
  });

  it('finds the campaign by its name too', async () => {
    service.clock.advance(1000);
    const res = await create([reviewRule({ source: { banner: 'By name' } })], 'Fixed Club');
    expect(res.status).toBe(200);
    expect(res.body[0].source.object_id).toBe(fixed());
    const list = await service.call('GET', `/v1/loyalties/${encodeURIComponent('Fixed Club')}/earning-rules?limit=100&order=created_at`);
    expect(list.body.data.at(-1).id).toBe(res.body[0].id);
  });

  it('refuses, naming the field, what the engine cannot evaluate, and writes nothing', async () => {
    const before = await v2Ids();
    const cases: [unknown[], string][] = [
      [[reviewRule(), { event: 'order.paid', loyalty: { type: 'PROPORTIONAL', calculation_type: 'CUSTOM_EVENT_METADATA', custom_event: { metadata: { every: 1, points: 1, property: 'x' } } } }], 'Property .1.loyalty.calculation_type: CUSTOM_EVENT_METADATA does not apply to an order.paid rule'],
      [[{ event: 'order.paid', loyalty: { type: 'PROPORTIONAL', calculation_type: 'ORDER_ITEMS_AMOUNT', order_items: { amount: { every: 1, points: 1, object: 'products_collection', id: 'pc_1' } } } }], 'Property .0.loyalty.order_items.amount.object: only products are counted'],
      [[{ event: 'customer.loyalty.tier.joined', loyalty_tier: { id: '__ANY__' }, loyalty: { type: 'FIXED', points: 1 } }], 'Property .0.event: customer.loyalty.tier.joined is not supported'],
      [[{ event: 'app_review', loyalty: { type: 'FIXED', points: 1 } }], "Payload should have required property 'custom_event'".replace('Payload', 'Property .0')],
      [[{ event: 'customer.segment.entered', segment: { id: 'seg_platinumauto' }, loyalty: { type: 'PROPORTIONAL', calculation_type: 'CUSTOM_EVENT_METADATA', custom_event: { metadata: { every: 1, points: 1, property: 'x' } } } }], 'Property .0.loyalty.calculation_type: CUSTOM_EVENT_METADATA does not apply to a customer.segment.entered rule'],
      [[reviewRule({ loyalty: { type: 'PROPORTIONAL', calculation_type: 'ORDER_AMOUNT', order: { amount: { every: 1, points: 1 } } } })], 'Property .0.loyalty.calculation_type: ORDER_AMOUNT does not apply to a custom event rule'],
      [[reviewRule({ validity_timeframe: { duration: 'PT1H', interval: 'P1D' } })], 'Property .0.validity_timeframe: recurring timeframes are not supported'],
      [[reviewRule({ validation_rule_id: 'val_7SxpdhPeBngA' })], 'Property .0.validation_rule_id: validation rules are not supported'],
      [[reviewRule({ pending_points: { period_type: 'DAY', period_value: 3 } })], 'Property .0.pending_points: only order.paid rules hold points pending'],
      [[reviewRule({ start_date: '2026-05-01T00:00:00Z', expiration_date: '2026-04-01T00:00:00Z' })], 'Property .0.expiration_date: must not be before start_date'],
      [[reviewRule({ loyalty: { type: 'FIXED', points: 0 } })], 'Property .0.loyalty.points'],
      [[reviewRule({ validity_day_of_week: [1, 1] })], 'Property .0.validity_day_of_week'],
      [[reviewRule({ expiration_rules: { period_type: 'MONTH' } })], "Property .0.expiration_rules should have required property 'period_value'"],
      [[reviewRule({ event: 'store_visit' })], `Property .0.event: must be 'app_review', the name of the custom event ${schema('app_review')}`],
      [[reviewRule({ segment: { id: 'seg_platinumauto' } })], 'Property .0.segment: only customer.segment.entered rules take a segment'],
      [[{ event: 'customer.segment.entered', segment: { id: 'seg_vipfixture' }, loyalty: { type: 'FIXED', points: 1 } }], "Property .0.segment.id: segment 'VIP' is static"],
      [[reviewRule({ colour: 'red' })], "Property .0 should not have additional property 'colour'"],
      [[], 'Payload'],
    ];
    for (const [body, details] of cases) {
      const res = await create(body);
      expect(res.status, details).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload', message: 'Invalid payload', request_id: expect.any(String) });
      expect(res.body.details, JSON.stringify(body)).toContain(details);
      expect(contractErrors('spend', collection, 'post', 400, res.body)).toEqual([]);
    }
    expect(await v2Ids()).toEqual(before);
  });

  it('answers 404 for an unknown campaign, event schema, segment or rule, in the contract’s Error shape', async () => {
    const campaign = await create([reviewRule()], 'camp_missing');
    expect(campaign.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'campaign', resource_id: 'camp_missing' });
    expect(contractErrors('spend', collection, 'post', 404, campaign.body)).toEqual([]);

    const schemaMissing = await create([reviewRule({ custom_event: { schema_id: 'ms_missing' } })]);
    expect(schemaMissing.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'event_schema', resource_id: 'ms_missing' });

    const segment = await create([{ event: 'customer.segment.entered', segment: { id: 'seg_missing' }, loyalty: { type: 'FIXED', points: 1 } }]);
    expect(segment.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'segment', resource_id: 'seg_missing' });

    for (const [method, suffix] of [['GET', ''], ['PUT', ''], ['DELETE', ''], ['POST', '/enable'], ['POST', '/disable']] as const) {
      const res = await service.call(method, `/v1/loyalties/${fixed()}/earning-rules/lern_0000${suffix}`, method === 'PUT' ? { body: { active: false } } : {});
      expect(res.status, `${method} ${suffix}`).toBe(404);
      expect(res.body).toMatchObject({ key: 'not_found', resource_type: 'earning_rule', resource_id: 'lern_0000', details: 'Cannot find earning_rule with id lern_0000' });
      expect(isErrorObject(res.body)).toBe(true);
      if (method === 'DELETE') expect(contractErrors('spend', single, 'delete', 404, res.body)).toEqual([]);
      if (suffix) expect(contractErrors('spend', `${single}${suffix}`, 'post', 404, res.body)).toEqual([]);
    }

    // A rule of another campaign is not found through this one.
    const [rule] = (await create([reviewRule()])).body;
    const auto = service.project.ids.campaigns.get('Auto Club') as string;
    expect((await service.call('GET', `/v1/loyalties/${auto}/earning-rules/${rule.id}`)).status).toBe(404);
  });

  it('a passive segment used by a rule becomes auto-update (active), as the real API does', async () => {
    const res = await create([{ event: 'customer.segment.entered', segment: { id: 'seg_regularspassive' }, loyalty: { type: 'FIXED', points: 3 } }]);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ event: 'customer.segment.entered', segment: { id: 'seg_regularspassive' }, source: { banner: 'Entered segment Regulars' } });
    expect((await service.call('GET', '/v1/segments/seg_regularspassive')).body.type).toBe('auto-update');
  });

  it('PUT cannot give a rule a calculation its trigger does not have, nor change a rule with several effects', async () => {
    const [rule] = (await create([{ event: 'customer.segment.entered', segment: { id: 'seg_platinumauto' }, loyalty: { type: 'FIXED', points: 3 } }])).body;
    const res = await service.call('PUT', `/v1/loyalties/${fixed()}/earning-rules/${rule.id}`, {
      body: { loyalty: { type: 'PROPORTIONAL', calculation_type: 'CUSTOM_EVENT_METADATA', custom_event: { metadata: { every: 1, points: 1, property: 'x' } } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.details).toContain('Property .loyalty.calculation_type: CUSTOM_EVENT_METADATA does not apply');
    expect((await service.call('PUT', `/v1/loyalties/${fixed()}/earning-rules/${rule.id}`, { body: { event: 'app_review' } })).body.details).toContain("should not have additional property 'event'");
  });

  it('deleting through one campaign keeps a rule assigned to another', async () => {
    const both = ((await service.call('GET', '/v2/loyalties/earning-rules?limit=100')).body.data as { id: string; name: string }[]).find((r) => r.name === 'Both programs') as { id: string };
    expect((await service.call('DELETE', `/v1/loyalties/${fixed()}/earning-rules/${both.id}`)).status).toBe(204);
    expect((await service.call('GET', `/v1/loyalties/${fixed()}/earning-rules/${both.id}`)).status).toBe(404);
    const auto = service.project.ids.campaigns.get('Auto Club') as string;
    expect((await service.call('GET', `/v1/loyalties/${auto}/earning-rules/${both.id}`)).status).toBe(200);
    expect((await service.call('GET', `/v2/loyalties/earning-rules/${both.id}`)).body.status).toBe('ACTIVE');
  });

  it('stops at 100 rules per project', async () => {
    const live = (await v2Ids()).length;
    const room = 100 - live;
    const fill = await create(Array.from({ length: room }, (_, i) => reviewRule({ source: { banner: `Filler ${i}` } })));
    expect(fill.status).toBe(200);
    const over = await create([reviewRule()]);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ key: 'earning_rules_limit_exceeded', details: 'A project can have at most 100 earning rules; it has 100 and the request adds 1' });
  });
});
