import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { componentErrors, contractErrors } from '../../../../test/support/openapi';
import { readReference } from '../../../../test/support/reference';
import { startTestService, type TestService } from '../../../../test/support/service';
import { tierFixture } from '../../../../test/support/tier-fixture';

/**
 * The official SDK (npm @voucherify/sdk 2.9) with a tiered program, unchanged: tiers created in
 * bulk, a member earns across a threshold and is upgraded at once, the project clock passes the
 * end of the qualification year and the member is downgraded. Every answer is checked against
 * openapi-loyalty-rest.json.
 */
describe.each(testDatabases())('@voucherify/sdk: loyalty tiers (%s)', (kind) => {
  let service: TestService;
  const club = () => service.project.ids.campaigns.get('Tier Club') as string;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
  const clock = (body: unknown) => service.call('POST', '/_local/clock', { body });
  const conforms = (path: string, method: string, body: unknown) => expect(contractErrors('loyalty-rest', path, method, 200, body)).toEqual([]);
  const purchase = (amount: number) => sdk().events.create('purchase', { customer: { source_id: 'alice' }, metadata: { amount } } as never);
  let tierIds: string[] = [];

  beforeAll(async () => {
    service = await startTestService(kind, tierFixture(), undefined, { localControl: 'on' });
    service.clock.set('2026-03-02T12:00:00.000Z');
  });
  afterAll(() => service.close());

  it('creates tiers in bulk and reads them back: list, get, the tier’s earning rules and rewards', async () => {
    const client = sdk();
    const rules = (await client.loyalties.listEarningRules(club())) as unknown as { data: { id: string; source: { banner: string } }[] };
    const purchaseRule = rules.data.find((r) => r.source.banner === 'Purchase')?.id as string;
    const [mug] = (await client.loyalties.listRewardAssignments(club())).data;
    const created = await client.loyalties.createTiers(club(), [
      { name: 'Member', points: { from: 0, to: 99 } } as never,
      { name: 'Silver', points: { from: 100, to: 499 }, earning_rules: {}, rewards: {} },
      { name: 'Gold', points: { from: 500, to: 1999 }, earning_rules: { [purchaseRule]: { type: 'MULTIPLY', multiplier: 1.5 } }, rewards: { [mug.id]: { type: 'CUSTOM', points: 200 } }, metadata: { color: 'gold' } } as never,
    ]);
    conforms('/v1/loyalties/{campaignId}/tiers', 'post', created);
    expect(created.map((t) => [t.name, t.points, t.config.points])).toEqual([
      ['Member', { from: 0, to: 99 }, { from: 0, to: 99 }],
      ['Silver', { from: 100, to: 499 }, { from: 100, to: 499 }],
      ['Gold', { from: 500, to: 1999 }, { from: 500, to: 1999 }],
    ]);
    tierIds = created.slice(1).map((t) => t.id);
    const memberTier = created[0].id;
    expect(tierIds.every((id) => id.startsWith('ltr_'))).toBe(true);

    const listed = await client.loyalties.listTiers(club());
    conforms('/v1/loyalties/{campaignId}/tiers', 'get', listed);
    expect(listed).toMatchObject({ object: 'list', data_ref: 'data', total: 3 });
    expect(listed.data.map((t) => t.name)).toEqual(['Member', 'Silver', 'Gold']);
    expect((await client.loyalties.listTiers(club(), { order: '-created_at', limit: 1 } as never)).data.map((t) => t.name)).toEqual(['Gold']);
    expect((await client.loyalties.getTier(club(), memberTier)).name).toBe('Member');
    const gold = await client.loyalties.getTier(club(), tierIds[1]);
    conforms('/v1/loyalties/{campaignId}/tiers/{loyaltyTierId}', 'get', gold);
    expect(gold).toMatchObject({ id: tierIds[1], campaign_id: club(), metadata: { color: 'gold' }, earning_rules: { [purchaseRule]: { type: 'MULTIPLY', multiplier: 1.5 } }, object: 'loyalty_tier' });

    const goldRules = await client.loyalties.listLoyaltyTierEarningRules(club(), tierIds[1]);
    conforms('/v1/loyalties/{campaignId}/tiers/{loyaltyTierId}/earning-rules', 'get', goldRules);
    expect(goldRules.total).toBe(3);
    expect(goldRules.data.find((r) => r.id === purchaseRule)?.loyalty).toMatchObject({ type: "PROPORTIONAL" });
    const goldRewards = await client.loyalties.listLoyaltyTierRewards(club(), tierIds[1]);
    // The contract types a reward's parameters as oneOf three branches that require none of their keys, so
    // every reward matches two or three of them and fails, the contract's own example included (checked
    // below): the examples win, and each reward's parameters are checked against the branch of its type.
    const rewardsPath = '/v1/loyalties/{campaignId}/tiers/{loyaltyTierId}/rewards';
    const oneOfDefect = (errors: string[]) => errors.filter((e) => !/^\/data\/\d+\/reward\/parameters must match exactly one schema in oneOf/.test(e));
    const example = readReference('openapi-loyalty-rest.json').paths[rewardsPath].get.responses['200'].content['application/json'].examples.Example.value;
    expect(contractErrors('loyalty-rest', rewardsPath, 'get', 200, example).length).toBeGreaterThan(0);
    expect(oneOfDefect(contractErrors('loyalty-rest', rewardsPath, 'get', 200, example))).toEqual([]);
    expect(oneOfDefect(contractErrors('loyalty-rest', rewardsPath, 'get', 200, goldRewards))).toEqual([]);
    for (const { reward } of goldRewards.data) expect(componentErrors('loyalty-rest', 'RewardTypeMaterial', reward.parameters)).toEqual([]);
    expect(goldRewards.data).toEqual([expect.objectContaining({ object: 'loyalty_tier_reward', assignment: expect.objectContaining({ id: mug.id, parameters: { loyalty: { points: 200 } } }) })]);
    const silverRewards = await client.loyalties.listLoyaltyTierRewards(club(), tierIds[0]);
    expect(silverRewards.data[0].assignment).toMatchObject({ parameters: { loyalty: { points: 300 } } });

    // The program shows how its tiers are reached and kept.
    const program = (await service.call('GET', `/v1/loyalties/${club()}`)).body;
    expect(program.loyalty_tiers_expiration).toEqual({ qualification_type: 'POINTS_IN_PERIOD', qualification_period: 'YEAR', start_date: { type: 'IMMEDIATE' }, expiration_date: { type: 'END_OF_PERIOD' } });
    conforms('/v1/loyalties/{campaignId}', 'get', program);
  });

  it('earns across a threshold: listMemberLoyaltyTiers shows the upgrade at once, with the tier’s multiplier from then on', async () => {
    const client = sdk();
    // A tier from 0 points holds from the day the card was given.
    expect((await client.loyalties.listMemberLoyaltyTiers('TIER-ALICE')).data).toEqual([expect.objectContaining({ name: 'Member' })]);
    await purchase(120);
    const silver = await client.loyalties.listMemberLoyaltyTiers('TIER-ALICE');
    conforms('/v1/loyalties/members/{memberId}/tiers', 'get', silver);
    expect(silver).toMatchObject({ total: 1, data: [{ id: tierIds[0], name: 'Silver', expiration: { tier_id: tierIds[0], campaign_id: club(), start_date: '2026-03-02', expiration_date: '2026-12-31' } }] });
    await purchase(400);
    const gold = await client.loyalties.listMemberLoyaltyTiers('TIER-ALICE');
    expect(gold.data).toEqual([expect.objectContaining({ id: tierIds[1], name: 'Gold', expiration: expect.objectContaining({ start_date: '2026-03-02', expiration_date: '2026-12-31' }) })]);
    // Gold earns 1.5× on Purchase: 100 → 150.
    const before = (await client.loyalties.getMember(club(), 'TIER-ALICE')).loyalty_card?.points as number;
    await purchase(100);
    expect((await client.loyalties.getMember(club(), 'TIER-ALICE')).loyalty_card?.points).toBe(before + 150);
  });

  it('the project clock passes the end of the year: the member is downgraded at that instant', async () => {
    expect((await clock({ now: '2027-01-01T00:00:01Z' })).status).toBe(200);
    const after = await sdk().loyalties.listMemberLoyaltyTiers('TIER-ALICE');
    conforms('/v1/loyalties/members/{memberId}/tiers', 'get', after);
    expect(after).toMatchObject({ total: 1, data: [{ name: 'Member', expiration: { start_date: '2027-01-01', expiration_date: '2027-12-31' } }] });
    // Points earned in 2027 qualify again.
    await purchase(150);
    expect((await sdk().loyalties.listMemberLoyaltyTiers('TIER-ALICE')).data).toEqual([expect.objectContaining({ name: 'Silver', expiration: expect.objectContaining({ start_date: '2027-01-01', expiration_date: '2027-12-31' }) })]);
  });
});
