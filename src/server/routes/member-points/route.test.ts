import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceUpdateResponseSchema } from '../../../contract/loyalty-balance';
import { memberActivityListSchema } from '../../../contract/member-activity';
import { pointsBucketListSchema } from '../../../contract/points-expiration';
import { signDashboardUser } from '../../../platform/dashboard-user';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { earningFixture } from '../../../../test/support/earning-fixture';
import { activityContractErrors } from '../../../../test/support/member-activity-contract';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';

const balancePath = '/v1/loyalties/{campaignId}/members/{memberId}/balance';
const balancePathShort = '/v1/loyalties/members/{memberId}/balance';

/** earningFixture, with a program-wide expiration on Fixed Club for PROGRAM_RULES and a card nobody holds. */
function fixture() {
  const base = earningFixture();
  const [fixed, ...rest] = base.campaigns ?? [];
  return {
    ...base,
    campaigns: [{ ...fixed, points_expiration: { type: 'ROLLING_EXPIRATION', rolling_expiration: { period: { unit: 'MONTH', value: 1 }, rounding: { type: 'END_OF_MONTH' } } } }, ...rest],
  };
}

describe.each(testDatabases())('Member points: balance, expiration buckets, activity (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const card = async (code: string) => (await service.call('GET', `/v1/loyalties/members/${code}`)).body;
  // Each change a second after the last, so buckets of one day keep their creation order.
  const adjust = async (code: string, body: unknown, campaign?: string) => {
    service.clock.advance(1000);
    return service.call('POST', campaign ? `/v1/loyalties/${encodeURIComponent(campaign)}/members/${code}/balance` : `/v1/loyalties/members/${code}/balance`, { body });
  };
  const buckets = async (code: string, query = '') => service.call('GET', `/v1/loyalties/${fixed()}/members/${code}/points-expiration${query}`);

  beforeAll(async () => {
    service = await startTestService(kind, fixture());
    service.clock.set('2026-03-10T12:00:00.000Z');
  });
  afterAll(() => service.close());

  it('adds points on both paths, answering the balance object of the contract', async () => {
    const first = await adjust('FIX-ALICE', { points: 100, expiration_type: 'CUSTOM_DATE', expiration_date: '2026-04-30', reason: 'goodwill', source_id: 'crm-1' }, fixed());
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ points: 100, total: 100, balance: 100, type: 'loyalty_card', object: 'balance', related_object: { type: 'voucher', id: (await card('FIX-ALICE')).id }, operation_type: 'MANUAL' });
    expect(contractErrors('spend', balancePath, 'post', 200, first.body)).toEqual([]);
    expect(balanceUpdateResponseSchema.parse(first.body)).toBeTruthy();

    const second = await adjust('FIX-ALICE', { points: 50, expiration_type: 'NON_EXPIRING' });
    expect(second.body).toMatchObject({ points: 50, total: 150, balance: 150 });
    expect(contractErrors('spend', balancePathShort, 'post', 200, second.body)).toEqual([]);
    // By campaign name as the path allows, and PROGRAM_RULES: Fixed Club's points last a month, to the end of that month.
    const third = await adjust('FIX-ALICE', { points: 30, expiration_type: 'PROGRAM_RULES' }, 'Fixed Club');
    expect(third.body).toMatchObject({ points: 30, total: 180, balance: 180 });
    // A date-time counts by its UTC date; without a type, a date means CUSTOM_DATE.
    expect((await adjust('FIX-ALICE', { points: 20, expiration_date: '2026-03-31T23:00:00-02:00' })).body).toMatchObject({ balance: 200 });

    const member = await card('FIX-ALICE');
    expect(member.loyalty_card).toMatchObject({ points: 200, balance: 200, next_expiration_date: '2026-04-01', next_expiration_points: 20 });
    const txs = (await service.call('GET', '/v1/loyalties/members/FIX-ALICE/transactions?limit=4')).body.data;
    expect(txs.map((t: { type: string }) => t.type)).toEqual(['POINTS_ADDITION', 'POINTS_ADDITION', 'POINTS_ADDITION', 'POINTS_ADDITION']);
    expect(txs[3]).toMatchObject({ reason: 'goodwill', source_id: 'crm-1', source: 'API', details: { balance: { points: 100, balance: 100, total: 100 } } });
  });

  it('lists the live buckets soonest-expiring first, never-expiring last, a page at a time', async () => {
    const res = await buckets('FIX-ALICE');
    expect(res.status).toBe(200);
    expect(pointsBucketListSchema.parse(res.body)).toBeTruthy();
    expect(res.body.total).toBe(4);
    expect(res.body.data.map((b: { expires_at?: string; bucket: { total_points: number } }) => [b.expires_at, b.bucket.total_points])).toEqual([
      ['2026-04-01', 20],
      ['2026-04-30', 100],
      ['2026-04-30', 30],
      [undefined, 50],
    ]);
    expect(res.body.data[0]).toMatchObject({ id: expect.stringMatching(/^lopb_/), voucher_id: (await card('FIX-ALICE')).id, campaign_id: fixed(), status: 'ACTIVE', object: 'loyalty_points_bucket' });
    const page2 = await buckets('FIX-ALICE', '?limit=3&page=2');
    expect(page2.body).toMatchObject({ total: 4, data: [{ bucket: { total_points: 50 } }] });

    // Buckets with a last day validate against the contract. The never-expiring bucket leaves out
    // expires_at as the contract's own example does, though its schema requires the field: the example wins.
    const expiring = { ...res.body, data: res.body.data.slice(0, 3) };
    const path = '/v1/loyalties/{campaignId}/members/{memberId}/points-expiration';
    expect(contractErrors('spend', path, 'get', 200, expiring)).toEqual([]);
    expect(contractErrors('spend', path, 'get', 200, res.body)).toEqual([expect.stringContaining("must have required property 'expires_at'")]);
  });

  it('removes points from those that expire soonest, and refuses to go below zero without writing anything', async () => {
    const removed = await adjust('FIX-ALICE', { points: -110, reason: 'correction' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ points: -110, total: 200, balance: 90 });
    expect(contractErrors('spend', balancePathShort, 'post', 200, removed.body)).toEqual([]);
    // 20 due 1 April and 90 of the 130 due 30 April are gone; the never-expiring 50 stay whole.
    const left = (await buckets('FIX-ALICE')).body.data.map((b: { expires_at?: string; bucket: { total_points: number } }) => [b.expires_at, b.bucket.total_points]);
    expect(left).toEqual([
      ['2026-04-30', 10],
      ['2026-04-30', 30],
      [undefined, 50],
    ]);
    expect((await card('FIX-ALICE')).loyalty_card).toMatchObject({ balance: 90, subtracted_points: 110 });

    const before = await databaseChecksum(service.database);
    const over = await adjust('FIX-ALICE', { points: -91 }, fixed());
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 400, key: 'loyalty_card_points_exceeded', resource_type: 'voucher', request_id: expect.stringMatching(/^v-/) });
    expect(over.body.details).toContain('90 points');
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('answers bad input with an error object naming the field, and writes nothing', async () => {
    const before = await databaseChecksum(service.database);
    const cases: [unknown, string, string, string?][] = [
      [{}, 'invalid_payload', "Payload should have required property 'points'"],
      [{ points: 0 }, 'invalid_payload', 'Property .points: must not be 0'],
      [{ points: 1.5 }, 'invalid_payload', 'Property .points'],
      [{ points: '10' }, 'invalid_payload', 'Property .points'],
      [{ points: 10, expiration_type: 'SOMEDAY' }, 'invalid_payload', 'Property .expiration_type'],
      [{ points: 10, expiration_type: 'CUSTOM_DATE' }, 'invalid_payload', "Payload should have required property 'expiration_date'"],
      [{ points: 10, expiration_type: 'CUSTOM_DATE', expiration_date: '30/05/2026' }, 'invalid_payload', 'Property .expiration_date: cannot be recognized as a ISO-8601 compliant date'],
      [{ points: 10, expiration_type: 'CUSTOM_DATE', expiration_date: '2026-02-30' }, 'invalid_payload', 'Property .expiration_date'],
      [{ points: 10, expiration_type: 'NON_EXPIRING', expiration_date: '2026-05-30' }, 'invalid_payload', 'Property .expiration_date: applies only to expiration_type CUSTOM_DATE'],
      [{ points: -10, expiration_type: 'NON_EXPIRING' }, 'invalid_payload', 'Property .expiration_type: applies only to added points'],
      [{ points: 10, expiration_type: 'CUSTOM_DATE', expiration_date: '2026-03-09' }, 'invalid_expiration_date', 'Expiration date cannot be set in the past', 'Invalid Expiration Date'],
      [[{ points: 10 }], 'invalid_payload', 'Payload'],
    ];
    for (const [body, key, details, message] of cases) {
      const res = await adjust('FIX-ALICE', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: 400, key, request_id: expect.stringMatching(/^v-/) });
      expect(res.body.details, JSON.stringify(body)).toContain(details);
      if (message) expect(res.body.message).toBe(message);
      expect(contractErrors('spend', balancePathShort, 'post', 400, res.body)).toEqual([]);
    }
    const unknown = await adjust('NOPE', { points: 10 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ key: 'not_found', resource_type: 'voucher', resource_id: 'NOPE', details: 'Cannot find voucher with id NOPE' });
    const otherProgram = await adjust('FIX-ALICE', { points: 10 }, auto());
    expect(otherProgram.body).toMatchObject({ code: 404, resource_type: 'voucher' });
    const noCampaign = await adjust('FIX-ALICE', { points: 10 }, 'camp_unknown');
    expect(noCampaign.body).toMatchObject({ code: 404, resource_type: 'campaign', resource_id: 'camp_unknown' });
    const unheld = await adjust('FIX-001', { points: 10 });
    expect(unheld.body).toMatchObject({ code: 400, key: 'missing_customer', resource_type: 'voucher' });
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('records a change made from the dashboard with the dashboard as its source', async () => {
    const path = '/v1/loyalties/members/FIX-BOB/balance';
    const headers = { 'x-dashboard-user': signDashboardUser(service.ctx.dashboardUserKey, 'usr_agent', 'POST', path, service.clock.now()) };
    expect((await service.call('POST', path, { body: { points: 5, reason: 'apology' }, headers })).status).toBe(200);
    const [tx] = (await service.call('GET', '/v1/loyalties/members/FIX-BOB/transactions?limit=1')).body.data;
    expect(tx).toMatchObject({ type: 'POINTS_ADDITION', source: 'voucherify-web-ui', reason: 'apology' });
  });

  it('lists every event of the card: publication, accrual, manual changes, expiry; newest first, paged', async () => {
    // FIX-ALICE earns once from an event, then its 1 April bucket was spent and the 30 April ones expire.
    expect((await service.call('POST', '/v1/events', { body: { event: 'app_review', customer: 'alice', loyalty: { code: 'FIX-ALICE' }, metadata: { rating: 5 } } })).status).toBe(200);
    const { expireDuePoints } = await import('../../services/expire-points');
    await expireDuePoints(service.ctx, new Date('2026-05-01T00:00:00.000Z'));

    const path = '/v1/loyalties/members/FIX-ALICE/activity';
    const res = await service.call('GET', `${path}?limit=100`);
    expect(res.status).toBe(200);
    expect(memberActivityListSchema.parse(res.body)).toBeTruthy();
    expect(activityContractErrors('/v1/loyalties/members/{memberId}/activity', res.body)).toEqual([]);
    const types = res.body.data.map((a: { type: string }) => a.type);
    expect(types).toEqual([
      'customer.voucher.loyalty_card.points_expired',
      'customer.rewarded.loyalty_points',
      'customer.voucher.loyalty_card.points_added',
      'customer.voucher.loyalty_card.points_added',
      'customer.voucher.loyalty_card.points_added',
      'customer.voucher.loyalty_card.points_added',
      'customer.voucher.loyalty_card.points_added',
      'customer.publication.succeeded',
    ]);
    const [expired, accrual, removal] = res.body.data;
    expect(expired.data).toMatchObject({ event_source: { channel: 'INTERNAL' }, data: { points: 40, voucher: { code: 'FIX-ALICE', loyalty_card: { points: 210, balance: 60 } }, transaction: { type: 'POINTS_EXPIRATION' } } });
    expect(accrual.data.data).toMatchObject({ customer: { source_id: 'alice', object: 'customer' }, campaign: { id: fixed(), name: 'Fixed Club' }, balance: { points: 10, balance: 100 } });
    expect(removal.data.data).toMatchObject({ balance: { points: -110, balance: 90 }, transaction: { type: 'POINTS_REMOVAL', reason: 'correction' } });
    expect(res.body.data[7].data.data.publication).toMatchObject({ customer_id: service.project.ids.customers.get('alice'), voucher: { code: 'FIX-ALICE' } });
    expect(res.body.has_more).toBe(false);

    // Paging: after a given activity, in either order; the same list with the campaign in the path.
    const first = await service.call('GET', `${path}?limit=3`);
    expect(first.body).toMatchObject({ has_more: true, more_starting_after: res.body.data[2].id });
    const next = await service.call('GET', `${path}?limit=3&starting_after_id=${first.body.more_starting_after}`);
    expect(next.body.data.map((a: { id: string }) => a.id)).toEqual(res.body.data.slice(3, 6).map((a: { id: string }) => a.id));
    const oldest = await service.call('GET', `${path}?order=created_at&limit=2`);
    expect(oldest.body.data.map((a: { id: string }) => a.id)).toEqual([res.body.data[7].id, res.body.data[6].id]);
    const withCampaign = await service.call('GET', `/v1/loyalties/${fixed()}/members/FIX-ALICE/activity?limit=100`);
    expect(withCampaign.body.data).toEqual(res.body.data);
    expect(activityContractErrors('/v1/loyalties/{campaignId}/members/{memberId}/activity', withCampaign.body)).toEqual([]);
  });

  it('answers 404 for unknown cards and campaigns, 400 for bad paging', async () => {
    for (const path of ['/v1/loyalties/members/NOPE/activity', `/v1/loyalties/${fixed()}/members/NOPE/activity`, `/v1/loyalties/${fixed()}/members/NOPE/points-expiration`]) {
      const res = await service.call('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ key: 'not_found', resource_type: 'voucher', resource_id: 'NOPE' });
      expect(contractErrors('spend', '/v1/loyalties/members/{memberId}/activity', 'get', 404, res.body)).toEqual([]);
    }
    const campaign = await service.call('GET', '/v1/loyalties/camp_nope/members/FIX-ALICE/activity');
    expect(campaign.body).toMatchObject({ code: 404, resource_type: 'campaign', details: 'Cannot find campaign with id camp_nope' });
    for (const query of ['limit=0', 'limit=101', 'order=id', 'starting_after_id=vtx_nope']) {
      const res = await service.call('GET', `/v1/loyalties/members/FIX-ALICE/activity?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.key).toBe('invalid_query_params');
    }
    for (const query of ['page=0', 'page=101', 'limit=200']) {
      const res = await buckets('FIX-ALICE', `?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.key).toBe('invalid_query_params');
    }
  });
});
