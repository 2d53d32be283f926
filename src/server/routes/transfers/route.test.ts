import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferPointsResponseSchema } from '../../../contract/points-transfer';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { activityContractErrors } from '../../../../test/support/member-activity-contract';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';

const transfersPath = '/v1/loyalties/{campaignId}/members/{memberId}/transfers';
/** The contract's own example answers these card fields with null, though its schema types them otherwise: the example wins. */
const cardNulls = ['category', 'category_id', 'start_date', 'expiration_date', 'additional_info', 'redemption.quantity', 'loyalty_card.next_expiration_date', 'loyalty_card.next_expiration_points'];
/**
 * The response schema types `active` as a string and requires `validity_timeframe` and
 * `validity_day_of_week` as an object and an array; its example answers a boolean and two nulls:
 * the example wins.
 */
const exampleDefects = ['/active must be string,null {"type":["string","null"]}', '/validity_timeframe must be object {"type":"object"}', '/validity_day_of_week must be array {"type":"array"}'];
const transferContractErrors = (body: unknown) => contractErrors('loyalty-rest', transfersPath, 'post', 200, body, cardNulls).filter((e) => !exampleDefects.includes(e));

/** The card's totals and what its buckets hold, which must equal its balance. */
export async function ledgerOf(service: TestService, code: string) {
  const [card] = await service.database.execute<{ id: string; balance: string; points: string; subtracted_points: string }>('SELECT id, balance, points, subtracted_points FROM vouchers WHERE code = $1', [code]);
  const [{ remaining }] = await service.database.execute<{ remaining: string }>('SELECT coalesce(sum(remaining), 0) AS remaining FROM point_buckets WHERE voucher_id = $1', [card.id]);
  return { balance: Number(card.balance), buckets: Number(remaining) };
}

