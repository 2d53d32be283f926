import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';

const doc = 'loyalty-rest';
/**
 * Get Reward Details answers openapi-loyalty-rest's Reward, whose `parameters` oneOf has two
 * branches that both accept a product reward's `{product: {id, sku_id}}` (neither forbids what the
 * other has), so no MATERIAL reward can pass it: that one error is the contract's.
 */
const ambiguousParameters = '/parameters must match exactly one schema in oneOf {"passingSchemas":[0,1]}';

describe.each(testDatabases())('Reward assignments from the reward, and a program’s reward-assignments (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const reward = (name: string) => service.project.ids.rewards.get(name) as string;

  beforeAll(async () => {
    service = await startTestService(kind, spendFixture());
  });
  afterAll(() => service.close());

  it('lists, creates, reads, updates and deletes a reward’s assignments, as the contract shapes them', async () => {
    const list = await service.call('GET', `/v1/rewards/${reward('Mug')}/assignments`);
    expect(list.status).toBe(200);
    expect(contractErrors(doc, '/v1/rewards/{rewardId}/assignments', 'get', 200, list.body)).toEqual([]);
    expect(list.body).toMatchObject({ object: 'list', data_ref: 'data', total: 1, data: [{ reward_id: reward('Mug'), related_object_id: fixed(), parameters: { loyalty: { points: 300 } } }] });

    const created = await service.call('POST', `/v1/rewards/${reward('Mug')}/assignments`, { body: { campaign: auto(), parameters: { loyalty: { points: 40 } } } });
    expect(created.status).toBe(200);
    expect(contractErrors(doc, '/v1/rewards/{rewardId}/assignments', 'post', 200, created.body)).toEqual([]);
    expect(created.body).toMatchObject({ reward_id: reward('Mug'), related_object_id: auto(), parameters: { loyalty: { points: 40 } } });
    const path = `/v1/rewards/${reward('Mug')}/assignments/${created.body.id}`;

    const got = await service.call('GET', path);
    expect(contractErrors(doc, '/v1/rewards/{rewardId}/assignments/{assignmentId}', 'get', 200, got.body)).toEqual([]);
    expect(got.body).toEqual(created.body);
    const updated = await service.call('PUT', path, { body: { parameters: { loyalty: { points: 45 } } } });
    expect(contractErrors(doc, '/v1/rewards/{rewardId}/assignments/{assignmentId}', 'put', 200, updated.body)).toEqual([]);
    expect(updated.body).toMatchObject({ parameters: { loyalty: { points: 45 } } });
    // The same assignment through the program.
    expect((await service.call('GET', `/v1/loyalties/${auto()}/rewards/${created.body.id}`)).body).toMatchObject({ parameters: { loyalty: { points: 45 } } });

    const deleted = await service.call('DELETE', path);
    expect(deleted.status).toBe(204);
    expect((await service.call('GET', path)).status).toBe(404);
  });

  it('reads a program’s reward-assignments and the reward behind one', async () => {
    const assignment = service.project.ids.rewardAssignments.get('Mug@Fixed Club') as string;
    const list = await service.call('GET', `/v1/loyalties/${fixed()}/reward-assignments?limit=2`);
    expect(list.status).toBe(200);
    expect(contractErrors(doc, '/v1/loyalties/{campaignId}/reward-assignments', 'get', 200, list.body)).toEqual([]);
    expect(list.body.data).toHaveLength(2);
    const filtered = await service.call('GET', `/v1/loyalties/${fixed()}/reward-assignments?assignmentId=${assignment}`);
    expect(filtered.body).toMatchObject({ total: 1, data: [{ id: assignment }] });
    const one = await service.call('GET', `/v1/loyalties/${fixed()}/reward-assignments/${assignment}`);
    expect(contractErrors(doc, '/v1/loyalties/{campaignId}/reward-assignments/{assignmentId}', 'get', 200, one.body)).toEqual([]);
    const details = await service.call('GET', `/v1/loyalties/${fixed()}/reward-assignments/${assignment}/reward`);
    expect(details.status).toBe(200);
    expect(contractErrors(doc, '/v1/loyalties/{campaignId}/reward-assignments/{assignmentId}/reward', 'get', 200, details.body).filter((e) => e !== ambiguousParameters)).toEqual([]);
    // openapi-spend's Reward, whose branches tell a product apart, takes it whole.
    expect(contractErrors('spend', '/v1/rewards/{rewardId}', 'get', 200, details.body)).toEqual([]);
    expect(details.body).toMatchObject({ id: reward('Mug'), name: 'Mug', type: 'MATERIAL', object: 'reward' });

    const client = VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
    expect(await client.loyalties.getRewardDetails(fixed(), assignment)).toMatchObject({ id: reward('Mug') });
    expect(await client.loyalties.getRewardAssignment(fixed(), assignment)).toMatchObject({ id: assignment });
    expect((await client.rewards.listAssignments(reward('Mug'))).total).toBe(1);
    const viaSdk = await client.rewards.createAssignment(reward('Lunch'), { campaign: auto(), parameters: { loyalty: { points: 5 } } } as never);
    expect(await client.rewards.getAssignment(reward('Lunch'), viaSdk.id)).toMatchObject({ id: viaSdk.id });
    expect(await client.rewards.updateAssignment(reward('Lunch'), { id: viaSdk.id, parameters: { loyalty: { points: 6 } } } as never)).toMatchObject({ parameters: { loyalty: { points: 6 } } });
    await client.rewards.deleteAssignment(reward('Lunch'), viaSdk.id);
  });

  it('pages both lists with limit and page: each page exactly the next assignments, the total unchanged', async () => {
    // Coffee is offered twice here: Fixed Club (fixture) and Auto Club.
    expect((await service.call('POST', `/v1/rewards/${reward('Free coffee')}/assignments`, { body: { campaign: auto(), parameters: { loyalty: { points: 40 } } } })).status).toBe(200);
    for (const path of [`/v1/loyalties/${fixed()}/reward-assignments`, `/v1/rewards/${reward('Free coffee')}/assignments`]) {
      const all = (await service.call('GET', `${path}?limit=100`)).body as { data: { id: string }[]; total: number };
      expect(all.data.length, path).toBeGreaterThanOrEqual(2);
      const paged: string[] = [];
      for (let page = 1; page <= all.total; page++) {
        const one = (await service.call('GET', `${path}?limit=1&page=${page}`)).body;
        expect(one.total, `${path} page ${page}`).toBe(all.total);
        paged.push(...one.data.map((a: { id: string }) => a.id));
      }
      expect(paged, path).toEqual(all.data.map((a) => a.id));
    }
  });

  it('answers bad input and unknown ids with the error object, writing nothing', async () => {
    const before = await databaseChecksum(service.database);
    const mug = `/v1/rewards/${reward('Mug')}/assignments`;
    expect(await service.call('POST', mug, { body: {} })).toMatchObject({ status: 400, body: { key: 'invalid_payload' } });
    const noPrice = await service.call('POST', mug, { body: { campaign: auto() } });
    expect(noPrice).toMatchObject({ status: 400, body: { key: 'invalid_payload' } });
    expect(noPrice.body.details).toContain('parameters');
    expect(await service.call('POST', mug, { body: { campaign: fixed(), parameters: { loyalty: { points: 1 } } } })).toMatchObject({ status: 409, body: { key: 'duplicate_found' } });
    expect(await service.call('POST', mug, { body: { campaign: auto(), parameters: { loyalty: { points: 0 } } } })).toMatchObject({ status: 400, body: { key: 'invalid_payload' } });
    expect(await service.call('POST', mug, { body: { campaign: 'camp_nope', parameters: { loyalty: { points: 1 } } } })).toMatchObject({ status: 404, body: { key: 'not_found', resource_type: 'campaign' } });
    expect(await service.call('GET', '/v1/rewards/rew_nope/assignments')).toMatchObject({ status: 404, body: { key: 'not_found', resource_type: 'reward' } });
    // An assignment of another reward is not this reward's.
    const lunchAssignment = service.project.ids.rewardAssignments.get('Lunch@Fixed Club') as string;
    expect(await service.call('GET', `${mug}/${lunchAssignment}`)).toMatchObject({ status: 404, body: { key: 'not_found', resource_type: 'reward_assignment' } });
    expect(await service.call('GET', `/v1/loyalties/${fixed()}/reward-assignments?assignment_id=x`)).toMatchObject({ status: 400, body: { key: 'invalid_query_params' } });
    expect(await service.call('GET', `/v1/loyalties/${auto()}/reward-assignments/${lunchAssignment}/reward`)).toMatchObject({ status: 404, body: { key: 'not_found', resource_type: 'reward_assignment' } });
    expect(await databaseChecksum(service.database)).toEqual(before);
  });
});
