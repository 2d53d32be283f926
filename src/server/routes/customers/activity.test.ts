import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { earningFixture } from '../../../../test/support/earning-fixture';
import { activityContractErrors } from '../../../../test/support/member-activity-contract';
import { startTestService, type TestService } from '../../../../test/support/service';

/**
 * List Customer Activity (issue 34): a customer's activity across both of their programs' cards
 * and their custom events, with every query parameter of the contract, each answer checked against
 * openapi-customers-catalog.json (each item's data against the event shape its type names).
 */
describe.each(testDatabases())('Customer activity (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
  const activity = async (query = '') => {
    const res = await service.call('GET', `/v1/customers/alice/activity?limit=100${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(activityContractErrors('/v1/customers/{customerId}/activity', res.body, 'customers-catalog')).toEqual([]);
    return res.body.data as { id: string; type: string; created_at: string; data: { data: { campaign?: { id: string }; event?: { type: string } } } }[];
  };
  const times: string[] = [];

  beforeAll(async () => {
    service = await startTestService(kind, earningFixture());
    service.clock.set('2026-07-01T09:00:00.000Z');
    // A custom event that earns on Fixed Club, a day later points added by hand on Auto Club, a day later another event.
    times.push(service.clock.now().toISOString());
    await sdk().events.create('app_review', { customer: { source_id: 'alice' }, metadata: { rating: 4 } } as never);
    service.clock.advance(86_400_000);
    times.push(service.clock.now().toISOString());
    await service.call('POST', `/v1/loyalties/${auto()}/members/AUTO-ALICE/balance`, { body: { points: 25, reason: 'Welcome' } });
    service.clock.advance(86_400_000);
    times.push(service.clock.now().toISOString());
    await sdk().events.create('store_visit', { customer: { source_id: 'alice' }, metadata: { store_id: 's1', amount: 50 } } as never);
  });
  afterAll(() => service.close());

  it('lists both programs’ card activity and the custom events, newest first, through the SDK too', async () => {
    const all = await activity();
    const types = all.map((a) => a.type);
    expect(types.slice(0, 2)).toEqual(['customer.rewarded.loyalty_points', 'customer.custom_event']);
    expect(all.filter((a) => a.type === 'customer.custom_event').map((a) => a.data.data.event?.type)).toEqual(['store_visit', 'app_review']);
    expect(new Set(all.flatMap((a) => (a.data.data.campaign ? [a.data.data.campaign.id] : [])))).toEqual(new Set([fixed(), auto()]));
    expect(all.map((a) => a.created_at)).toEqual([...all.map((a) => a.created_at)].sort().reverse());
    const viaSdk = await sdk().customers.listActivity('alice', { limit: 100 } as never);
    expect((viaSdk as unknown as { data: unknown[] }).data).toHaveLength(all.length);
  });

  it('takes every parameter of the contract: order, paging, dates, program, program type, category, type', async () => {
    const all = await activity();
    expect((await activity('&order=created_at')).map((a) => a.id)).toEqual([...all].reverse().map((a) => a.id));
    const first = await service.call('GET', '/v1/customers/alice/activity?limit=2');
    expect(first.body).toMatchObject({ has_more: true, more_starting_after: all[1].id });
    const next = await service.call('GET', `/v1/customers/alice/activity?limit=2&starting_after_id=${all[1].id}`);
    expect(next.body.data.map((a: { id: string }) => a.id)).toEqual(all.slice(2, 4).map((a) => a.id));

    const secondDay = await activity(`&start_date=${times[1]}&end_date=${times[1]}`);
    expect(secondDay.map((a) => a.type)).toEqual(['customer.voucher.loyalty_card.points_added']);
    expect((await activity(`&campaign_id=${auto()}`)).every((a) => a.data.data.campaign?.id === auto())).toBe(true);
    expect((await activity('&campaign_type=LOYALTY_PROGRAM')).some((a) => a.type === 'customer.custom_event')).toBe(false);
    expect(await activity('&campaign_type=PROMOTION')).toEqual([]);
    expect(new Set((await activity('&category=ACTION')).map((a) => a.type))).toEqual(new Set(['customer.custom_event', 'customer.publication.succeeded']));
    expect((await activity('&category=EFFECT')).some((a) => a.type === 'customer.custom_event')).toBe(false);
    expect((await activity('&type=customer.custom_event')).map((a) => a.data.data.event?.type)).toEqual(['store_visit', 'app_review']);
    expect(await activity('&type=customer.order.paid')).toEqual([]);
  });

  it('answers bad queries and unknown customers with the error object naming the field, writing nothing', async () => {
    const before = await databaseChecksum(service.database);
    for (const [query, field] of [
      ['category=SOMETIMES', 'category'],
      ['campaign_type=LOYALTY', 'campaign_type'],
      ['start_date=yesterday', 'start_date'],
      ['order=name', 'order'],
      ['type=points', 'type'],
      ['starting_after_id=evcus_nope', 'starting_after_id'],
    ] as const) {
      const res = await service.call('GET', `/v1/customers/alice/activity?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.details, query).toContain(field);
    }
    expect((await service.call('GET', '/v1/customers/nobody/activity')).body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'customer', resource_id: 'nobody' });
    expect(await databaseChecksum(service.database)).toEqual(before);
  });
});