describe.each(testDatabases())('Transfer Loyalty Points (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const transfer = (campaign: string, code: string, body: unknown) => {
    service.clock.advance(1000);
    return service.call('POST', `/v1/loyalties/${campaign}/members/${code}/transfers`, { body });
  };
  const card = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}`)).body;

  beforeAll(async () => {
    service = await startTestService(kind, spendFixture());
  });
  afterAll(() => service.close());

  it('moves points from each source to the member’s card: a TRANSFER_OUT and a TRANSFER_IN naming each other, the card as the contract answers it', async () => {
    const res = await transfer(fixed(), 'FIX-BOB', [
      { code: 'FIX-DAVE', points: 200, reason: 'Family pooling', source_id: 'crm-1' },
      { code: 'AUTO-ALICE', points: 0 + 1 },
    ]).catch((e) => e);
    // Alice's Auto Club card holds nothing yet: refused, nothing moved.
    expect(res).toMatchObject({ status: 400, body: { key: 'loyalty_card_points_exceeded', resource_type: 'voucher' } });
    expect((await card('FIX-DAVE')).loyalty_card.balance).toBe(5000);

    const ok = await transfer(fixed(), 'FIX-BOB', [
      { code: 'FIX-DAVE', points: 200, reason: 'Family pooling', source_id: 'crm-1' },
      { code: 'FIX-CAROL', points: 100 },
    ]);
    expect(ok.status).toBe(200);
    expect(transferContractErrors(ok.body)).toEqual([]);
    expect(transferPointsResponseSchema.parse(ok.body)).toMatchObject({ code: 'FIX-BOB', loyalty_card: { points: 1300, balance: 1300 } });
    expect((await card('FIX-DAVE')).loyalty_card).toMatchObject({ balance: 4800, subtracted_points: 200 });
    expect((await card('FIX-CAROL')).loyalty_card).toMatchObject({ balance: 500 });

    const [inCarol, inDave] = (await service.call('GET', '/v1/loyalties/members/FIX-BOB/transactions?limit=2')).body.data;
    const [outDave] = (await service.call('GET', '/v1/loyalties/members/FIX-DAVE/transactions?limit=1')).body.data;
    const [outCarol] = (await service.call('GET', '/v1/loyalties/members/FIX-CAROL/transactions?limit=1')).body.data;
    expect(inDave).toMatchObject({ type: 'POINTS_TRANSFER_IN', reason: 'Family pooling', source_id: 'crm-1', related_transaction_id: outDave.id, details: { balance: { points: 200 }, source_voucher: { code: 'FIX-DAVE' } } });
    expect(outDave).toMatchObject({ type: 'POINTS_TRANSFER_OUT', reason: 'Family pooling', source_id: 'crm-1', related_transaction_id: inDave.id, details: { balance: { points: -200, balance: 4800 }, destination_voucher: { code: 'FIX-BOB' } } });
    expect(inCarol).toMatchObject({ type: 'POINTS_TRANSFER_IN', related_transaction_id: outCarol.id, details: { balance: { points: 100, balance: 1300 } } });
    const listed = await service.call('GET', '/v1/loyalties/members/FIX-DAVE/transactions?limit=1');
    expect(contractErrors('supporting', '/v1/loyalties/members/{memberId}/transactions', 'get', 200, listed.body)).toEqual([]);
    const activity = await service.call('GET', '/v1/loyalties/members/FIX-DAVE/activity?limit=1');
    expect(activityContractErrors('/v1/loyalties/members/{memberId}/activity', activity.body)).toEqual([]);
    expect(activity.body.data[0]).toMatchObject({ type: 'customer.voucher.loyalty_card.points_transferred' });
    for (const code of ['FIX-BOB', 'FIX-DAVE', 'FIX-CAROL']) {
      const ledger = await ledgerOf(service, code);
      expect(ledger.buckets).toBe(ledger.balance);
    }
  });

  it('answers bad input with the error object naming the field, and writes nothing', async () => {
    const before = await databaseChecksum(service.database);
    const cases: [unknown, string, string][] = [
      [[], 'invalid_payload', ''],
      [{ code: 'FIX-DAVE', points: 1 }, 'invalid_payload', ''],
      [[{ code: 'FIX-DAVE', points: 0 }], 'invalid_payload', '.0.points'],
      [[{ code: 'FIX-DAVE', points: 1.5 }], 'invalid_payload', '.0.points'],
      [[{ code: 'FIX-DAVE', points: 1, extra: true }], 'invalid_payload', 'extra'],
      [[{ code: 'FIX-DAVE', points: 1 }, { code: 'FIX-DAVE', points: 2 }], 'invalid_payload', '.1.code'],
      [[{ code: 'FIX-BOB', points: 1 }], 'invalid_payload', '.0.code'],
      [[{ code: 'FIX-DAVE', points: 1 }, { code: 'FIX-CAROL', points: 10_000 }], 'loyalty_card_points_exceeded', 'FIX-CAROL'],
    ];
    for (const [body, key, named] of cases) {
      const res = await transfer(fixed(), 'FIX-BOB', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key, request_id: expect.any(String) });
      expect(String(res.body.details ?? ''), JSON.stringify(body)).toContain(named);
    }
    expect(await transfer(fixed(), 'FIX-BOB', [{ code: 'NOPE', points: 1 }])).toMatchObject({ status: 404, body: { key: 'not_found', resource_type: 'voucher', resource_id: 'NOPE' } });
    expect(await transfer(auto(), 'FIX-BOB', [{ code: 'FIX-DAVE', points: 1 }])).toMatchObject({ status: 404, body: { key: 'not_found', resource_type: 'voucher', resource_id: 'FIX-BOB' } });
    expect(await transfer('camp_nope', 'FIX-BOB', [{ code: 'FIX-DAVE', points: 1 }])).toMatchObject({ status: 404, body: { key: 'not_found', resource_type: 'campaign' } });
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('keeps the total exact and no card below 0 under 20 parallel transfers in both directions', async () => {
    const start = { bob: (await card('FIX-BOB')).loyalty_card.balance as number, carol: (await card('FIX-CAROL')).loyalty_card.balance as number };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? service.call('POST', `/v1/loyalties/${fixed()}/members/FIX-CAROL/transfers`, { body: [{ code: 'FIX-BOB', points: 400 }] })
          : service.call('POST', `/v1/loyalties/${fixed()}/members/FIX-BOB/transfers`, { body: [{ code: 'FIX-CAROL', points: 400 }] }),
      ),
    );
    for (const r of results) expect([200, 400]).toContain(r.status);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.key).toBe('loyalty_card_points_exceeded');
    const toCarol = results.filter((r, i) => i % 2 === 0 && r.status === 200).length;
    const toBob = results.filter((r, i) => i % 2 === 1 && r.status === 200).length;
    const bob = await ledgerOf(service, 'FIX-BOB');
    const carol = await ledgerOf(service, 'FIX-CAROL');
    expect(bob.balance + carol.balance).toBe(start.bob + start.carol);
    expect(bob.balance).toBe(start.bob - 400 * toCarol + 400 * toBob);
    expect(Math.min(bob.balance, carol.balance)).toBeGreaterThanOrEqual(0);
    expect(bob.buckets).toBe(bob.balance);
    expect(carol.buckets).toBe(carol.balance);
  });
});
