import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { activityContractErrors } from '../../../../test/support/member-activity-contract';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { tierFixture } from '../../../../test/support/tier-fixture';
import { loadFixture } from '../../seed/load-fixture';
import { openTestDatabase } from '../../../../test/support/databases';

describe.each(testDatabases())('Loyalty tiers (%s)', (kind) => {
  let service: TestService;
  const id = (name: string) => service.project.ids.campaigns.get(name) as string;
  const event = (customer: string, name: string, metadata: object = {}) => service.call('POST', '/v1/events', { body: { event: name, customer: { source_id: customer }, metadata } });
  const balance = (code: string, points: number) => service.call('POST', `/v1/loyalties/members/${code}/balance`, { body: { points, reason: 'test' } });
  const card = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}`)).body.loyalty_card as { points: number; balance: number };
  const tierOf = async (code: string) => ((await service.call('GET', `/v1/loyalties/members/${code}/tiers`)).body.data as { name: string }[]).map((t) => t.name);
  const tiersOf = async (campaign: string) => (await service.call('GET', `/v1/loyalties/${id(campaign)}/tiers`)).body.data as { id: string; name: string }[];

  beforeAll(async () => {
    service = await startTestService(kind, tierFixture());
    service.clock.set('2026-05-04T09:00:00.000Z');
  });
  afterAll(() => service.close());

  it('records each tier change in member activity, in the contract’s tier event shapes, after the transaction that caused it', async () => {
    await event('alice', 'purchase', { amount: 150 });
    service.clock.advance(60_000);
    await event('alice', 'purchase', { amount: 400 });
    service.clock.advance(60_000);
    // Gold earns 2× on Purchase.
    expect((await card('BAL-ALICE')).balance).toBe(550);
    await event('alice', 'purchase', { amount: 10 });
    expect((await card('BAL-ALICE')).balance).toBe(570);
    service.clock.advance(60_000);
    await balance('BAL-ALICE', -300);
    service.clock.advance(60_000);
    await balance('BAL-ALICE', -270);
    const res = await service.call('GET', '/v1/loyalties/members/BAL-ALICE/activity?order=created_at&limit=50');
    expect(res.status).toBe(200);
    expect(activityContractErrors('/v1/loyalties/members/{memberId}/activity', res.body)).toEqual([]);
    const kinds = (res.body.data as { type: string }[]).map((a) => a.type);
    expect(kinds).toEqual([
      'customer.publication.succeeded',
      'customer.rewarded.loyalty_points',
      'customer.loyalty.tier.joined',
      'customer.rewarded.loyalty_points',
      'customer.loyalty.tier.upgraded',
      'customer.rewarded.loyalty_points',
      'customer.voucher.loyalty_card.points_added',
      'customer.loyalty.tier.downgraded',
      'customer.voucher.loyalty_card.points_added',
      'customer.loyalty.tier.left',
    ]);
    const [silver, gold] = await tiersOf('Balance Club');
    const upgraded = res.body.data[4];
    expect(upgraded).toMatchObject({
      created_at: res.body.data[3].created_at,
      data: { data: { loyalty_tier_from: { id: silver.id, name: 'Silver' }, loyalty_tier_to: { id: gold.id, name: 'Gold', expiration: { start_date: '2026-05-04' } } }, event_source: { channel: 'INTERNAL' } },
    });
    expect(res.body.data[9].data.data).toMatchObject({ loyalty_tier: { id: silver.id }, loyalty_tier_from: { id: silver.id }, loyalty_tier_to: null });
  });

  it('parallel earns that cross a threshold give one upgrade; the multiplier applies from the event after it', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => event('bob', 'purchase', { amount: 50 })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // 600 points by the base rate; the events after Gold was reached at 500 earned double: at least 600, at most 700.
    const { balance: after } = await card('BAL-BOB');
    expect(after).toBe(500 + 100 * ((after - 500) / 100));
    const activity = (await service.call('GET', '/v1/loyalties/members/BAL-BOB/activity?order=created_at&limit=100')).body.data as { type: string }[];
    expect(activity.filter((a) => a.type.startsWith('customer.loyalty.tier.')).map((a) => a.type)).toEqual(['customer.loyalty.tier.joined', 'customer.loyalty.tier.upgraded']);
    expect(await tierOf('BAL-BOB')).toEqual(['Gold']);
  });

  it('an earning with tier_rules earns for members of the tiers it names, and only those (v2 ids derived from ours)', async () => {
    const before = { bob: await card('BAL-BOB'), alice: await card('BAL-ALICE'), bobTier: await card('TIER-BOB') };
    expect((await event('bob', 'visit')).status).toBe(200);
    expect((await event('alice', 'visit')).status).toBe(200);
    expect((await card('BAL-BOB')).balance).toBe(before.bob.balance + 25);
    expect((await card('BAL-ALICE')).balance).toBe(before.alice.balance);
    // Tier Club is not the structure the rule names.
    expect((await card('TIER-BOB')).balance).toBe(before.bobTier.balance);
    const rule = ((await service.call('GET', '/v2/loyalties/earning-rules?limit=100')).body.data as { name: string; earnings: { tier_rules: unknown }[] }[]).find((r) => r.name === 'Gold visit bonus');
    const [, gold] = await tiersOf('Balance Club');
    expect(rule?.earnings[0].tier_rules).toEqual({ type: 'ANY_OF', any_of: [{ tier_structure_id: expect.stringMatching(/^lts_[0-9a-f]{24}$/), tier_ids: [expect.stringMatching(/^lt_[0-9a-f]{24}$/)] }] });
    expect(gold.name).toBe('Gold');
  });

  it('a paid order earns by the member’s tier too (an order for a tiered member takes the transaction)', async () => {
    const gold = (await card('BAL-BOB')).balance;
    const silver = (await card('BAL-CAROL')).balance;
    expect((await service.call('POST', '/v1/orders', { body: { customer: 'bob', status: 'PAID', amount: 1000 } })).status).toBe(200);
    expect((await service.call('POST', '/v1/orders', { body: { customer: 'carol', status: 'PAID', amount: 1000 } })).status).toBe(200);
    expect((await card('BAL-BOB')).balance).toBe(gold + 30);
    expect((await card('BAL-CAROL')).balance).toBe(silver + 10);
    // The transaction names the tier the member earned in, as the real API's details do.
    const [goldTier] = (await tiersOf('Balance Club')).filter((t) => t.name === 'Gold');
    const [bobs] = (await service.call('GET', '/v1/loyalties/members/BAL-BOB/transactions?limit=1')).body.data;
    expect(bobs.details.holder_loyalty_tier).toEqual({ id: goldTier.id, name: 'Gold' });
    const [carols] = (await service.call('GET', '/v1/loyalties/members/BAL-CAROL/transactions?limit=1')).body.data;
    expect(carols.details.holder_loyalty_tier).toBeUndefined();
  });

  it('a tier prices a reward: the member sees and pays the tier price; a member outside the tier pays the program’s', async () => {
    const mugOf = async (code: string) => ((await service.call('GET', `/v1/loyalties/members/${code}/rewards`)).body.data as { reward: { id: string; name: string }; assignment: { parameters?: { loyalty: { points: number } } } }[]).find((r) => r.reward.name === 'Mug');
    const gold = await mugOf('BAL-BOB');
    expect(gold?.assignment.parameters?.loyalty.points).toBe(150);
    const before = (await card('BAL-BOB')).balance;
    const redeemed = await service.call('POST', '/v1/loyalties/members/BAL-BOB/redemption', { body: { reward: { id: gold?.reward.id } } });
    expect(redeemed.status).toBe(200);
    expect((await card('BAL-BOB')).balance).toBe(before - 150);
    await event('carol', 'purchase', { amount: 400 });
    expect((await mugOf('BAL-CAROL'))?.assignment.parameters?.loyalty.points).toBe(300);
    expect((await service.call('POST', '/v1/loyalties/members/BAL-CAROL/redemption', { body: { reward: { id: gold?.reward.id } } })).status).toBe(200);
    expect((await card('BAL-CAROL')).balance).toBe(110);
  });

  it('refuses bad tiers with the error object naming the field, and writes nothing', async () => {
    const rules = (await service.call('GET', `/v1/loyalties/${id('Tier Club')}/earning-rules`)).body.data as { id: string }[];
    const assignments = (await service.call('GET', `/v1/loyalties/${id('Balance Club')}/rewards`)).body.data as { id: string; parameters?: unknown }[];
    const coin = assignments.find((a) => !a.parameters)?.id as string;
    // The earlier tests' card changes are caught up after their commits: wait for them, so only this test's requests count.
    await service.ctx.cardChanges.settled();
    const before = await databaseChecksum(service.database);
    const refused = async (campaign: string, body: unknown, path: RegExp) => {
      const res = await service.call('POST', `/v1/loyalties/${id(campaign)}/tiers`, { body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload', request_id: expect.any(String) });
      expect(res.body.details).toMatch(path);
    };
    await refused('Balance Club', [{ name: 'Bronze', points: { from: 0, to: 100 } }], /\.0\.points.*overlaps the program's tier 'Silver'/);
    await refused('Tier Club', [{ name: 'A', points: { from: 0, to: 100 } }, { name: 'B', points: { from: 50 } }], /\.1\.points.*overlaps tier 0/);
    await refused('Tier Club', [{ name: 'A', points: { from: 100, to: 50 } }], /\.0\.points\.to/);
    await refused('Tier Club', [{ name: 'A', points: { from: 0 }, earning_rules: { lern_0123456789abcdef01234567: { type: 'MULTIPLY', multiplier: 2 } } }], /\.0\.earning_rules\.lern_0123456789abcdef01234567.*no earning rule/);
    await refused('Tier Club', [{ name: 'A', points: { from: 0 }, earning_rules: { [rules[0].id]: { type: 'MULTIPLY', multiplier: 0 } } }], /\.0\.earning_rules\.lern_[0-9a-f]+\.multiplier/);
    await refused('Tier Club', [{ name: 'A', points: { from: 0 }, earning_rules: { [rules[0].id]: { type: 'MULTIPLY', multiplier: -1.5 } } }], /\.0\.earning_rules\.lern_[0-9a-f]+\.multiplier/);
    await refused('Tier Club', [{ name: 'A', points: { from: 0 }, rewards: { rewa_unknown: { type: 'CUSTOM', points: 5 } } }], /\.0\.rewards\.rewa_unknown.*no reward assignment/);
    await refused('Balance Club', [{ name: 'A', points: { from: 0, to: 99 }, rewards: { [coin]: { type: 'CUSTOM', points: 5 } } }], /rewards\.rewa_\w+.*no price/);
    await refused('Tier Club', [{ name: '', points: { from: 0 } }], /\.0\.name/);
    await refused('Tier Club', [], /Payload: Too small/);
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('answers 404 for an unknown program, tier or member, naming the resource', async () => {
    const noProgram = await service.call('GET', '/v1/loyalties/camp_nope/tiers');
    expect(noProgram).toMatchObject({ status: 404, body: { key: 'not_found', resource_type: 'campaign' } });
    const noTier = await service.call('GET', `/v1/loyalties/${id('Balance Club')}/tiers/ltr_nope`);
    expect(noTier).toMatchObject({ status: 404, body: { key: 'not_found', resource_id: 'ltr_nope', resource_type: 'loyalty_tier' } });
    // A tier of another program is not this program's.
    const [silver] = await tiersOf('Balance Club');
    expect((await service.call('GET', `/v1/loyalties/${id('Tier Club')}/tiers/${silver.id}/rewards`)).status).toBe(404);
    expect((await service.call('GET', '/v1/loyalties/members/NO-SUCH-CARD/tiers')).body).toMatchObject({ key: 'not_found', resource_type: 'voucher' });
  });

  it('parallel creates of overlapping tiers: one wins, the others are refused', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => service.call('POST', `/v1/loyalties/${id('Tier Club')}/tiers`, { body: [{ name: `Racer ${i}`, points: { from: 1000 + i, to: 2000 } }] })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(5);
    const listed = await service.call('GET', `/v1/loyalties/${id('Tier Club')}/tiers`);
    expect(contractErrors('loyalty-rest', '/v1/loyalties/{campaignId}/tiers', 'get', 200, listed.body)).toEqual([]);
    expect(listed.body.total).toBe(1);
  });

  it('refuses a fixture whose tier expiration is not one the engine can follow, naming the field, and loads nothing', async () => {
    const database = await openTestDatabase(kind);
    try {
      const bad = (expiration: object) => loadFixture(database, tierFixture({ tierClub: { loyalty_tiers_expiration: expiration as never } }));
      await expect(bad({ qualification_type: 'BALANCE', expiration_date: { type: 'CUSTOM', extend: '3 months' } })).rejects.toThrow(/loyalty_tiers_expiration\.expiration_date\.extend: must be an ISO-8601 duration/);
      await expect(bad({ qualification_type: 'BALANCE', expiration_date: { type: 'CUSTOM', extend: 'P0D' } })).rejects.toThrow(/expiration_date\.extend: must be longer than nothing/);
      await expect(bad({ qualification_type: 'BALANCE', expiration_date: { type: 'CUSTOM', extend: 'P200Y' } })).rejects.toThrow(/expiration_date\.extend: must be at most 100 years/);
      await expect(bad({ qualification_type: 'BALANCE', expiration_date: { type: 'CUSTOM' } })).rejects.toThrow(/expiration_date\.extend: is required/);
      await expect(bad({ qualification_type: 'BALANCE', expiration_date: { type: 'END_OF_PERIOD' } })).rejects.toThrow(/expiration_date\.type: END_OF_PERIOD needs qualification_type POINTS_IN_PERIOD/);
      await expect(bad({ qualification_type: 'POINTS_IN_PERIOD' })).rejects.toThrow(/qualification_period: is required/);
      const unknownTier = tierFixture();
      const goldOnly = (unknownTier.earning_rules ?? []).find((r) => r.name === 'Gold visit bonus') as { earnings: Record<string, unknown>[] };
      goldOnly.earnings[0].tier_rules = { type: 'ANY_OF', any_of: [{ tier_structure_id: 'lts_0123456789abcdef01234567', tier_ids: ['lt_0123456789abcdef01234567'] }] };
      await expect(loadFixture(database, unknownTier)).rejects.toThrow(/earnings\.0\.tier_rules\.any_of\.0\.tier_structure_id: 'lts_0123456789abcdef01234567' is no program's tiers/);
      const [{ n }] = await database.execute<{ n: number }>('SELECT count(*)::int AS n FROM projects');
      expect(n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
