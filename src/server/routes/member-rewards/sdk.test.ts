import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { earningFixture } from '../../../../test/support/earning-fixture';
import { activityContractErrors } from '../../../../test/support/member-activity-contract';
import { contractErrors } from '../../../../test/support/openapi';
import { redemptionContractErrors } from '../../../../test/support/redemption-contract';
import { startTestService, type TestService } from '../../../../test/support/service';

/**
 * The official SDK (npm @voucherify/sdk 2.9) driving the spend side end to end, unchanged: a
 * member joins, earns from an event, an agent adjusts the balance, the member looks at the rewards
 * within reach and redeems one, and the activity tells it all.
 */
describe.each(testDatabases())('@voucherify/sdk: earn → adjust → redeem → activity (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
  const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('the call succeeded'), (error: { code: number; key: string }) => error);

  beforeAll(async () => {
    service = await startTestService(kind, earningFixture());
    service.clock.set('2026-03-02T12:00:00.000Z');
  });
  afterAll(() => service.close());

  it('sets up a product, rewards and their assignments with the SDK’s calls', async () => {
    const client = sdk();
    const product = await client.products.create({ source_id: 'sdk-mug', name: 'Mug', price: 1500 });
    const mug = await client.rewards.create({ name: 'Mug', type: 'MATERIAL', parameters: { product: { id: product.id } }, stock: 10 } as never);
    const coin = await client.rewards.create({ name: 'Pay with points', type: 'COIN', parameters: { coin: { exchange_ratio: 1, points_ratio: 100 } } } as never);
    expect(await client.rewards.get(mug.id)).toMatchObject({ id: mug.id, type: 'MATERIAL', stock: 10 });
    expect((await client.rewards.list()).total).toBe(2);
    expect(await client.rewards.update({ id: mug.id, name: 'Club mug' } as never)).toMatchObject({ name: 'Club mug' });

    const assignments = await client.loyalties.createRewardAssignments(fixed(), [{ reward: mug.id, parameters: { loyalty: { points: 300 } } }, { reward: coin.id }] as never);
    expect(assignments).toHaveLength(2);
    const listed = await client.loyalties.listRewardAssignments(fixed());
    expect(listed.total).toBe(2);
    expect(await client.loyalties.getRewardAssignment(fixed(), assignments[0].id)).toMatchObject({ reward_id: mug.id });
    expect(await client.loyalties.updateRewardAssignment(fixed(), { id: assignments[0].id, parameters: { loyalty: { points: 250 } } } as never)).toMatchObject({ parameters: { loyalty: { points: 250 } } });

    // A reward still offered cannot be deleted; its assignment can, and then the reward.
    const spare = await client.rewards.create({ name: 'Spare', type: 'COIN', parameters: { coin: { exchange_ratio: 2, points_ratio: 100 } } } as never);
    const [spareAssignment] = await client.loyalties.createRewardAssignments(fixed(), [{ reward: spare.id }] as never);
    const inUse = await failure(client.rewards.delete(spare.id));
    expect(inUse).toMatchObject({ code: 400, key: 'resource_in_use' });
    await client.loyalties.deleteRewardAssignment(fixed(), spareAssignment.id);
    await client.rewards.delete(spare.id);
    expect(await failure(client.rewards.get(spare.id))).toMatchObject({ code: 404, key: 'not_found' });
  });

  it('runs a member through earning, a balance correction, a redemption, and reads the activity', async () => {
    const client = sdk();
    const card = await client.loyalties.createMember(fixed(), { customer: { source_id: 'sdk-spender', name: 'Sam Spender' } });
    expect(card.loyalty_card).toMatchObject({ points: 0, balance: 0 });

    // Earn: 'Review bonus' gives 10 points for a review.
    service.clock.advance(1000);
    await client.events.create('app_review', { customer: { source_id: 'sdk-spender' }, metadata: { rating: 5 }, loyalty: { code: card.code } } as never);

    // Adjust: an agent adds 400 points that last until the end of April, then takes 30 back.
    service.clock.advance(1000);
    const added = await client.loyalties.addOrRemoveCardBalance(card.code, { points: 400, expiration_type: 'CUSTOM_DATE', expiration_date: '2026-04-30', reason: 'welcome gift' });
    expect(added).toMatchObject({ points: 400, total: 410, balance: 410, type: 'loyalty_card', object: 'balance' });
    expect(contractErrors('spend', '/v1/loyalties/members/{memberId}/balance', 'post', 200, added)).toEqual([]);
    service.clock.advance(1000);
    const removed = await client.loyalties.addOrRemoveCardBalance(card.code, { points: -30 }, fixed());
    expect(removed).toMatchObject({ points: -30, balance: 380 });
    const expiring = await client.loyalties.getPointsExpiration(fixed(), card.code);
    expect(expiring).toMatchObject({ total: 2, data: [{ expires_at: '2026-04-30', bucket: { total_points: 370 } }, { bucket: { total_points: 10 } }] });

    // Redeem: the mug (250 points) is within reach.
    const affordable = await client.loyalties.listMemberRewards(card.code, { affordable_only: true });
    const mug = affordable.data.find((r) => r.reward.name === 'Club mug');
    expect(mug?.assignment).toMatchObject({ parameters: { loyalty: { points: 250 } } });
    service.clock.advance(1000);
    const redemption = await client.loyalties.redeemReward(fixed(), card.code, { reward: { id: mug?.reward.id as string } });
    expect(redemptionContractErrors('/v1/loyalties/{campaignId}/members/{memberId}/redemption', redemption)).toEqual([]);
    expect(redemption).toMatchObject({ result: 'SUCCESS', amount: 250, voucher: { code: card.code, loyalty_card: { balance: 130 } }, reward: { name: 'Club mug', type: 'MATERIAL' } });
    // The next one is out of reach.
    expect(await failure(client.loyalties.redeemReward(fixed(), card.code, { reward: { id: mug?.reward.id as string } }))).toMatchObject({ code: 400, key: 'loyalty_card_points_exceeded' });

    // Activity, newest first: the redemption, the two corrections, the accrual, the publication.
    const activity = await client.loyalties.listMemberActivity(null, card.code);
    expect(activityContractErrors('/v1/loyalties/members/{memberId}/activity', activity as never)).toEqual([]);
    expect(activity.data.map((a) => a.type)).toEqual([
      'customer.reward_redemptions.completed',
      'customer.voucher.loyalty_card.points_added',
      'customer.voucher.loyalty_card.points_added',
      'customer.rewarded.loyalty_points',
      'customer.publication.succeeded',
    ]);
    const withCampaign = await client.loyalties.listMemberActivity(fixed(), card.code, { limit: 2 });
    expect(withCampaign).toMatchObject({ has_more: true, more_starting_after: activity.data[1].id });
    const member = await client.loyalties.getMember(fixed(), card.code);
    expect(member.loyalty_card).toMatchObject({ points: 410, balance: 130, subtracted_points: 30 });
    expect(member.redemption).toMatchObject({ redeemed_points: 250 });
  });
});
