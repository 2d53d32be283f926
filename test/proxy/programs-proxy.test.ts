import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spendFixture } from '../support/spend-fixture';
import { startTestProxy, type ProxyClient, type TestProxy } from '../support/proxy';
import { startTestService, type TestService } from '../support/service';

/**
 * Issue 30 through the proxy: marketing creates and changes programs and rewards and offers a reward
 * in a program (Programs and Rewards pages); support may not, and nothing is written when it tries.
 * Both roles roll back a redemption, reverse a manual change and move points between a customer's
 * cards (member page). On spendFixture: Alice holds FIX-ALICE (400 points) and AUTO-ALICE.
 */
describe('dashboard proxy: programs, rewards, undo and transfers', () => {
  let service: TestService;
  let proxy: TestProxy;
  const json = { 'content-type': 'application/json' };
  const post = (client: ProxyClient, path: string, body: unknown, method = 'POST') => client.fetch(`/api${path}`, { method, headers: json, body: JSON.stringify(body) });
  const programs = async (client: ProxyClient) => ((await (await client.fetch('/api/v1/loyalties?limit=100')).json()) as { campaigns: { id: string; name: string }[] }).campaigns;
  const rewards = async (client: ProxyClient) => ((await (await client.fetch('/api/v1/rewards?limit=100')).json()) as { data: { id: string; name: string }[] }).data;

  beforeAll(async () => {
    service = await startTestService('pglite', spendFixture());
    proxy = await startTestProxy(service);
  });
  afterAll(async () => {
    await proxy.close();
    await service.close();
  });

  it('lets marketing create and change a program and a reward, and offer the reward at a price', async () => {
    const client = await proxy.signedIn('marketing');
    const created = await post(client, '/v1/loyalties', { name: 'Tea Club', type: 'AUTO_UPDATE', vouchers_count: 0, voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 }, code_config: { pattern: 'TEA-####' } } });
    expect(created.status).toBe(200);
    const program = (await created.json()) as { id: string };
    expect((await post(client, `/v1/loyalties/${program.id}`, { description: 'Teas' }, 'PUT')).status).toBe(200);

    const reward = await post(client, '/v1/rewards', { name: 'Tea bonus', parameters: { campaign: { id: program.id, balance: 10 } } });
    expect(reward.status).toBe(200);
    const { id: rewardId } = (await reward.json()) as { id: string };
    expect((await post(client, `/v1/rewards/${rewardId}`, { name: 'Tea bonus!' }, 'PUT')).status).toBe(200);
    const fixed = (await programs(client)).find((p) => p.name === 'Fixed Club')!;
    const assigned = await post(client, `/v1/rewards/${rewardId}/assignments`, { campaign: fixed.id, parameters: { loyalty: { points: 50 } } });
    expect(assigned.status).toBe(200);
    const { id: assignmentId } = (await assigned.json()) as { id: string };
    expect((await post(client, `/v1/rewards/${rewardId}/assignments/${assignmentId}`, { parameters: { loyalty: { points: 60 } } }, 'PUT')).status).toBe(200);
    const list = await client.fetch(`/api/v1/rewards/${rewardId}/assignments?limit=100`);
    expect(list.status).toBe(200);
    expect(await list.json()).toMatchObject({ data: [{ id: assignmentId, parameters: { loyalty: { points: 60 } } }] });
  });

  it('refuses support every program and reward write, and writes nothing', async () => {
    const client = await proxy.signedIn('support');
    const [programsBefore, rewardsBefore] = [await programs(client), await rewards(client)];
    const fixed = programsBefore.find((p) => p.name === 'Fixed Club')!;
    const mug = rewardsBefore.find((r) => r.name === 'Unoffered')!;
    const refused = [
      await post(client, '/v1/loyalties', { name: 'Support Club' }),
      await post(client, `/v1/loyalties/${fixed.id}`, { description: 'x' }, 'PUT'),
      await client.fetch(`/api/v1/loyalties/${fixed.id}?force=true`, { method: 'DELETE' }),
      await post(client, '/v1/rewards', { name: 'Support reward', parameters: { product: { id: 'mug' } } }),
      await post(client, `/v1/rewards/${mug.id}`, { name: 'Renamed' }, 'PUT'),
      await post(client, `/v1/rewards/${mug.id}/assignments`, { campaign: fixed.id, parameters: { loyalty: { points: 5 } } }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ key: 'forbidden' });
    }
    expect(await programs(client)).toEqual(programsBefore);
    expect(await rewards(client)).toEqual(rewardsBefore);
    // Support reads a reward's programs (the member page's rewards, the catalog).
    expect((await client.fetch(`/api/v1/rewards/${mug.id}/assignments`)).status).toBe(200);
  });

  it.each(['support', 'marketing'] as const)('lets %s roll back a redemption, reverse a manual change and move points between the customer’s cards', async (role) => {
    const client = await proxy.signedIn(role);
    const all = await programs(client);
    const fixed = all.find((p) => p.name === 'Fixed Club')!;
    const auto = all.find((p) => p.name === 'Auto Club')!;
    const coffee = (await rewards(client)).find((r) => r.name === 'Free coffee')!;

    const redeemed = await post(client, `/v1/loyalties/${fixed.id}/members/FIX-DAVE/redemption`, { reward: { id: coffee.id } });
    expect(redeemed.status).toBe(200);
    const { id: redemptionId } = (await redeemed.json()) as { id: string };
    const rollback = await post(client, `/v1/redemptions/${redemptionId}/rollback`, { reason: `${role}: wrong reward` });
    expect(rollback.status).toBe(200);
    expect(await rollback.json()).toMatchObject({ object: 'redemption_rollback', redemption: redemptionId, reason: `${role}: wrong reward` });

    const added = await post(client, `/v1/loyalties/${fixed.id}/members/FIX-DAVE/balance`, { points: 25, reason: 'typo' });
    expect(added.status).toBe(200);
    const history = (await (await client.fetch('/api/v1/loyalties/members/FIX-DAVE/transactions?limit=1&order=-id')).json()) as { data: { id: string; type: string }[] };
    expect(history.data[0].type).toBe('POINTS_ADDITION');
    const reversed = await post(client, `/v1/loyalties/members/FIX-DAVE/transactions/${history.data[0].id}/reversal`, { reason: 'added to the wrong card' });
    expect(reversed.status).toBe(200);
    expect(await reversed.json()).toMatchObject({ type: 'POINTS_REMOVAL', related_transaction_id: history.data[0].id });

    const moved = await post(client, `/v1/loyalties/${auto.id}/members/AUTO-ALICE/transfers`, [{ code: 'FIX-ALICE', points: 10, reason: 'cards merged' }]);
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ code: 'AUTO-ALICE' });
  });

  it('forwards the new calls only on their own paths', async () => {
    const client = await proxy.signedIn('marketing');
    for (const [method, path] of [
      ['DELETE', '/api/v1/rewards/rew_1'],
      ['POST', '/api/v1/loyalties/camp_1/rewards'],
      ['GET', '/api/v1/redemptions/r_1/rollbacks'],
      ['POST', '/api/v1/loyalties/members/FIX-DAVE/transactions/vtx_1/reversal/x'],
    ] as const) {
      const response = await client.fetch(path, { method, headers: json, body: method === 'GET' ? undefined : '{}' });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });
});
