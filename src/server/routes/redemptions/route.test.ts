import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redemptionRollbackSchema, storedRedemptionSchema } from '../../../contract/redemption-rollback';
import { signDashboardUser } from '../../../platform/dashboard-user';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { activityContractErrors } from '../../../../test/support/member-activity-contract';
import { rollbackContractErrors, storedRedemptionContractErrors } from '../../../../test/support/redemption-contract';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';

describe.each(testDatabases())('Get and roll back a reward redemption (%s)', (kind) => {
  let service: TestService;
  const reward = (name: string) => service.project.ids.rewards.get(name) as string;
  const redeem = async (code: string, body: unknown) => {
    service.clock.advance(1000);
    const res = await service.call('POST', `/v1/loyalties/members/${code}/redemption`, { body });
    expect(res.status).toBe(200);
    return res.body as { id: string };
  };
  const rollback = (id: string, query = '', body?: unknown, headers?: Record<string, string>) => {
    service.clock.advance(1000);
    return service.call('POST', `/v1/redemptions/${id}/rollback${query}`, { body, headers });
  };
  const card = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}`)).body;
  const buckets = (code: string) =>
    service.database.execute<{ id: string; remaining: string; expires_on: string | null }>(
      'SELECT b.id, b.remaining, b.expires_on FROM point_buckets b JOIN vouchers v ON v.id = b.voucher_id WHERE v.code = $1 ORDER BY b.id',
      [code],
    );

  beforeAll(async () => {
    service = await startTestService(kind, spendFixture());
  });
  afterAll(() => service.close());

  it('rolls a MATERIAL redemption back: the points return to the buckets they came from, the stock returns, a POINTS_REFUND with the reason', async () => {
    const bucketsBefore = await buckets('FIX-BOB');
    const cardBefore = await card('FIX-BOB');
    const redeemed = await redeem('FIX-BOB', { reward: { id: reward('Mug') } });
    expect((await service.call('GET', `/v1/rewards/${reward('Mug')}`)).body).toMatchObject({ stock: 1, redeemed: 1 });

    const got = await service.call('GET', `/v1/redemptions/${redeemed.id}`);
    expect(got.status).toBe(200);
    expect(storedRedemptionContractErrors(got.body)).toEqual([]);
    expect(storedRedemptionSchema.parse(got.body)).toMatchObject({ id: redeemed.id, object: 'redemption', amount: 300, reward: { id: reward('Mug') }, voucher: { code: 'FIX-BOB', loyalty_card: { balance: 700 } } });

    const res = await rollback(redeemed.id, '?reason=Wrong%20reward', { metadata: { ticket: 'T-1' } });
    expect(res.status).toBe(200);
    expect(rollbackContractErrors(res.body)).toEqual([]);
    const body = redemptionRollbackSchema.parse(res.body);
    expect(body).toMatchObject({
      id: expect.stringMatching(/^rr_/),
      object: 'redemption_rollback',
      redemption: redeemed.id,
      reason: 'Wrong reward',
      amount: -300,
      result: 'SUCCESS',
      metadata: { ticket: 'T-1' },
      customer_id: service.project.ids.customers.get('bob'),
      channel: { channel_type: 'API' },
      related_object_id: cardBefore.id,
      voucher: { code: 'FIX-BOB', loyalty_card: { balance: 1000 } },
      loyalty_card: { points: -300 },
    });

    // Every bucket holds again what it held before the redemption, with its own last day.
    expect(await buckets('FIX-BOB')).toEqual(bucketsBefore);
    expect((await card('FIX-BOB')).loyalty_card).toMatchObject({ balance: 1000 });
    expect((await service.call('GET', `/v1/rewards/${reward('Mug')}`)).body).toMatchObject({ stock: 2, redeemed: 0 });

    const [refund, spent] = (await service.call('GET', '/v1/loyalties/members/FIX-BOB/transactions?limit=2')).body.data;
    expect(refund).toMatchObject({ type: 'POINTS_REFUND', reason: 'Wrong reward', related_transaction_id: spent.id, details: { balance: { points: 300, balance: 1000 }, rollback: { id: body.id }, redemption: { id: redeemed.id }, reward: { id: reward('Mug') } } });
    const activity = (await service.call('GET', '/v1/loyalties/members/FIX-BOB/activity?limit=1')).body;
    expect(activityContractErrors('/v1/loyalties/members/{memberId}/activity', activity)).toEqual([]);
    expect(activity.data[0]).toMatchObject({ type: 'customer.voucher.loyalty_card.points_added', data: { data: { transaction: { type: 'POINTS_REFUND', reason: 'Wrong reward' } } } });

    // The rollback reads back by its id; the redemption still reads as it was made.
    const again = await service.call('GET', `/v1/redemptions/${body.id}`);
    expect(again.status).toBe(200);
    expect(storedRedemptionContractErrors(again.body)).toEqual([]);
    // The card images' ids are made anew on each answer.
    const withoutAssets = (answer: typeof body) => ({ ...answer, voucher: { ...answer.voucher, assets: undefined } });
    expect(withoutAssets(redemptionRollbackSchema.parse(again.body))).toEqual(withoutAssets(body));
  });

  it('refuses a second rollback (400 already_rolled_back) and writes nothing', async () => {
    const redeemed = await redeem('FIX-DAVE', { reward: { id: reward('Free coffee') } });
    expect((await rollback(redeemed.id)).status).toBe(200);
    const before = await databaseChecksum(service.database);
    const second = await rollback(redeemed.id, '?reason=again');
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ code: 400, key: 'already_rolled_back', resource_id: redeemed.id, resource_type: 'redemption', request_id: expect.any(String) });
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('answers 404 for an unknown redemption, and 400 naming the field for bad input, writing nothing', async () => {
    const redeemed = await redeem('FIX-DAVE', { reward: { id: reward('Free coffee') } });
    const before = await databaseChecksum(service.database);
    const unknown = await rollback('r_nope');
    expect(unknown).toMatchObject({ status: 404, body: { key: 'not_found', resource_type: 'redemption', resource_id: 'r_nope' } });
    expect((await service.call('GET', '/v1/redemptions/r_nope')).body).toMatchObject({ key: 'not_found', resource_type: 'redemption' });
    const longReason = await rollback(redeemed.id, `?reason=${'x'.repeat(1001)}`);
    expect(longReason).toMatchObject({ status: 400, body: { key: 'invalid_query_params' } });
    expect(longReason.body.details).toContain('reason');
    const badMetadata = await rollback(redeemed.id, '', { metadata: 'text' });
    expect(badMetadata).toMatchObject({ status: 400, body: { key: 'invalid_payload' } });
    expect(badMetadata.body.details).toContain('metadata');
    const unknownField = await rollback(redeemed.id, '', { points: 5 });
    expect(unknownField).toMatchObject({ status: 400, body: { key: 'invalid_payload' } });
    expect(unknownField.body.details).toContain('points');
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('rolls back pay with points: the order shows canceled with the rollback; the dashboard user is the USER channel', async () => {
    const order = { items: [{ source_id: 'ext-1', quantity: 1, price: 1000 }] };
    const redeemed = await redeem('FIX-DAVE', { reward: { id: reward('Pay with points'), points: 50 }, order });
    const path = `/v1/redemptions/${redeemed.id}/rollback`;
    const headers = { 'x-dashboard-user': signDashboardUser(service.ctx.dashboardUserKey, 'user_agent1', 'POST', path, service.clock.now()) };
    const res = await service.call('POST', path, { body: { reason: 'Customer changed mind' }, headers });
    expect(res.status).toBe(200);
    expect(rollbackContractErrors(res.body)).toEqual([]);
    expect(res.body).toMatchObject({ reason: 'Customer changed mind', amount: -50, channel: { channel_id: 'user_agent1', channel_type: 'USER' }, order: { status: 'CANCELED' } });
    expect(res.body.order.redemptions[redeemed.id]).toMatchObject({ rollback_id: res.body.id, rollback_date: res.body.date });
    const [refund] = (await service.call('GET', '/v1/loyalties/members/FIX-DAVE/transactions?limit=1')).body.data;
    expect(refund).toMatchObject({ type: 'POINTS_REFUND', source: 'voucherify-web-ui', details: { event_source: { channel: 'USER_PORTAL', user: { id: 'user_agent1' } } } });
    const got = await service.call('GET', `/v1/redemptions/${redeemed.id}`);
    expect(storedRedemptionContractErrors(got.body)).toEqual([]);
    expect(got.body.order).toMatchObject({ status: 'CANCELED' });
  });

  it('takes a CAMPAIGN reward’s points back from the card they went to, and refuses when they were spent', async () => {
    const alice = service.project.ids.customers.get('alice');
    expect(alice).toBeDefined();
    const before = (await card('AUTO-ALICE')).loyalty_card.balance;
    const redeemed = await redeem('FIX-ALICE', { reward: { id: reward('Auto bonus') } });
    expect((await card('AUTO-ALICE')).loyalty_card.balance).toBe(before + 50);
    const res = await rollback(redeemed.id, '?reason=Mistake');
    expect(res.status).toBe(200);
    expect(rollbackContractErrors(res.body)).toEqual([]);
    expect((await card('AUTO-ALICE')).loyalty_card.balance).toBe(before);
    expect((await card('FIX-ALICE')).loyalty_card.balance).toBe(400);
    const [removal] = (await service.call('GET', '/v1/loyalties/members/AUTO-ALICE/transactions?limit=1')).body.data;
    expect(removal).toMatchObject({ type: 'POINTS_REMOVAL', reason: 'Mistake', details: { rollback: { id: res.body.id } } });

    // Redeemed again, the 50 points spent on the target card: the rollback is refused, nothing written.
    const again = await redeem('FIX-ALICE', { reward: { id: reward('Auto bonus') } });
    const spend = await service.call('POST', '/v1/loyalties/members/AUTO-ALICE/balance', { body: { points: -(before + 50) } });
    expect(spend.status).toBe(200);
    const checksum = await databaseChecksum(service.database);
    const refused = await rollback(again.id);
    expect(refused).toMatchObject({ status: 400, body: { key: 'loyalty_card_points_exceeded', resource_type: 'voucher' } });
    expect(await databaseChecksum(service.database)).toEqual(checksum);
  });

  it('restores a redemption once under 10 parallel rollbacks', async () => {
    const redeemed = await redeem('FIX-CAROL', { reward: { id: reward('Lunch') } });
    const results = await Promise.all(Array.from({ length: 10 }, () => service.call('POST', `/v1/redemptions/${redeemed.id}/rollback?reason=parallel`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    for (const refused of results.filter((r) => r.status === 400)) expect(refused.body.key).toBe('already_rolled_back');
    expect((await card('FIX-CAROL')).loyalty_card).toMatchObject({ balance: 600 });
    const [{ n }] = await service.database.execute<{ n: string }>("SELECT count(*) AS n FROM card_transactions t JOIN vouchers v ON v.id = t.voucher_id WHERE v.code = 'FIX-CAROL' AND t.type = 'POINTS_REFUND'");
    expect(Number(n)).toBe(1);
  });
});
