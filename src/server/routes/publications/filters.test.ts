import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { startTestService, type TestService } from '../../../../test/support/service';

/**
 * GET /v1/publications `filters` (ParameterFiltersListPublications): every documented field with
 * the string operators, joined by `junction`; and `order=tracking_id`. Each returns exactly the
 * publications that match.
 */
describe.each(testDatabases())('List Publications: filters and order (%s)', (kind) => {
  let service: TestService;
  const campaign = (name: string) => service.project.ids.campaigns.get(name) as string;
  type Row = { voucher: { code: string }; vouchers_id: string[]; tracking_id: string | null };
  const list = async (query: string): Promise<Row[]> => {
    const res = await service.call('GET', `/v1/publications?limit=100&${query.includes('order=') ? '' : 'order=created_at&'}${query}`);
    expect(res.status, `${query} ${JSON.stringify(res.body)}`).toBe(200);
    expect(res.body.total, query).toBe(res.body.publications.length);
    return res.body.publications;
  };
  const codes = async (query: string) => (await list(query)).map((p) => p.voucher.code);

  beforeAll(async () => {
    service = await startTestService(kind);
    // FIX-BOB is published to bob by the fixture; then carol and alice in Fixed Club, alice in Auto Club.
    for (const [name, body] of [
      ['Fixed Club', { customer: { source_id: 'carol' }, source_id: 'pub-carol' }],
      ['Fixed Club', { customer: 'alice' }],
      ['Auto Club', { customer: 'alice', source_id: 'pub-alice-auto' }],
    ] as const) {
      service.clock.advance(1000);
      expect((await service.call('POST', `/v1/loyalties/${campaign(name)}/members`, { body })).status).toBe(200);
    }
  });
  afterAll(() => service.close());

  it('campaign_name, source_id and customer_id take every string operator', async () => {
    expect(await codes('')).toEqual(['FIX-BOB', 'FIX-001', 'FIX-002', 'AUTO-0000-0001']);
    expect(await codes('filters[campaign_name][conditions][$is]=Auto%20Club')).toEqual(['AUTO-0000-0001']);
    expect(await codes('filters[campaign_name][conditions][$is_not]=Auto%20Club')).toEqual(['FIX-BOB', 'FIX-001', 'FIX-002']);
    expect(await codes('filters[campaign_name][conditions][$starts_with]=Auto')).toEqual(['AUTO-0000-0001']);
    expect(await codes('filters[campaign_name][conditions][$ends_with]=Club')).toHaveLength(4);
    expect(await codes('filters[campaign_name][conditions][$contains]=xed')).toEqual(['FIX-BOB', 'FIX-001', 'FIX-002']);
    expect(await codes('filters[campaign_name][conditions][$not_contain]=xed')).toEqual(['AUTO-0000-0001']);
    expect(await codes('filters[source_id][conditions][$has_value]=')).toEqual(['FIX-001', 'AUTO-0000-0001']);
    expect(await codes('filters[source_id][conditions][$is_unknown]=')).toEqual(['FIX-BOB', 'FIX-002']);
    expect(await codes('filters[source_id][conditions][$in][0]=pub-carol&filters[source_id][conditions][$in][1]=nope')).toEqual(['FIX-001']);
    const alice = service.project.ids.customers.get('alice') as string;
    expect(await codes(`filters[customer_id][conditions][$is]=${alice}`)).toEqual(['FIX-002', 'AUTO-0000-0001']);
    expect(await codes(`filters[customer_id][conditions][$not_in]=${alice}`)).toEqual(['FIX-BOB', 'FIX-001']);
  });

  it('parent_object_id is the campaign, related_object_id the card; the fields every publication here shares match all or none', async () => {
    expect(await codes(`filters[parent_object_id][conditions][$is]=${campaign('Auto Club')}`)).toEqual(['AUTO-0000-0001']);
    const [bob] = await list('filters[campaign_name][conditions][$is]=Fixed%20Club');
    expect(await codes(`filters[related_object_id][conditions][$is]=${bob.vouchers_id[0]}`)).toEqual(['FIX-BOB']);
    // All succeeded (no failure code), all loyalty cards, none a referral code.
    expect(await codes('filters[result][conditions][$is]=SUCCESS')).toHaveLength(4);
    expect(await codes('filters[result][conditions][$is]=FAILURE')).toEqual([]);
    expect(await codes('filters[failure_code][conditions][$is_unknown]=')).toHaveLength(4);
    expect(await codes('filters[failure_code][conditions][$has_value]=')).toEqual([]);
    expect(await codes('filters[voucher_type][conditions][$is]=loyalty')).toHaveLength(4);
    expect(await codes('filters[voucher_type][conditions][$is]=discount')).toEqual([]);
    expect(await codes('filters[is_referral_code][conditions][$is]=false')).toHaveLength(4);
    expect(await codes('filters[is_referral_code][conditions][$is]=true')).toEqual([]);
  });

  it('junction joins the conditions with and (the default) or or', async () => {
    const both = 'filters[campaign_name][conditions][$is]=Auto%20Club&filters[source_id][conditions][$is]=pub-carol';
    expect(await codes(both)).toEqual([]);
    expect(await codes(`filters[junction]=and&${both}`)).toEqual([]);
    expect(await codes(`filters[junction]=or&${both}`)).toEqual(['FIX-001', 'AUTO-0000-0001']);
  });

  it('orders by tracking_id (the customer’s source id) either way; the fixture’s publication has none, last ascending', async () => {
    const tracking = async (order: string) => (await list(`order=${order}`)).map((p) => p.tracking_id);
    expect(await tracking('tracking_id')).toEqual(['alice', 'alice', 'carol', null]);
    expect(await tracking('-tracking_id')).toEqual([null, 'carol', 'alice', 'alice']);
  });

  it('refuses a field or operator the contract does not document, naming it', async () => {
    for (const [query, named] of [
      ['filters[channel][conditions][$is]=App', 'channel'],
      ['filters[campaign_name][conditions][$like]=x', '$like'],
      ['filters[junction]=xor', 'junction'],
    ]) {
      const res = await service.call('GET', `/v1/publications?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_query_params' });
      expect(JSON.stringify(res.body.details), query).toContain(named);
    }
  });
});
