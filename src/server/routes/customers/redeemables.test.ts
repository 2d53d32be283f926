import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { earningFixture } from '../../../../test/support/earning-fixture';
import { contractErrors } from '../../../../test/support/openapi';
import { readReference } from '../../../../test/support/reference';
import { startTestService, type TestService } from '../../../../test/support/service';

const path = '/v1/customers/{customerId}/redeemables';

/**
 * The contract's example answers `validity_timeframe`, `validity_day_of_week` and `validity_hours` null
 * where its schema types them as an object, an array and an object: the example wins (last test). A
 * loyalty card's `discount` is null, as every loyalty card example of the other reference files has it
 * (this file's example is a discount voucher). Each is null-checked by our own zod schema instead.
 */
const exampleNulls = ['validity_timeframe', 'validity_day_of_week', 'validity_hours'];
const defectNulls = (body: { data: unknown[] }, fields = [...exampleNulls, 'discount']) => body.data.flatMap((_, i) => fields.map((f) => `data.${i}.redeemable.voucher.${f}`));
type Record = { id: string; created_at: string; redeemable_id: string; campaign_id: string; customer_id: string; redeemable: { voucher: { code: string }; status: string } };

/**
 * List Customer's Redeemables (issue 34): the cards a customer holds, one holder record each, with
 * the contract's paging, order and every filter it documents, each answer checked against
 * openapi-customers-catalog.json.
 */
