import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberTierProgressSchema } from '../../../contract/loyalty-tier';
import { testDatabases } from '../../../../test/support/databases';
import { startTestService, type TestService } from '../../../../test/support/service';
import { tierFixture } from '../../../../test/support/tier-fixture';

describe.each(testDatabases())('Member tier progress, an extension (%s)', (kind) => {
  let service: TestService;
  const id = (name: string) => service.project.ids.campaigns.get(name) as string;
  const purchase = (customer: string, amount: number) => service.call('POST', '/v1/events', { body: { event: 'purchase', customer: { source_id: customer }, metadata: { amount } } });
  const progress = async (code: string) => {
    const res = await service.call('GET', `/v1/loyalties/members/${code}/tiers/progress`);
    expect(res.status).toBe(200);
    return memberTierProgressSchema.parse(res.body);
  };

  beforeAll(async () => {
    service = await startTestService(kind, tierFixture());
    service.clock.set('2026-05-04T09:00:00.000Z');
  });
  afterAll(() => service.close());

  it('a program without tiers: nothing to reach, no history', async () => {
    expect(await progress('TIER-BOB')).toMatchObject({ has_tiers: false, tier: null, next_tier: null, points_to_next_tier: null, history: [], qualification: { type: 'POINTS_IN_PERIOD', period: 'YEAR', period_end_date: '2026-12-31' } });
  });

  it('points earned this year count; the next tier and what it asks by the last day of the year; the history newest first', async () => {
    const created = await service.call('POST', `/v1/loyalties/${id('Tier Club')}/tiers`, { body: [{ name: 'Silver', points: { from: 100, to: 499 } }, { name: 'Gold', points: { from: 500 } }] });
    expect(created.status).toBe(200);
    await purchase('alice', 150);
    service.clock.advance(60_000);
    await purchase('alice', 110);
    // Spending does not take back points earned in the period.
    await service.call('POST', '/v1/loyalties/members/TIER-ALICE/balance', { body: { points: -200, reason: 'test' } });
    const silver = await progress('TIER-ALICE');
    expect(silver).toMatchObject({
      has_tiers: true,
      qualifying_points: 260,
      tier: { name: 'Silver', start_date: '2026-05-04', expiration_date: '2026-12-31' },
      reached_tier: { name: 'Silver' },
      next_tier: { name: 'Gold', points_from: 500 },
      points_to_next_tier: 240,
      qualification: { type: 'POINTS_IN_PERIOD', period: 'YEAR', period_end_date: '2026-12-31', start: 'IMMEDIATE' },
    });
    expect(silver.history.map((h) => [h.type, h.tier_from?.name ?? null, h.tier_to?.name ?? null])).toEqual([['joined', null, 'Silver']]);

    await purchase('alice', 300);
    const gold = await progress('TIER-ALICE');
    expect(gold).toMatchObject({ qualifying_points: 560, tier: { name: 'Gold' }, next_tier: null, points_to_next_tier: null });
    expect(gold.history.map((h) => h.type)).toEqual(['upgraded', 'joined']);

    // The year ends: the tier ends with it (END_OF_PERIOD), and the count starts again.
    service.clock.set('2027-01-02T00:00:00.000Z');
    const next = await progress('TIER-ALICE');
    expect(next).toMatchObject({ qualifying_points: 0, tier: null, next_tier: { name: 'Silver' }, points_to_next_tier: 100, qualification: { period_end_date: '2027-12-31' } });
    expect(next.history.map((h) => h.type)).toEqual(['left', 'upgraded', 'joined']);
  });

  it('answers 404 naming the member for an unknown card', async () => {
    const res = await service.call('GET', '/v1/loyalties/members/NO-SUCH-CARD/tiers/progress');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, key: 'not_found', resource_id: 'NO-SUCH-CARD' });
  });
});
