import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { orderFixture } from '../../../../test/support/order-fixture';
import { redemptionContractErrors } from '../../../../test/support/redemption-contract';
import { startTestService, type TestService } from '../../../../test/support/service';

/**
 * An integrator's paid-order flow with the official SDK (npm @voucherify/sdk 2.9), unchanged: a
 * new customer joins Auto Club, pays for a mug, the points wait 14 days on hold, the project clock
 * is moved past them (the integrator's /_local/clock), and the member spends them on a reward.
 * The SDK has no pending-points calls: those go as plain HTTP with the same key pair.
 */
describe.each(testDatabases())('@voucherify/sdk: order paid → pending → clock +14 days → active → redeem (%s)', (kind) => {
  let service: TestService;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });

  beforeAll(async () => {
    service = await startTestService(kind, orderFixture(), undefined, { localControl: 'on' });
    service.clock.set('2026-03-02T12:00:00.000Z');
  });
  afterAll(() => service.close());

  it('holds the order’s points, activates them when the project clock passes the day, and redeems a reward with them', async () => {
    const client = sdk();
    const member = await client.loyalties.createMember(auto(), { customer: { source_id: 'zoe', name: 'Zoe' } });
    const [assignment] = await client.loyalties.createRewardAssignments(auto(), [
      { reward: (await client.rewards.create({ name: 'Free mug', type: 'MATERIAL', parameters: { product: { id: 'prod_fixturemug' } } } as never)).id, parameters: { loyalty: { points: 25 } } },
    ] as never);

    // Auto Club holds 2 points per 1.00 of mugs for 14 days: one mug of 15.00 is 30 points on hold.
    const order = await client.orders.create({ source_id: 'zoe-1', customer: { source_id: 'zoe' }, status: 'PAID', items: [{ product_id: 'prod_fixturemug', quantity: 1 }] } as never);
    expect(order).toMatchObject({ status: 'PAID', amount: 1500, total_amount: 1500 });
    expect((await client.loyalties.getMember(auto(), member.code)).loyalty_card).toMatchObject({ balance: 0, pending_points: 30 });
    const held = await service.call('GET', `/v1/loyalties/${auto()}/members/${member.code}/pending-points`);
    expect(contractErrors('loyalty-rest', '/v1/loyalties/{campaignId}/members/{memberId}/pending-points', 'get', 200, held.body)).toEqual([]);
    expect(held.body.data).toEqual([expect.objectContaining({ points: 30, order_id: order.id, activates_at: '2026-03-16' })]);

    // Not spendable while held.
    const early = await client.loyalties.redeemReward(auto(), member.code, { reward: { id: assignment.reward_id } }).catch((error: unknown) => error);
    expect(early).toMatchObject({ code: 400, key: 'loyalty_card_points_exceeded' });

    // Thirteen days on, still held; fourteen, active at once (no hourly run needed).
    const move = (days: number) => service.call('POST', '/_local/clock', { body: { advance_seconds: days * 86_400 } });
    expect((await move(13)).status).toBe(200);
    expect((await client.loyalties.getMember(auto(), member.code)).loyalty_card).toMatchObject({ balance: 0, pending_points: 30 });
    expect((await move(1)).status).toBe(200);
    expect((await client.loyalties.getMember(auto(), member.code)).loyalty_card).toMatchObject({ balance: 30, pending_points: 0 });
    const transactions = await client.loyalties.listCardTransactions(member.code, null, { limit: 1 } as never);
    expect(transactions.data[0]).toMatchObject({ type: 'PENDING_POINTS_ACTIVATION', details: { balance: { points: 30, balance: 30 } } });

    const redemption = await client.loyalties.redeemReward(auto(), member.code, { reward: { id: assignment.reward_id } });
    expect(redemptionContractErrors('/v1/loyalties/{campaignId}/members/{memberId}/redemption', redemption)).toEqual([]);
    expect(redemption).toMatchObject({ result: 'SUCCESS', amount: 25, voucher: { code: member.code, loyalty_card: { balance: 5 } }, reward: { name: 'Free mug' } });
  });
});
