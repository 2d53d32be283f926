import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redemptionSchema } from '../../../contract/redemption';
import { pointBuckets, redemptions } from '../../../platform/db/schema';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { activityContractErrors } from '../../../../test/support/member-activity-contract';
import { componentErrors, contractErrors } from '../../../../test/support/openapi';
import { redemptionContractErrors } from '../../../../test/support/redemption-contract';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';
import { runExport } from '../../services/run-export';

const withCampaign = '/v1/loyalties/{campaignId}/members/{memberId}/redemption';
const withoutCampaign = '/v1/loyalties/members/{memberId}/redemption';

describe.each(testDatabases())('Redeem reward (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const reward = (name: string) => service.project.ids.rewards.get(name) as string;
  const redeem = (code: string, body: unknown, campaign?: string) => {
    service.clock.advance(1000);
    return service.call('POST', campaign ? `/v1/loyalties/${encodeURIComponent(campaign)}/members/${code}/redemption` : `/v1/loyalties/members/${code}/redemption`, { body });
  };
  const card = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}`)).body;

  beforeAll(async () => {
    service = await startTestService(kind, spendFixture());
  });
  afterAll(() => service.close());

  it('redeems a MATERIAL reward: points spent, stock counted down, one ledger transaction, the contract’s redemption', async () => {
    const res = await redeem('FIX-BOB', { reward: { id: reward('Mug') }, metadata: { store: 'Lisbon' } }, fixed());
    expect(res.status).toBe(200);
    expect(redemptionContractErrors(withCampaign, res.body)).toEqual([]);
    const body = redemptionSchema.parse(res.body);
    expect(body).toMatchObject({
      id: expect.stringMatching(/^r_/),
      object: 'redemption',
      customer_id: service.project.ids.customers.get('bob'),
      tracking_id: 'bob',
      metadata: { store: 'Lisbon' },
      amount: 300,
      result: 'SUCCESS',
      status: 'SUCCEEDED',
      order: null,
      related_object_type: 'voucher',
      voucher: { code: 'FIX-BOB', loyalty_card: { points: 1000, balance: 700 }, redemption: { redeemed_points: 300 }, holder: { source_id: 'bob' } },
      reward: { id: reward('Mug'), type: 'MATERIAL', assignment_id: service.project.ids.rewardAssignments.get('Mug@Fixed Club'), product: { name: 'Mug', price: 1500 }, voucher: null },
      loyalty_card: { points: 300 },
    });
    expect((await service.call('GET', `/v1/rewards/${reward('Mug')}`)).body).toMatchObject({ stock: 1, redeemed: 1 });

    const [tx] = (await service.call('GET', '/v1/loyalties/members/FIX-BOB/transactions?limit=1')).body.data;
    expect(tx).toMatchObject({ type: 'POINTS_REDEMPTION', reason: null, details: { balance: { points: -300, balance: 700 }, redemption: { id: body.id }, reward: { id: reward('Mug'), name: 'Mug' } } });
    const activities = (await service.call('GET', '/v1/loyalties/members/FIX-BOB/activity?limit=1')).body;
    expect(activities.data[0]).toMatchObject({ type: 'customer.reward_redemptions.completed', data: { data: { reward: { id: reward('Mug'), type: 'MATERIAL' }, reward_redemption: { id: body.id }, balance: 700 } } });
    expect(activityContractErrors('/v1/loyalties/members/{memberId}/activity', activities)).toEqual([]);

    // Without the campaign in the path; the last mug; then none left.
    const second = await redeem('FIX-DAVE', { reward: { id: reward('Mug') } });
    expect(redemptionContractErrors(withoutCampaign, second.body)).toEqual([]);
    const before = await databaseChecksum(service.database);
    const none = await redeem('FIX-BOB', { reward: { id: reward('Mug') } });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ key: 'quantity_exceeded', resource_type: 'reward', resource_id: reward('Mug') });
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('refuses more points than the card holds (400 loyalty_card_points_exceeded) without writing anything', async () => {
    const before = await databaseChecksum(service.database);
    // Alice holds 400; Auto bonus costs 200, twice is fine, a third time is not.
    expect((await redeem('FIX-ALICE', { reward: { id: reward('Auto bonus') } })).status).toBe(200);
    expect((await redeem('FIX-ALICE', { reward: { id: reward('Auto bonus') } })).status).toBe(200);
    const middle = await databaseChecksum(service.database);
    expect(middle).not.toEqual(before);
    const res = await redeem('FIX-ALICE', { reward: { id: reward('Auto bonus') } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, key: 'loyalty_card_points_exceeded', message: 'loyalty card points exceeded', resource_type: 'voucher' });
    expect(componentErrors('spend', 'e_400_loyalty_card_points_exceeded', res.body)).toEqual([]);
    expect(await databaseChecksum(service.database)).toEqual(middle);
    expect((await card('FIX-ALICE')).loyalty_card).toMatchObject({ balance: 0 });
  });

  it('adds a CAMPAIGN reward’s points to the member’s card in the target program, the two transactions naming each other', async () => {
    // Alice's two Auto bonus redemptions above went to the card she holds there.
    expect((await card('AUTO-ALICE')).loyalty_card).toMatchObject({ points: 100, balance: 100 });
    const [addition] = (await service.call('GET', '/v1/loyalties/members/AUTO-ALICE/transactions?limit=1')).body.data;
    const [spent] = (await service.call('GET', '/v1/loyalties/members/FIX-ALICE/transactions?limit=1')).body.data;
    expect(addition).toMatchObject({ type: 'POINTS_ADDITION', reason: "Reward 'Auto bonus'", related_transaction_id: spent.id, details: { balance: { points: 50 } } });
    expect(spent).toMatchObject({ type: 'POINTS_REDEMPTION', related_transaction_id: addition.id });

    // Bob holds no Auto Club card: the reward publishes him one, and the points land there.
    const res = await redeem('FIX-BOB', { reward: { id: reward('Auto bonus') } });
    expect(res.status).toBe(200);
    expect(redemptionContractErrors(withoutCampaign, res.body)).toEqual([]);
    expect(res.body.reward).toMatchObject({ type: 'CAMPAIGN', voucher: { campaign: 'Auto Club', holder_id: service.project.ids.customers.get('bob'), loyalty_card: { points: 50, balance: 50 } } });
    expect(res.body.reward.voucher.code).toMatch(/^AUTO-\d{4}-\d{4}$/);
    expect((await service.call('GET', `/v1/loyalties/${service.project.ids.campaigns.get('Auto Club')}/members?customer=bob`)).body.total).toBe(1);

    // A reward that adds points to the same program: the card pays 10 and gets 30.
    const same = await redeem('FIX-DAVE', { reward: { id: reward('Club bonus') } });
    expect(same.body).toMatchObject({ amount: 10, voucher: { loyalty_card: { balance: 5000 - 300 - 10 + 30 } }, reward: { voucher: { code: 'FIX-DAVE' } } });
  });

  it('pays with points (COIN): the order is required, the points pay part or all of it', async () => {
    const order = { items: [{ product_id: service.project.ids.products.get('coffee'), quantity: '2' }, { source_id: 'ext-1', quantity: 1, price: 1000 }] };
    // 2 coffees at 4.50 (the stored price) and 10.00: 19.00; 100 points pay 20.00, so 95 pay it all.
    const part = await redeem('FIX-DAVE', { reward: { id: reward('Pay with points'), points: 50 }, order });
    expect(part.status).toBe(200);
    expect(redemptionContractErrors(withoutCampaign, part.body)).toEqual([]);
    expect(part.body).toMatchObject({
      amount: 50,
      order: { id: expect.stringMatching(/^ord_/), status: 'PAID', amount: 1900, discount_amount: 1000, total_amount: 900, items: [{ product_id: service.project.ids.products.get('coffee'), quantity: 2, amount: 900, product: { name: 'Coffee', price: 450 } }, { amount: 1000 }] },
      reward: { type: 'COIN', parameters: { coin: { exchange_ratio: 20, points_ratio: 100 } } },
    });
    expect(part.body.order.redemptions[part.body.id]).toMatchObject({ related_object_type: 'voucher', related_object_id: part.body.voucher.id, related_object_parent_id: fixed() });
    const full = await redeem('FIX-DAVE', { reward: { id: reward('Pay with points') }, order: { amount: 45000, source_id: 'order-77' } });
    expect(full.body).toMatchObject({ amount: 2250, order: { source_id: 'order-77', amount: 45000, discount_amount: 45000, total_amount: 0 } });

    const before = await databaseChecksum(service.database);
    const cases: [unknown, string, string][] = [
      [{ reward: { id: reward('Pay with points') } }, 'missing_order', 'An order is required to pay with points'],
      [{ reward: { id: reward('Pay with points') }, order: { items: [{ source_id: 'x', quantity: 1 }] } }, 'missing_amount', 'The order has no amount'],
      [{ reward: { id: reward('Pay with points') }, order: { amount: 0 } }, 'invalid_amount', 'nothing to pay'],
      [{ reward: { id: reward('Pay with points'), points: 100 }, order: { amount: 1000 } }, 'invalid_payload', "Property .reward.points: 100 points pay more than the order's 1000 cents; 50 points pay it in full"],
      [{ reward: { id: reward('Pay with points'), points: 999_999 }, order: { amount: 999_999_999 } }, 'loyalty_card_points_exceeded', 'FIX-DAVE'],
    ];
    for (const [body, key, details] of cases) {
      const res = await redeem('FIX-DAVE', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, key });
      expect(res.body.details).toContain(details);
    }
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('answers bad input, unknown or unoffered rewards and unusable cards with an error object, writing nothing', async () => {
    const before = await databaseChecksum(service.database);
    const cases: [string, unknown, number, string, string][] = [
      ['FIX-BOB', {}, 400, 'missing_reward', 'A reward is required when redeeming a LOYALTY_CARD'],
      ['FIX-BOB', { reward: {} }, 400, 'missing_reward', 'A reward is required'],
      ['FIX-BOB', { reward: { id: 5 } }, 400, 'invalid_payload', 'Property .reward.id'],
      ['FIX-BOB', { reward: { id: reward('Free coffee'), points: -1 } }, 400, 'invalid_payload', 'Property .reward.points'],
      ['FIX-BOB', { reward: { id: reward('Free coffee'), points: 7 } }, 400, 'invalid_payload', 'Property .reward.points: Free coffee costs 100 points'],
      ['FIX-BOB', { reward: { id: reward('Free coffee') }, order: { amount: -5 } }, 400, 'invalid_payload', 'Property .order.amount'],
      ['FIX-BOB', { reward: { id: reward('Free coffee') }, order: { items: [{ quantity: 'two' }] } }, 400, 'invalid_payload', 'Property .order.items.0.quantity'],
      ['FIX-BOB', { reward: { id: 'rew_nope' } }, 404, 'not_found', 'Cannot find reward with id rew_nope'],
      ['FIX-BOB', { reward: { id: reward('Unoffered') } }, 404, 'not_found', `Reward ${reward('Unoffered')} is not offered by loyalty program ${fixed()}`],
      ['FIX-ERIN', { reward: { id: reward('Free coffee') } }, 400, 'voucher_disabled', 'Loyalty card FIX-ERIN is not active'],
      ['FIX-001', { reward: { id: reward('Free coffee') } }, 400, 'missing_customer', 'FIX-001 is not assigned to a customer'],
      ['NOPE', { reward: { id: reward('Free coffee') } }, 404, 'not_found', 'Cannot find voucher with id NOPE'],
    ];
    for (const [code, body, status, key, details] of cases) {
      const res = await redeem(code, body);
      expect(res.status, `${code} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body, `${code} ${JSON.stringify(body)}`).toMatchObject({ code: status, key, request_id: expect.stringMatching(/^v-/) });
      expect(res.body.details).toContain(details);
    }
    const missing = await redeem('FIX-BOB', {});
    expect(componentErrors('spend', 'e_400_missing_reward', missing.body)).toEqual([]);
    const otherProgram = await redeem('FIX-BOB', { reward: { id: reward('Free coffee') } }, service.project.ids.campaigns.get('Auto Club'));
    expect(otherProgram.body).toMatchObject({ code: 404, resource_type: 'voucher', resource_id: 'FIX-BOB' });
    const unknownProgram = await redeem('FIX-BOB', { reward: { id: reward('Free coffee') } }, 'camp_nope');
    expect(unknownProgram.body).toMatchObject({ code: 404, resource_type: 'campaign' });
    expect(contractErrors('spend', withCampaign, 'post', 404, unknownProgram.body)).toEqual([]);
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('lists and exports the new transaction types: the redemption and the points it added elsewhere, naming each other', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'spend-export-'));
    service.ctx.config.dataDir = dataDir;
    try {
      const csvOf = async (code: string) => {
        const created = await service.call('POST', `/v1/loyalties/members/${code}/transactions/export`, { body: { parameters: { order: 'created_at', fields: ['id', 'type', 'amount', 'balance', 'related_transaction_id'] } } });
        await runExport(service.ctx, created.body.id);
        const done = await service.call('GET', `/v1/exports/${created.body.id}`);
        return (await (await fetch(done.body.result.url)).text()).trim().split('\r\n').map((line) => line.split(','));
      };
      const spent = await csvOf('FIX-ALICE');
      const added = await csvOf('AUTO-ALICE');
      expect(spent.map((r) => r.slice(1, 4))).toEqual([
        ['type', 'amount', 'balance'],
        ['POINTS_ADDITION', '400', '400'],
        ['POINTS_REDEMPTION', '-200', '200'],
        ['POINTS_REDEMPTION', '-200', '0'],
      ]);
      expect(added.map((r) => r.slice(1, 4))).toEqual([
        ['type', 'amount', 'balance'],
        ['POINTS_ADDITION', '50', '50'],
        ['POINTS_ADDITION', '50', '100'],
      ]);
      // Each redemption names the addition it caused, and the addition the redemption.
      expect(spent[1][4]).toBe('');
      expect(spent.slice(2).map((r) => r[4])).toEqual(added.slice(1).map((r) => r[0]));
      expect(added.slice(1).map((r) => r[4])).toEqual(spent.slice(2).map((r) => r[0]));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('lets exactly as many parallel redemptions through as the balance pays: 10 × 300 points on a 600-point card', async () => {
    const responses = await Promise.all(Array.from({ length: 10 }, () => service.call('POST', '/v1/loyalties/members/FIX-CAROL/redemption', { body: { reward: { id: reward('Lunch') } } })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 400, 400, 400, 400, 400, 400, 400, 400]);
    for (const refused of responses.filter((r) => r.status === 400)) expect(refused.body).toMatchObject({ key: 'loyalty_card_points_exceeded', resource_type: 'voucher' });
    // Each success saw the balance the other left.
    expect(responses.filter((r) => r.status === 200).map((r) => r.body.voucher.loyalty_card.balance).sort()).toEqual([0, 300]);
    const member = await card('FIX-CAROL');
    expect(member.loyalty_card).toMatchObject({ points: 600, balance: 0 });
    expect(member.redemption).toMatchObject({ redeemed_points: 600 });
    const buckets = await service.database.db.select().from(pointBuckets).where(eq(pointBuckets.voucherId, member.id));
    expect(buckets.reduce((sum, b) => sum + b.remaining, 0)).toBe(0);
    expect(await service.database.db.select().from(redemptions).where(eq(redemptions.voucherId, member.id))).toHaveLength(2);
  });
});
