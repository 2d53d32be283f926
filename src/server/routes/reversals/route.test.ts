import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTransactionSchema } from '../../../contract/card-transaction';
import { signDashboardUser } from '../../../platform/dashboard-user';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { componentErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';

describe.each(testDatabases())('Reverse a manual points change (%s)', (kind) => {
  let service: TestService;
  const adjust = async (code: string, points: number, reason = 'by hand') => {
    service.clock.advance(1000);
    const res = await service.call('POST', `/v1/loyalties/members/${code}/balance`, { body: { points, reason } });
    expect(res.status).toBe(200);
    const [tx] = (await service.call('GET', `/v1/loyalties/members/${code}/transactions?limit=1`)).body.data;
    return tx as { id: string; type: string };
  };
  const reverse = (code: string, id: string, body: unknown = { reason: 'Added to the wrong card' }, headers?: Record<string, string>) => {
    service.clock.advance(1000);
    return service.call('POST', `/v1/loyalties/members/${code}/transactions/${id}/reversal`, { body, headers });
  };
  const balance = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}`)).body.loyalty_card.balance as number;

  beforeAll(async () => {
    service = await startTestService(kind, spendFixture());
  });
  afterAll(() => service.close());

  it('reverses points added by hand: a removal with the reason, naming the original, once', async () => {
    const added = await adjust('FIX-BOB', 150);
    expect(await balance('FIX-BOB')).toBe(1150);
    const path = `/v1/loyalties/members/FIX-BOB/transactions/${added.id}/reversal`;
    const headers = { 'x-dashboard-user': signDashboardUser(service.ctx.dashboardUserKey, 'user_agent7', 'POST', path, service.clock.now()) };
    const res = await reverse('FIX-BOB', added.id, { reason: 'Added to the wrong card' }, headers);
    expect(res.status).toBe(200);
    expect(componentErrors('supporting', 'LoyaltyCardTransaction', res.body)).toEqual([]);
    expect(cardTransactionSchema.parse(res.body)).toMatchObject({
      type: 'POINTS_REMOVAL',
      reason: 'Added to the wrong card',
      source: 'voucherify-web-ui',
      related_transaction_id: added.id,
      details: { balance: { points: -150, balance: 1000 }, reversal_of: { id: added.id, type: 'POINTS_ADDITION' }, event_source: { channel: 'USER_PORTAL', user: { id: 'user_agent7' } } },
    });
    expect(await balance('FIX-BOB')).toBe(1000);
    const [latest] = (await service.call('GET', '/v1/loyalties/members/FIX-BOB/transactions?limit=1')).body.data;
    expect(latest.id).toBe(res.body.id);

    const before = await databaseChecksum(service.database);
    const again = await reverse('FIX-BOB', added.id);
    expect(again).toMatchObject({ status: 400, body: { key: 'already_reversed', resource_id: added.id, resource_type: 'loyalty_card_transaction' } });
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('reverses points removed by hand: they come back as an addition', async () => {
    const removed = await adjust('FIX-DAVE', -250);
    const res = await reverse('FIX-DAVE', removed.id, { reason: 'Removed by mistake' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ type: 'POINTS_ADDITION', reason: 'Removed by mistake', related_transaction_id: removed.id, details: { balance: { points: 250, balance: 5000 } } });
    const [card] = await service.database.execute<{ balance: string; buckets: string }>(
      "SELECT v.balance, (SELECT sum(remaining) FROM point_buckets b WHERE b.voucher_id = v.id) AS buckets FROM vouchers v WHERE v.code = 'FIX-DAVE'",
    );
    expect(Number(card.buckets)).toBe(Number(card.balance));
  });

  it('refuses what is no manual change, points since spent, and bad input, writing nothing', async () => {
    const added = await adjust('FIX-CAROL', 100);
    // Carol spends everything: the 100 points added are gone.
    expect((await service.call('POST', '/v1/loyalties/members/FIX-CAROL/balance', { body: { points: -700 } })).status).toBe(200);
    service.clock.advance(1000);
    const redeemed = await service.call('POST', '/v1/loyalties/members/FIX-DAVE/redemption', { body: { reward: { id: service.project.ids.rewards.get('Free coffee') } } });
    const [spent] = (await service.call('GET', '/v1/loyalties/members/FIX-DAVE/transactions?limit=1')).body.data;
    expect(redeemed.status).toBe(200);

    const before = await databaseChecksum(service.database);
    expect(await reverse('FIX-CAROL', added.id)).toMatchObject({ status: 400, body: { key: 'loyalty_card_points_exceeded', resource_type: 'voucher' } });
    expect(await reverse('FIX-DAVE', spent.id)).toMatchObject({ status: 400, body: { key: 'not_reversible', resource_id: spent.id } });
    expect(await reverse('FIX-DAVE', 'vtx_nope')).toMatchObject({ status: 404, body: { key: 'not_found', resource_type: 'loyalty_card_transaction', resource_id: 'vtx_nope' } });
    // Another card's transaction is not found on this one.
    expect(await reverse('FIX-DAVE', added.id)).toMatchObject({ status: 404, body: { key: 'not_found' } });
    expect(await reverse('NOPE', added.id)).toMatchObject({ status: 404, body: { key: 'not_found', resource_type: 'voucher' } });
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(1001) }, { reason: 'ok', points: 3 }]) {
      const res = await reverse('FIX-CAROL', added.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.key).toBe('invalid_payload');
      expect(res.body.details).toMatch(/reason|points/);
    }
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('reverses once under 10 parallel requests', async () => {
    const added = await adjust('FIX-ALICE', 40);
    const results = await Promise.all(Array.from({ length: 10 }, () => service.call('POST', `/v1/loyalties/members/FIX-ALICE/transactions/${added.id}/reversal`, { body: { reason: 'parallel' } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.key).toBe('already_reversed');
    expect(await balance('FIX-ALICE')).toBe(400);
  });
});
