import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { earningFixture } from '../../../../test/support/earning-fixture';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';

/** earningFixture plus two schemas no fixture rule uses and an auto-update segment. */
function fixture() {
  const base = earningFixture();
  return {
    ...base,
    event_schemas: [...(base.event_schemas ?? []), { name: 'authored_ping', properties: { amount: { type: 'number' as const } } }, { name: 'weekday_ping', properties: {} }],
    segments: [
      ...(base.segments ?? []),
      { id: 'seg_platinumauto', name: 'Platinum', type: 'auto-update' as const, filter: { 'metadata.tier': { conditions: { $is: 'platinum' } } } },
    ],
  };
}

/** The engine applies rules written through the v1 API from the very next event: nothing caches them. */
describe.each(testDatabases())('Earning rules written through the API, in the engine (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const rules = (path: string) => `/v1/loyalties/${fixed()}/earning-rules${path}`;
  const points = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}`)).body.loyalty_card.points as number;
  const ping = (event: string, metadata: object = {}) => service.call('POST', '/v1/events', { body: { event, customer: { source_id: 'alice' }, loyalty: { code: 'FIX-ALICE' }, metadata } });
  /** Points FIX-ALICE earns from one event. */
  const earned = async (event: string, metadata: object = {}) => {
    const before = await points('FIX-ALICE');
    expect((await ping(event, metadata)).status).toBe(200);
    return (await points('FIX-ALICE')) - before;
  };

  beforeAll(async () => {
    service = await startTestService(kind, fixture());
  });
  afterAll(() => service.close());

  it('a created rule earns on the next event; disabled it does not; enabled, changed and deleted it follows at once', async () => {
    service.clock.set('2026-03-02T10:00:00.000Z');
    expect(await earned('authored_ping')).toBe(0);

    const created = await service.call('POST', rules(''), {
      body: [{ event: 'authored_ping', custom_event: { schema_id: service.project.ids.eventSchemas.get('authored_ping') }, loyalty: { type: 'FIXED', points: 6 }, source: { banner: 'Authored ping' } }],
    });
    expect(created.status).toBe(200);
    const id = created.body[0].id as string;
    expect(await earned('authored_ping')).toBe(6);
    const [accrual] = (await service.call('GET', '/v1/loyalties/members/FIX-ALICE/transactions?limit=1')).body.data;
    expect(accrual).toMatchObject({ type: 'POINTS_ACCRUAL', reason: "Earning rule 'Authored ping' for custom event 'authored_ping'", details: { earning_rule: { id, source: { banner: 'Authored ping' } } } });

    expect((await service.call('POST', rules(`/${id}/disable`))).status).toBe(200);
    expect(await earned('authored_ping')).toBe(0);

    expect((await service.call('POST', rules(`/${id}/enable`))).status).toBe(200);
    expect(await earned('authored_ping')).toBe(6);

    const changed = await service.call('PUT', rules(`/${id}`), {
      body: { loyalty: { type: 'PROPORTIONAL', calculation_type: 'CUSTOM_EVENT_METADATA', custom_event: { metadata: { every: 5, points: 2, property: 'amount' } } } },
    });
    expect(changed.status).toBe(200);
    expect(await earned('authored_ping', { amount: 23 })).toBe(8);

    // Limits written through the API count from the next event: at most twice a day.
    await service.call('PUT', rules(`/${id}`), {
      body: { trigger_limits: { frequency: { type: 'LIMITED', limits: [{ type: 'TIME_BASED', period: { type: 'CURRENT_PERIOD', current_period: { unit: 'DAY' } }, triggers: { max: 2 } }] } } },
    });
    // Today already holds three triggers (6, 6 and 8 points).
    expect(await earned('authored_ping', { amount: 5 })).toBe(0);
    service.clock.advance(24 * 3_600_000);
    expect(await earned('authored_ping', { amount: 5 })).toBe(2);

    expect((await service.call('DELETE', rules(`/${id}`))).status).toBe(204);
    expect(await earned('authored_ping', { amount: 50 })).toBe(0);
  });

  it('validity_day_of_week: earns on the days listed only (UTC)', async () => {
    const created = await service.call('POST', rules(''), {
      body: [{ event: 'weekday_ping', custom_event: { schema_id: service.project.ids.eventSchemas.get('weekday_ping') }, loyalty: { type: 'FIXED', points: 3 }, validity_day_of_week: [1, 3] }],
    });
    expect(created.status).toBe(200);
    service.clock.set('2026-03-03T12:00:00.000Z'); // a Tuesday
    expect(await earned('weekday_ping')).toBe(0);
    service.clock.set('2026-03-04T23:59:00.000Z'); // a Wednesday
    expect(await earned('weekday_ping')).toBe(3);
  });

  it('customer.segment.entered: entering the segment earns on the cards of the rule’s program, the new card included', async () => {
    service.clock.set('2026-03-10T09:00:00.000Z');
    const create = (campaign: string, loyalty: object) =>
      service.call('POST', `/v1/loyalties/${campaign}/earning-rules`, { body: [{ event: 'customer.segment.entered', segment: { id: 'seg_platinumauto' }, loyalty }] });
    expect((await create(fixed(), { type: 'PROPORTIONAL', calculation_type: 'CUSTOMER_METADATA', customer: { metadata: { every: 10, points: 1, property: 'visits' } } })).status).toBe(200);
    expect((await create(auto(), { type: 'FIXED', points: 4 })).status).toBe(200);
    const before = await points('FIX-ALICE');

    // Bob (silver, 3 visits) joins Auto Club as platinum with 25 visits: he enters Platinum.
    const bob = service.project.ids.customers.get('bob') as string;
    const joined = await service.call('POST', `/v1/loyalties/${auto()}/members`, { body: { customer: { id: bob, metadata: { tier: 'platinum', visits: 25 } } } });
    expect(joined.status).toBe(200);
    // The new Auto Club card earned 4 in the same transaction, and the answer shows it.
    expect(joined.body.loyalty_card).toMatchObject({ points: 4, balance: 4 });
    // FIX-BOB earns floor(25 / 10) × 1 = 2.
    expect(await points('FIX-BOB')).toBe(2);
    const [accrual] = (await service.call('GET', '/v1/loyalties/members/FIX-BOB/transactions?limit=1')).body.data;
    expect(accrual).toMatchObject({
      type: 'POINTS_ACCRUAL',
      reason: "Earning rule 'Entered segment Platinum' for entering segment 'Platinum'",
      details: { event: { type: 'customer.segment.entered' }, segment: { id: 'seg_platinumauto', name: 'Platinum' } },
    });
    expect(contractErrors('supporting', '/v1/loyalties/members/{memberId}/transactions', 'get', 200, (await service.call('GET', '/v1/loyalties/members/FIX-BOB/transactions')).body)).toEqual([]);

    // Staying platinum earns nothing more; a custom event that makes Alice platinum earns on her card.
    await service.call('POST', '/v1/events', { body: { event: 'weekday_ping', customer: { id: bob, metadata: { tier: 'platinum', visits: 99 } } } });
    expect(await points('FIX-BOB')).toBe(2);
    const res = await service.call('POST', '/v1/events', { body: { event: 'weekday_ping', customer: { source_id: 'alice', metadata: { tier: 'platinum', visits: 30 } }, loyalty: { code: 'FIX-ALICE' } } });
    expect(res.status).toBe(200);
    // Entering Platinum: 3 points; the Tuesday rule of the previous test does not apply (10 March 2026 is a Tuesday).
    expect((await points('FIX-ALICE')) - before).toBe(3);
  });

  it('a disabled segment rule does not earn; enabled again, it does', async () => {
    const list = (await service.call('GET', `/v1/loyalties/${auto()}/earning-rules?limit=100`)).body.data as { id: string; event: string }[];
    const rule = list.find((r) => r.event === 'customer.segment.entered') as { id: string };
    expect((await service.call('POST', `/v1/loyalties/${auto()}/earning-rules/${rule.id}/disable`)).status).toBe(200);
    const carol = await service.call('POST', `/v1/loyalties/${auto()}/members`, { body: { customer: { source_id: 'carol', metadata: { tier: 'platinum' } } } });
    expect(carol.status).toBe(200);
    expect(carol.body.loyalty_card.points).toBe(0);

    expect((await service.call('POST', `/v1/loyalties/${auto()}/earning-rules/${rule.id}/enable`)).status).toBe(200);
    const dave = await service.call('POST', `/v1/loyalties/${auto()}/members`, { body: { customer: { source_id: 'dave', metadata: { tier: 'platinum' } } } });
    expect(dave.body.loyalty_card.points).toBe(4);
  });
});
