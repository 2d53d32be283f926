import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';

const path = '/v1/loyalties/{campaignId}/transactions';

describe.each(testDatabases())('List Loyalty Campaign Transactions (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const list = (campaign: string, query = '') => service.call('GET', `/v1/loyalties/${campaign}/transactions${query}`);

  beforeAll(async () => {
    service = await startTestService(kind, spendFixture());
    for (const [code, points] of [['FIX-BOB', 5], ['FIX-DAVE', 7], ['AUTO-ALICE', 9], ['FIX-BOB', -2]] as const) {
      service.clock.advance(1000);
      expect((await service.call('POST', `/v1/loyalties/members/${code}/balance`, { body: { points } })).status).toBe(200);
    }
  });
  afterAll(() => service.close());

  it('lists the program’s ledger across its cards, newest first, paged by starting_after_id, as the contract shapes it', async () => {
    const first = await list(fixed(), '?limit=2');
    expect(first.status).toBe(200);
    expect(contractErrors('loyalty-rest', path, 'get', 200, first.body)).toEqual([]);
    expect(first.body).toMatchObject({ object: 'list', data_ref: 'data', has_more: true });
    expect(first.body.data.map((t: { type: string; details: { balance: { points: number } } }) => [t.type, t.details.balance.points])).toEqual([
      ['POINTS_REMOVAL', -2],
      ['POINTS_ADDITION', 7],
    ]);
    expect(first.body.data.every((t: { campaign_id: string }) => t.campaign_id === fixed())).toBe(true);
    const next = await list(fixed(), `?limit=1&starting_after_id=${first.body.more_starting_after}`);
    expect(next.body.data[0]).toMatchObject({ type: 'POINTS_ADDITION', details: { balance: { points: 5 } } });
    // Auto Club's own ledger holds Alice's addition, not Fixed Club's.
    const other = await list(auto(), '?limit=1');
    expect(other.body.data[0]).toMatchObject({ campaign_id: auto(), details: { balance: { points: 9 } } });
  });

  it('filters by card and transaction id', async () => {
    const bob = (await service.call('GET', '/v1/loyalties/members/FIX-BOB')).body.id as string;
    const byCard = await list(fixed(), `?filters[voucher_id][conditions][$in][0]=${bob}&limit=10`);
    expect(byCard.status).toBe(200);
    expect(byCard.body.data.length).toBeGreaterThan(0);
    expect(byCard.body.data.every((t: { voucher_id: string }) => t.voucher_id === bob)).toBe(true);
    const [one] = byCard.body.data;
    const byId = await list(fixed(), `?filters[id][conditions][$is]=${one.id}`);
    expect(byId.body.data.map((t: { id: string }) => t.id)).toEqual([one.id]);
  });

  it('answers bad input and an unknown program with the error object', async () => {
    const before = await databaseChecksum(service.database);
    expect(await list('camp_nope')).toMatchObject({ status: 404, body: { key: 'not_found', resource_type: 'campaign' } });
    const badOrder = await list(fixed(), '?order=amount');
    expect(badOrder).toMatchObject({ status: 400, body: { key: 'invalid_query_params' } });
    expect(badOrder.body.details).toContain('order');
    const badCursor = await list(fixed(), '?starting_after_id=vtx_nope');
    expect(badCursor.body.details).toContain('starting_after_id');
    expect((await list(fixed(), '?filters[created_at][conditions][$after]=2026-01-01')).status).toBe(400);
    expect((await list(fixed(), '?page=2')).status).toBe(400);
    expect(await databaseChecksum(service.database)).toEqual(before);
  });
});
