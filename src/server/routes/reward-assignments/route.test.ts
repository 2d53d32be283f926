import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberRewardListSchema, rewardAssignmentListSchema, rewardAssignmentSchema } from '../../../contract/reward-assignment';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';

const listPath = '/v1/loyalties/{campaignId}/rewards';
const onePath = '/v1/loyalties/{campaignId}/rewards/{assignmentId}';

describe.each(testDatabases())('Reward assignments and member rewards (%s)', (kind) => {
  let service: TestService;
  const rewards: Record<string, string> = {};
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const assign = (body: unknown, campaign = fixed()) => service.call('POST', `/v1/loyalties/${encodeURIComponent(campaign)}/rewards`, { body });

  beforeAll(async () => {
    service = await startTestService(kind, baseFixture({ transactions: [{ card: 'FIX-BOB', type: 'POINTS_ADDITION', amount: 120 }] }));
    const product = (await service.call('POST', '/v1/products', { body: { name: 'Mug' } })).body.id;
    const make = async (name: string, body: object) => (rewards[name] = (await service.call('POST', '/v1/rewards', { body: { name, ...body } })).body.id);
    await make('mug', { parameters: { product: { id: product } }, stock: 3 });
    await make('poster', { parameters: { product: { id: product } }, stock: 0 });
    await make('coin', { parameters: { coin: { exchange_ratio: 1, points_ratio: 100 } } });
    await make('bonus', { parameters: { campaign: { id: 'Auto Club', balance: 10 } } });
    await make('cap', { parameters: { product: { id: product } } });
  });
  afterAll(() => service.close());

  it('assigns rewards: an array in, an array out (the contract’s examples; its description says object)', async () => {
    service.clock.advance(1000);
    const res = await assign([
      { reward: rewards.mug, parameters: { loyalty: { points: 100 } } },
      { reward: rewards.coin },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body.map((a: unknown) => rewardAssignmentSchema.parse(a))).toMatchObject([
      { reward_id: rewards.mug, related_object_id: fixed(), related_object_type: 'campaign', parameters: { loyalty: { points: 100 } }, updated_at: null, object: 'reward_assignment' },
      { reward_id: rewards.coin },
    ]);
    expect(res.body[1]).not.toHaveProperty('parameters');
    // The response schema is one object while its example is an array: the example wins, and each
    // item is the schema's object.
    for (const item of res.body) expect(contractErrors('spend', listPath, 'post', 200, item)).toEqual([]);
    expect([...new Set(contractErrors('spend', listPath, 'post', 200, res.body))]).toEqual([' must be object {"type":"object"}']);
    service.clock.advance(1000);
    // By the program's name, as the path allows.
    expect((await assign([{ reward: rewards.poster, parameters: { loyalty: { points: 10 } } }, { reward: rewards.bonus, parameters: { loyalty: { points: 500 } } }], 'Fixed Club')).status).toBe(200);
  });

  it('refuses a second assignment of one reward with 409 duplicate_found, and bad items, writing nothing', async () => {
    const [mug] = (await service.call('GET', `/v1/loyalties/${fixed()}/rewards?limit=100`)).body.data.filter((a: { reward_id: string }) => a.reward_id === rewards.mug);
    const before = await databaseChecksum(service.database);
    const again = await assign([{ reward: rewards.cap, parameters: { loyalty: { points: 1 } } }, { reward: rewards.mug, parameters: { loyalty: { points: 5 } } }]);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ key: 'duplicate_found', message: 'Duplicated resource found', details: `Duplicated reward_assignment exists with id ${mug.id}`, resource_id: mug.id, resource_type: 'reward_assignment' });
    expect(contractErrors('spend', listPath, 'post', 409, again.body)).toEqual([]);

    const cases: [unknown, number, string][] = [
      [[], 400, 'must hold at least one assignment'],
      [{ reward: rewards.cap }, 400, 'Payload'],
      [[{ parameters: { loyalty: { points: 1 } } }], 400, "Property .0 should have required property 'reward'"],
      [[{ reward: rewards.cap }], 400, "Property .0 should have required property 'parameters'"],
      [[{ reward: rewards.cap, parameters: { loyalty: { points: 0 } } }], 400, 'Property .0.parameters.loyalty.points'],
      [[{ reward: rewards.coin, parameters: { loyalty: { points: 5 } } }], 400, 'Property .0.parameters: pay with points (COIN) has no price'],
      [[{ reward: rewards.cap, parameters: { loyalty: { points: 1 } } }, { reward: rewards.cap, parameters: { loyalty: { points: 2 } } }], 400, `names reward ${rewards.cap} twice`],
      [[{ reward: 'rew_nope', parameters: { loyalty: { points: 1 } } }], 404, 'Cannot find reward with id rew_nope'],
    ];
    for (const [body, status, details] of cases) {
      const res = await assign(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.details, JSON.stringify(body)).toContain(details);
    }
    const unknownProgram = await assign([{ reward: rewards.cap, parameters: { loyalty: { points: 1 } } }], 'camp_nope');
    expect(unknownProgram.body).toMatchObject({ code: 404, resource_type: 'campaign', resource_id: 'camp_nope' });
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('lists, gets, updates and deletes assignments', async () => {
    const list = await service.call('GET', `/v1/loyalties/${fixed()}/rewards`);
    expect(rewardAssignmentListSchema.parse(list.body)).toMatchObject({ total: 4 });
    expect(contractErrors('spend', listPath, 'get', 200, list.body)).toEqual([]);
    const [newest] = list.body.data;
    expect((await service.call('GET', `/v1/loyalties/${fixed()}/rewards?limit=1&page=2`)).body.data[0].id).toBe(list.body.data[1].id);
    expect((await service.call('GET', `/v1/loyalties/${fixed()}/rewards?assignment_id=${newest.id}`)).body).toMatchObject({ total: 1, data: [{ id: newest.id }] });
    // The reward of an assignment, from the rewards list.
    expect((await service.call('GET', `/v1/rewards?assignment_id=${newest.id}`)).body).toMatchObject({ total: 1, data: [{ id: newest.reward_id }] });

    const got = await service.call('GET', `/v1/loyalties/${fixed()}/rewards/${newest.id}`);
    expect(got.body).toEqual(newest);
    expect(contractErrors('spend', onePath, 'get', 200, got.body)).toEqual([]);

    service.clock.advance(1000);
    const updated = await service.call('PUT', `/v1/loyalties/${fixed()}/rewards/${newest.id}`, { body: { parameters: { loyalty: { points: 450 } } } });
    expect(updated.body).toMatchObject({ id: newest.id, parameters: { loyalty: { points: 450 } }, updated_at: service.clock.now().toISOString() });
    expect(contractErrors('spend', onePath, 'put', 200, updated.body)).toEqual([]);
    const coin = list.body.data.find((a: { reward_id: string }) => a.reward_id === rewards.coin);
    expect((await service.call('PUT', `/v1/loyalties/${fixed()}/rewards/${coin.id}`, { body: { parameters: { loyalty: { points: 5 } } } })).body).toMatchObject({ code: 400, key: 'invalid_payload' });
    expect((await service.call('PUT', `/v1/loyalties/${fixed()}/rewards/${newest.id}`, { body: {} })).body.details).toContain("should have required property 'parameters'");

    const auto = service.project.ids.campaigns.get('Auto Club') as string;
    for (const [method, path] of [
      ['GET', `/v1/loyalties/${fixed()}/rewards/rewa_nope`],
      ['PUT', `/v1/loyalties/${fixed()}/rewards/rewa_nope`],
      ['DELETE', `/v1/loyalties/${fixed()}/rewards/rewa_nope`],
      ['GET', `/v1/loyalties/${auto}/rewards/${newest.id}`],
    ] as const) {
      const res = await service.call(method, path, { body: method === 'PUT' ? { parameters: { loyalty: { points: 1 } } } : undefined });
      expect(res.body, `${method} ${path}`).toMatchObject({ code: 404, key: 'not_found', resource_type: 'reward_assignment' });
    }
    const missingProgram = await service.call('DELETE', `/v1/loyalties/Loyalty%20Summer%20Campaign/rewards/${newest.id}`);
    expect(missingProgram.body).toMatchObject({ code: 404, resource_type: 'campaign', resource_id: 'Loyalty Summer Campaign' });
    expect(contractErrors('spend', onePath, 'delete', 404, missingProgram.body)).toEqual([]);
  });

  it('lists the rewards a member can get, and with affordable_only only those within the balance and in stock', async () => {
    const all = await service.call('GET', '/v1/loyalties/members/FIX-BOB/rewards');
    expect(all.status).toBe(200);
    expect(memberRewardListSchema.parse(all.body)).toBeTruthy();
    expect(contractErrors('spend', '/v1/loyalties/members/{memberId}/rewards', 'get', 200, all.body)).toEqual([]);
    expect(all.body.total).toBe(4);
    expect(all.body.data[0]).toMatchObject({ reward: { object: 'reward' }, assignment: { object: 'reward_assignment' }, object: 'loyalty_reward' });

    // FIX-BOB holds 120 points: the mug (100) and pay with points are within reach; the poster is out
    // of stock; the bonus costs 450.
    const affordable = await service.call('GET', '/v1/loyalties/members/FIX-BOB/rewards?affordable_only=true');
    expect(affordable.body.data.map((r: { reward: { id: string } }) => r.reward.id).sort()).toEqual([rewards.mug, rewards.coin].sort());
    expect(affordable.body.total).toBe(2);
    expect((await service.call('GET', '/v1/loyalties/members/FIX-BOB/rewards?affordable_only=true&limit=1&page=2')).body).toMatchObject({ total: 2, data: [expect.anything()] });
    // A card with no points can afford nothing; a card of a program without rewards has none.
    expect((await service.call('GET', '/v1/loyalties/members/FIX-001/rewards?affordable_only=true')).body).toMatchObject({ total: 0, data: [] });
    expect((await service.call('GET', '/v1/loyalties/members/AUTO-0000-0001/rewards')).body).toMatchObject({ total: 0, data: [] });

    expect((await service.call('GET', '/v1/loyalties/members/NOPE/rewards')).body).toMatchObject({ code: 404, resource_type: 'voucher' });
    for (const query of ['affordable_only=yes', 'limit=0', 'page=0']) {
      expect((await service.call('GET', `/v1/loyalties/members/FIX-BOB/rewards?${query}`)).body, query).toMatchObject({ code: 400, key: 'invalid_query_params' });
    }
  });
});
