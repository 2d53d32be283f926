import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningRuleListSchema, earningRuleSchema } from '../../../contract/earning-rule';
import { earningRules } from '../../../platform/db/schema';
import { loadFixture } from '../../seed/load-fixture';
import { FixtureError } from '../../seed/seed-context';
import type { Database } from '../../../platform/db/client';
import { openTestDatabase, testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { eq } from 'drizzle-orm';

const demo = JSON.parse(readFileSync(new URL('../../seed/demo.json', import.meta.url), 'utf8'));

describe.each(testDatabases())('Earning rules v2 (%s)', (kind) => {
  let service: TestService;
  const all = async () => (await service.call('GET', '/v2/loyalties/earning-rules?limit=100')).body.data as { id: string; name: string; status: string }[];

  beforeAll(async () => {
    service = await startTestService(kind, demo);
  });
  afterAll(() => service.close());

  it('returns every demo rule complete and valid against the published contract', async () => {
    const rules = await all();
    expect(rules).toHaveLength(demo.earning_rules.length);
    for (const listed of rules) {
      const res = await service.call('GET', `/v2/loyalties/earning-rules/${listed.id}`);
      expect(res.status).toBe(200);
      expect(contractErrors('subset', '/v2/loyalties/earning-rules/{id}', 'get', 200, res.body), listed.name).toEqual([]);
      expect(earningRuleSchema.parse(res.body)).toBeTruthy();
      expect(res.body.earnings.every((e: { id: string }) => /^lernei_[a-f0-9]+$/.test(e.id))).toBe(true);
    }
  });

  it('shows the trigger, limits, expiration and validity hours the fixture gave', async () => {
    const review = (await all()).find((r) => r.name === '10 points for an app review') as { id: string };
    const res = await service.call('GET', `/v2/loyalties/earning-rules/${review.id}`);
    expect(res.body).toMatchObject({
      object: 'earning_rule',
      status: 'ACTIVE',
      trigger: { event: 'customer.custom_event', custom_event: { schema_id: service.project.ids.eventSchemas.get('app_review') }, segment: null },
      validity_hours: { type: 'ANY_TIME' },
      start_date: null,
      end_date: null,
      metadata: {},
      error: null,
      updated_at: null,
      trigger_limits: {
        cooldown: { type: 'FIXED_COOLDOWN', fixed_cooldown: { period: { unit: 'HOUR', value: 12 } } },
        frequency: { type: 'LIMITED', limits: [{ type: 'TIME_BASED', period: { type: 'CURRENT_PERIOD', current_period: { unit: 'DAY' } }, triggers: { max: 3 } }] },
      },
    });
    const [earning] = res.body.earnings;
    expect(earning.tier_rules).toEqual({ type: 'NO_REQUIREMENTS' });
    // Effects carry only the sub-object of their type (null would fail the contract).
    expect(earning.effects).toEqual([{ type: 'POINTS', points: { value: 10, card_definition_id: expect.stringMatching(/^lcdef_[a-f0-9]+$/), points_expiration: { type: 'NO_EXPIRATION' } } }]);

    const visit = (await all()).find((r) => r.name === 'Happy hour visit bonus') as { id: string };
    const happy = await service.call('GET', `/v2/loyalties/earning-rules/${visit.id}`);
    expect(happy.body).toMatchObject({
      validity_hours: { type: 'DAILY', daily: [{ days_of_week: [1, 2, 3, 4, 5], start_time: '15:00', end_time: '18:00' }] },
      start_date: '2026-01-01T00:00:00.000Z',
      end_date: '2027-12-31T23:59:59.000Z',
      trigger_limits: { frequency: { type: 'NO_LIMIT', limits: [] } },
    });
  });

  it('404s unknown and DELETED rules with resource_type earning_rule', async () => {
    const missing = await service.call('GET', '/v2/loyalties/earning-rules/lern_0000');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, key: 'not_found', message: 'Resource not found', details: 'Cannot find earning_rule with id lern_0000', resource_type: 'earning_rule', resource_id: 'lern_0000' });
    expect(contractErrors('subset', '/v2/loyalties/earning-rules/{id}', 'get', 404, missing.body)).toEqual([]);

    const [victim] = await all();
    await service.database.db.update(earningRules).set({ status: 'DELETED' }).where(eq(earningRules.id, victim.id));
    expect((await service.call('GET', `/v2/loyalties/earning-rules/${victim.id}`)).status).toBe(404);
    expect((await all()).map((r) => r.id)).not.toContain(victim.id);
    // Restore the status it had: the victim may be the demo's DRAFT rule, which later tests filter on.
    await service.database.db.update(earningRules).set({ status: victim.status as 'ACTIVE' }).where(eq(earningRules.id, victim.id));
  });

  it('pages with a cursor that keeps the order and filters, and expires', async () => {
    const byName = (await service.call('GET', '/v2/loyalties/earning-rules?order=name&limit=100')).body.data.map((r: { name: string }) => r.name);
    expect(byName).toEqual([...byName].sort((a: string, b: string) => (a < b ? -1 : 1)));

    const seen: string[] = [];
    let url = '/v2/loyalties/earning-rules?order=-name&limit=4';
    for (;;) {
      const page = await service.call('GET', url);
      expect(page.status).toBe(200);
      expect(earningRuleListSchema.parse(page.body)).toBeTruthy();
      expect(contractErrors('supporting', '/v2/loyalties/earning-rules', 'get', 200, page.body)).toEqual([]);
      seen.push(...page.body.data.map((r: { name: string }) => r.name));
      if (!page.body.cursor) break;
      expect(page.body.cursor.next).toMatch(/^lcrsern_[a-f0-9]+$/);
      url = `/v2/loyalties/earning-rules?limit=4&cursor=${page.body.cursor.next}`;
    }
    expect(seen).toEqual([...byName].reverse());

    const first = await service.call('GET', '/v2/loyalties/earning-rules?limit=1');
    service.clock.advance(61 * 60_000);
    const expired = await service.call('GET', `/v2/loyalties/earning-rules?cursor=${first.body.cursor.next}`);
    expect(expired.status).toBe(400);
    expect(expired.body.key).toBe('invalid_query_params');
  });

  it('filters by status, name and id (deepObject)', async () => {
    const drafts = await service.call('GET', '/v2/loyalties/earning-rules?filters[status][conditions][$is]=DRAFT');
    expect(drafts.body.data.map((r: { name: string }) => r.name)).toEqual(['Referral signup (draft)']);
    const active = await service.call('GET', '/v2/loyalties/earning-rules?limit=100&filters[status][conditions][$in][]=ACTIVE&filters[status][conditions][$in][]=INACTIVE');
    expect(active.body.data).toHaveLength(demo.earning_rules.length - 1);
    const named = await service.call('GET', '/v2/loyalties/earning-rules?filters[name][conditions][$contains]=VISIT');
    expect(named.body.data.map((r: { name: string }) => r.name).sort()).toEqual(['Gold members visit bonus', 'Happy hour visit bonus']);
    const [one] = await all();
    const byId = await service.call('GET', `/v2/loyalties/earning-rules?filters[id][conditions][$is]=${one.id}`);
    expect(byId.body.data.map((r: { id: string }) => r.id)).toEqual([one.id]);
    const either = await service.call('GET', `/v2/loyalties/earning-rules?limit=100&filters[junction]=OR&filters[id][conditions][$is]=${one.id}&filters[status][conditions][$is]=DRAFT`);
    expect(either.body.data.length).toBe(one.status === 'DRAFT' ? 1 : 2);

    for (const bad of ['filters[status][conditions][$is]=DELETED', 'filters[colour][conditions][$is]=red', 'order=id', 'limit=101', 'cursor=nope']) {
      const res = await service.call('GET', `/v2/loyalties/earning-rules?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.key).toBe('invalid_query_params');
    }
  });
});

describe('earning rule fixtures are checked against the v2 contract and the engine', () => {
  const rule = (patch: object) => ({
    name: 'r',
    trigger: { event: 'customer.custom_event', custom_event: { schema: 'ev' } },
    earnings: [{ effects: [{ type: 'POINTS', points: { value: 1 } }] }],
    ...patch,
  });
  // Loading is all or nothing, so one database serves every case.
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  afterAll(() => database.close());
  const load = (r: object) => loadFixture(database, baseFixture({ event_schemas: [{ name: 'ev' }], earning_rules: [r as never] }));

  const sliding = (block: object) => ({ earnings: [{ effects: [{ type: 'POINTS', points: { value: 1, points_expiration: { type: 'SLIDING_EXPIRATION', sliding_expiration: block } } }] }] });

  it('accepts the minimal rule these cases start from', async () => {
    await expect(load(rule({}))).resolves.toBeTruthy();
  });

  it('accepts sliding expiration within the contract (a year at most, custom activity of listed events)', async () => {
    await expect(load(rule(sliding({ earning_activity: true, spending_activity: true, custom_activity: true, custom_activity_types: ['ev'], period: { unit: 'YEAR', value: 1 } })))).resolves.toBeTruthy();
  });

  it.each<[string, object, RegExp]>([
    ['unknown event schema', { trigger: { event: 'customer.custom_event', custom_event: { schema: 'nope' } } }, /unknown event schema 'nope'/],
    ['negative points', { earnings: [{ effects: [{ type: 'POINTS', points: { value: -1 } }] }] }, /earnings\.0\.effects\.0\.points\.value/],
    ['rolling period too long', { earnings: [{ effects: [{ type: 'POINTS', points: { value: 1, points_expiration: { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { unit: 'DAY', value: 91 } } } } }] }] }, /period\.value/],
    ['calendar date past month end', { earnings: [{ effects: [{ type: 'POINTS', points: { value: 1, points_expiration: { type: 'CALENDAR_EXPIRATION', calendar_expiration: { expiration_dates: [{ day: 31, month: 4 }] } } } }] }] }, /day is past the end of the month/],
    ['bad validity time', { validity_hours: { type: 'DAILY', daily: [{ days_of_week: [1], start_time: '25:00', end_time: '26:00' }] } }, /start_time/],
    ['two frequency limits', { trigger_limits: { frequency: { type: 'LIMITED', limits: [] } } }, /limits/],
    ['logic naming a missing rule', { earnings: [{ rules: { logic: '1 and 2', 1: { name: 'customer.metadata', property: 'tier', conditions: { $is: ['gold'] } } }, effects: [{ type: 'POINTS', points: { value: 1 } }] }] }, /refers to rule 2/],
    ['order rule on a custom event', { earnings: [{ rules: { logic: '1', 1: { name: 'order.amount', conditions: { $more_than: [1] } } }, effects: [{ type: 'POINTS', points: { value: 1 } }] }] }, /does not apply to a custom event/],
    ['sliding period of 2 years', sliding({ earning_activity: true, period: { unit: 'YEAR', value: 2 } }), /sliding_expiration\.period\.value/],
    ['sliding period of 91 days', sliding({ earning_activity: true, period: { unit: 'DAY', value: 91 } }), /sliding_expiration\.period\.value/],
    ['sliding period of 13 months', sliding({ earning_activity: true, period: { unit: 'MONTH', value: 13 } }), /sliding_expiration\.period\.value/],
    ['sliding expiration with no activity', sliding({ earning_activity: false, period: { unit: 'DAY', value: 5 } }), /sliding_expiration\.earning_activity: at least one of/],
    ['custom activity without types', sliding({ custom_activity: true, period: { unit: 'DAY', value: 5 } }), /custom_activity_types: required when custom_activity is true/],
    ['custom activity with 11 types', sliding({ custom_activity: true, custom_activity_types: 'abcdefghijk'.split(''), period: { unit: 'DAY', value: 5 } }), /custom_activity_types: must list 1 to 10/],
    ['custom activity types repeated', sliding({ custom_activity: true, custom_activity_types: ['ev', 'ev'], period: { unit: 'DAY', value: 5 } }), /custom_activity_types: must not repeat/],
    ['order calculation on a custom event', { earnings: [{ effects: [{ type: 'POINTS_PROPORTIONAL', points_proportional: { calculation_type: 'PRE_DISCOUNT_ORDER_AMOUNT', order: { amount: { every: 1, value: 1 } } } }] }] }, /does not apply to a custom event/],
    ['start after end', { start_date: '2027-01-01T00:00:00Z', end_date: '2026-01-01T00:00:00Z' }, /start_date is after end_date/],
  ])('refuses %s', async (_name, patch, message) => {
    const error = await load(rule(patch)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FixtureError);
    expect((error as Error).message).toMatch(message);
  });
});
