import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyProgramListSchema, loyaltyProgramSchema } from '../../../contract/loyalty-program';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { loadFixture } from '../../seed/load-fixture';

describe.each(testDatabases())('loyalty programs: list and get (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;

  beforeAll(async () => {
    service = await startTestService(kind);
    // A second project in the same database: its program must never show through the first one's keys.
    await loadFixture(service.database, baseFixture({ project: { name: 'Other project' }, campaigns: [{ name: 'Other Club', type: 'STATIC', cards: [{ code: 'OTHER-1' }] }] }), service.clock.now());
  });
  afterAll(() => service.close());

  it('lists the project\'s programs only, newest first by default, as the published contract shapes them', async () => {
    const res = await service.call('GET', '/v1/loyalties');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'list', data_ref: 'campaigns', total: 2 });
    expect(res.body.campaigns.map((c: { name: string }) => c.name).sort()).toEqual(['Auto Club', 'Fixed Club']);
    expect(loyaltyProgramListSchema.parse(res.body)).toBeTruthy();
    expect(contractErrors('supporting', '/v1/loyalties', 'get', 200, res.body)).toEqual([]);
  });

  it('pages with limit and page, ordered by created_at either way', async () => {
    // The fixture creates both programs at one instant: make Fixed Club a day older.
    await service.database.execute(`UPDATE campaigns SET created_at = created_at - interval '1 day' WHERE name = 'Fixed Club'`);
    const names = async (query: string) => (await service.call('GET', `/v1/loyalties?${query}`)).body.campaigns.map((c: { name: string }) => c.name);
    expect(await names('limit=1&page=1&order=created_at')).toEqual(['Fixed Club']);
    expect(await names('limit=1&page=2&order=created_at')).toEqual(['Auto Club']);
    expect(await names('limit=1&page=1&order=-created_at')).toEqual(['Auto Club']);
    expect(await names('limit=10')).toEqual(['Auto Club', 'Fixed Club']);
    const beyond = await service.call('GET', '/v1/loyalties?limit=1&page=3');
    expect(beyond.body).toMatchObject({ campaigns: [], total: 2 });
  });

  it('orders by updated_at either way: a program never updated counts as updated when it was made', async () => {
    const names = async (query: string) => (await service.call('GET', `/v1/loyalties?${query}`)).body.campaigns.map((c: { name: string }) => c.name);
    service.clock.advance(60_000);
    const fixed = service.project.ids.campaigns.get('Fixed Club') as string;
    expect((await service.call('PUT', `/v1/loyalties/${fixed}`, { body: { description: 'Ten stamps, one coffee' } })).status).toBe(200);
    expect(await names('order=-updated_at')).toEqual(['Fixed Club', 'Auto Club']);
    expect(await names('order=updated_at')).toEqual(['Auto Club', 'Fixed Club']);
  });

  it('refuses a limit, page or order it does not take, naming the parameter, with the error object', async () => {
    for (const [query, field] of [['limit=0', 'limit'], ['limit=101', 'limit'], ['page=0', 'page'], ['order=name', 'order']] as const) {
      const res = await service.call('GET', `/v1/loyalties?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_query_params' });
      expect(res.body.details, query).toContain(field);
      expect(res.body.request_id).toBeTruthy();
    }
  });

  it('gets one program by id, and answers 404 naming the campaign for an unknown one or another project\'s', async () => {
    const res = await service.call('GET', `/v1/loyalties/${fixed()}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: fixed(), name: 'Fixed Club', type: 'STATIC', campaign_type: 'LOYALTY_PROGRAM', object: 'campaign' });
    expect(loyaltyProgramSchema.parse(res.body)).toBeTruthy();
    expect(contractErrors('supporting', '/v1/loyalties/{campaignId}', 'get', 200, res.body)).toEqual([]);

    const others = await service.database.execute<{ id: string }>(`SELECT id FROM campaigns WHERE name = 'Other Club'`);
    for (const id of ['camp_unknown', others[0].id]) {
      const missing = await service.call('GET', `/v1/loyalties/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 404, key: 'not_found', resource_id: id, resource_type: 'campaign' });
    }
  });
});