describe.each(testDatabases())("Customer's redeemables (%s)", (kind) => {
  let service: TestService;
  let aliceId: string;
  let third: string;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const list = async (query = '', ref = 'alice') => {
    const res = await service.call('GET', `/v1/customers/${ref}/redeemables${query ? `?${query}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(contractErrors('customers-catalog', path, 'get', 200, res.body, defectNulls(res.body))).toEqual([]);
    return res.body as { data: Record[]; total: number; has_more: boolean; more_starting_after?: string };
  };
  const codes = (body: { data: Record[] }) => body.data.map((r) => r.redeemable.voucher.code);

  beforeAll(async () => {
    service = await startTestService(kind, earningFixture());
    service.clock.set('2026-07-01T09:00:00.000Z');
    aliceId = (await service.call('GET', '/v1/customers/alice')).body.id;
    // A third program, joined a day after the fixture's cards were held.
    const created = await service.call('POST', '/v1/loyalties', { body: { name: 'Third Club', vouchers_count: 2, voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 }, code_config: { pattern: 'THIRD-####' } } } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    third = created.body.id;
    service.clock.advance(86_400_000);
    const joined = await service.call('POST', `/v1/loyalties/${third}/members`, { body: { customer: 'alice' } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
  });
  afterAll(() => service.close());

  it('lists every card the customer holds, newest first, by id or source id and through the SDK', async () => {
    const all = await list();
    expect(all.total).toBe(3);
    expect(all.has_more).toBe(false);
    expect(all.more_starting_after).toBeUndefined();
    expect(codes(all)[0]).toMatch(/^THIRD-/);
    expect(new Set(codes(all).slice(1))).toEqual(new Set(['FIX-ALICE', 'AUTO-ALICE']));
    expect(all.data.map((r) => r.created_at)).toEqual([...all.data.map((r) => r.created_at)].sort().reverse());
    expect(all.data[0]).toMatchObject({ customer_id: aliceId, holder_role: 'OWNER', redeemable_object: 'voucher', campaign_id: third, campaign_type: 'LOYALTY_PROGRAM', voucher_type: 'LOYALTY_CARD', redeemable: { type: 'voucher', status: 'ACTIVE' } });
    expect(all.data.every((r) => r.id.startsWith('rh_') && r.redeemable_id === (r.redeemable.voucher as unknown as { id: string }).id)).toBe(true);
    // Asset ids are sealed afresh on each read: the records compare by id.
    expect((await list('', aliceId)).data.map((r) => r.id)).toEqual(all.data.map((r) => r.id));
    const viaSdk = await sdk().customers.listRedeemables('alice', { limit: 2, order: 'id' });
    expect(viaSdk.data.map((r) => r.id)).toEqual([...all.data].reverse().slice(0, 2).map((r) => r.id));
    expect(viaSdk).toMatchObject({ total: 3, has_more: true });
    // The SDK sends `filters` as a deepObject.
    const filtered = await sdk().customers.listRedeemables('alice', { filters: { campaign_id: { conditions: { $in: [third] } } } });
    expect(filtered.data.map((r) => r.campaign_id)).toEqual([third]);
    // A customer who holds nothing has an empty list.
    expect((await service.call('POST', '/v1/customers', { body: { source_id: 'no-cards' } })).status).toBe(200);
    expect(await list('', 'no-cards')).toMatchObject({ data: [], total: 0, has_more: false });
  });

  it('pages by holder id in either order after starting_after_id', async () => {
    const all = await list();
    const first = await list('limit=1');
    expect(first).toMatchObject({ total: 3, has_more: true, more_starting_after: all.data[0].id });
    const second = await list(`limit=1&starting_after_id=${first.more_starting_after}`);
    expect(second.data.map((r) => r.id)).toEqual([all.data[1].id]);
    const rest = await list(`limit=5&starting_after_id=${second.more_starting_after}`);
    expect(rest).toMatchObject({ has_more: false });
    expect(rest.data.map((r) => r.id)).toEqual([all.data[2].id]);
    expect((await list('order=id')).data.map((r) => r.id)).toEqual([...all.data].reverse().map((r) => r.id));
    expect((await list(`order=id&starting_after_id=${all.data[2].id}`)).data.map((r) => r.id)).toEqual([all.data[1].id, all.data[0].id]);
    expect((await list('order=-created_at')).data.map((r) => r.id)).toEqual(all.data.map((r) => r.id));
  });

  it('applies every documented filter, joined by the junction', async () => {
    const all = await list();
    const [newest, middle] = all.data;
    const f = (field: string, op: string, value: string) => `filters[${field}][conditions][${op}]=${encodeURIComponent(value)}`;
    expect((await list(f('id', '$is', middle.id))).data.map((r) => r.id)).toEqual([middle.id]);
    expect((await list(f('id', '$is_not', middle.id))).total).toBe(2);
    expect((await list(f('redeemable_id', '$in', middle.redeemable_id))).data.map((r) => r.id)).toEqual([middle.id]);
    expect((await list(f('campaign_id', '$is', fixed()))).data.map((r) => r.redeemable.voucher.code)).toEqual(['FIX-ALICE']);
    expect((await list(f('campaign_id', '$starts_with', 'camp_'))).total).toBe(3);
    expect((await list(f('created_at', '$after', middle.created_at))).data.map((r) => r.id)).toEqual([newest.id]);
    expect((await list(f('created_at', '$before', newest.created_at))).total).toBe(2);
    expect((await list(`${f('holder_role', '$in][0', 'OWNER')}&${f('holder_role', '$in][1', 'REFEREE')}`)).total).toBe(3);
    expect((await list(f('holder_role', '$is', 'REFERRER'))).total).toBe(0);
    expect((await list(f('campaign_type', '$is', 'LOYALTY_PROGRAM'))).total).toBe(3);
    expect((await list(f('campaign_type', '$not_in', 'LOYALTY_PROGRAM'))).total).toBe(0);
    expect((await list(f('voucher_type', '$is', 'DISCOUNT_VOUCHER'))).total).toBe(0);
    expect((await list(f('redeemable_object', '$is', 'voucher'))).total).toBe(3);
    // Two conditions: `and` (the default) keeps what both match, `or` what either does.
    const both = `${f('campaign_id', '$is', fixed())}&${f('id', '$is', newest.id)}`;
    expect((await list(both)).total).toBe(0);
    expect((await list(`${both}&filters[junction]=or`)).total).toBe(2);
    // The total counts every match, the page only `limit` of them.
    expect(await list(`limit=1&${f('holder_role', '$is', 'OWNER')}`)).toMatchObject({ total: 3, has_more: true });
  });

  it('answers bad input and unknown customers with the error object naming the field, writing nothing', async () => {
    const before = await databaseChecksum(service.database);
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['order=name', 'order'],
      ['starting_after_id=rh_nope', 'starting_after_id'],
      ['filters[holder_role][conditions][$is]=BOSS', 'holder_role'],
      ['filters[campaign_type][conditions][$in][0]=PROMOTION', 'campaign_type'],
      ['filters[created_at][conditions][$after]=yesterday', 'created_at'],
      ['filters[colour][conditions][$is]=red', 'colour'],
      ['filters[id][conditions][$near]=x', '$near'],
      ['filters[junction]=xor', 'junction'],
    ] as const) {
      const res = await service.call('GET', `/v1/customers/alice/redeemables?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ code: 400, key: expect.any(String), message: expect.any(String), request_id: expect.any(String) });
      expect(res.body.details, query).toContain(field);
    }
    const missing = await service.call('GET', '/v1/customers/nobody/redeemables');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'customer', resource_id: 'nobody' });
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('holds to the contract’s example where its schema says otherwise', () => {
    // The example is what the real API answers: it must pass the schema our answers are checked against.
    const example = readReference('openapi-customers-catalog.json').paths[path].get.responses['200'].content['application/json'].examples.Example.value;
    const errors = contractErrors('customers-catalog', path, 'get', 200, example);
    expect(errors.map((e) => e.replace(/ must .*/, '')).sort()).toEqual(defectNulls(example, exampleNulls).map((p) => `/${p.replaceAll('.', '/')}`).sort());
    expect(contractErrors('customers-catalog', path, 'get', 200, example, defectNulls(example, exampleNulls))).toEqual([]);
    // It lists newest first with `total` and `has_more`, as ours do by default.
    expect(example).toMatchObject({ object: 'list', data_ref: 'data', total: 2, has_more: false });
    expect(example.data[0].created_at > example.data[1].created_at).toBe(true);
  });
});
