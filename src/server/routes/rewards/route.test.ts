import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewardListSchema, rewardSchema } from '../../../contract/reward';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';

describe.each(testDatabases())('Rewards (%s)', (kind) => {
  let service: TestService;
  let productId: string;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const create = (body: unknown) => service.call('POST', '/v1/rewards', { body });

  beforeAll(async () => {
    service = await startTestService(kind);
    productId = (await service.call('POST', '/v1/products', { body: { source_id: 'mug', name: 'Mug', price: 1500 } })).body.id;
  });
  afterAll(() => service.close());

  it('creates MATERIAL, COIN and loyalty-program CAMPAIGN rewards as the contract describes them', async () => {
    const material = await create({ name: 'Mug', type: 'MATERIAL', parameters: { product: { id: productId, sku_id: null } }, stock: 2, attributes: { description: 'A mug' }, metadata: { shelf: 'A' } });
    expect(material.status).toBe(200);
    expect(rewardSchema.parse(material.body)).toMatchObject({ type: 'MATERIAL', parameters: { product: { id: productId, sku_id: null } }, stock: 2, redeemed: 0, updated_at: null });
    expect(contractErrors('spend', '/v1/rewards', 'post', 200, material.body)).toEqual([]);

    // The create schema types the ratios as strings, its examples send numbers: both are taken.
    const coin = await create({ name: '100 points = $20', parameters: { coin: { exchange_ratio: '20', points_ratio: 100 } } });
    expect(coin.body).toMatchObject({ type: 'COIN', parameters: { coin: { exchange_ratio: 20, points_ratio: 100 } }, stock: null, redeemed: null });
    expect(contractErrors('spend', '/v1/rewards', 'post', 200, coin.body)).toEqual([]);

    const points = await create({ name: 'Bonus points', type: 'CAMPAIGN', parameters: { campaign: { id: 'Auto Club', balance: 50 } } });
    expect(points.body).toMatchObject({ type: 'CAMPAIGN', parameters: { campaign: { id: auto(), balance: 50, type: 'LOYALTY_PROGRAM' } }, stock: null, redeemed: null });
    expect(contractErrors('spend', '/v1/rewards', 'post', 200, points.body)).toEqual([]);

    const got = await service.call('GET', `/v1/rewards/${material.body.id}`);
    expect(got.body).toEqual(material.body);
    expect(contractErrors('spend', '/v1/rewards/{rewardId}', 'get', 200, got.body)).toEqual([]);

    const list = await service.call('GET', '/v1/rewards?limit=2');
    expect(rewardListSchema.parse(list.body)).toMatchObject({ total: 3 });
    expect(list.body.data).toHaveLength(2);
    expect(contractErrors('spend', '/v1/rewards', 'get', 200, list.body)).toEqual([]);
  });

  it('refuses a CAMPAIGN reward whose target is not one of our loyalty programs, saying what is supported', async () => {
    const before = await databaseChecksum(service.database);
    for (const campaign of [{ id: 'camp_discounts', balance: 10 }, { id: fixed(), balance: 10, type: 'DISCOUNT_COUPONS' }]) {
      const res = await create({ name: 'Coupon', parameters: { campaign } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ key: 'invalid_payload' });
      expect(res.body.details).toContain('Property .parameters.campaign.id');
      expect(res.body.details).toContain('CAMPAIGN rewards support only LOYALTY_PROGRAM campaigns');
    }
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('answers bad input with an error object naming the field, writing nothing', async () => {
    const before = await databaseChecksum(service.database);
    const cases: [unknown, number, string][] = [
      [{ parameters: { coin: { exchange_ratio: 1 } } }, 400, "Payload should have required property 'name'"],
      [{ name: 'X' }, 400, "Payload should have required property 'parameters'"],
      [{ name: 'X', parameters: {} }, 400, 'Property .parameters: must have exactly one of campaign, coin or product'],
      [{ name: 'X', parameters: { coin: { exchange_ratio: 1 }, product: { id: productId } } }, 400, 'exactly one'],
      [{ name: 'X', parameters: { coin: { exchange_ratio: 0 } } }, 400, 'Property .parameters.coin.exchange_ratio'],
      [{ name: 'X', parameters: { coin: { exchange_ratio: 'lots' } } }, 400, 'Property .parameters.coin.exchange_ratio'],
      [{ name: 'X', parameters: { campaign: { id: fixed() } } }, 400, "Property .parameters.campaign should have required property 'balance'"],
      [{ name: 'X', parameters: { product: { id: productId, sku_id: 'sku_1' } } }, 400, 'Property .parameters.product.sku_id: SKUs are not supported'],
      [{ name: 'X', parameters: { coin: { exchange_ratio: 1 } }, stock: 5 }, 400, 'Property .stock: applies only to MATERIAL rewards'],
      [{ name: 'X', type: 'MATERIAL', parameters: { coin: { exchange_ratio: 1 } } }, 400, 'Property .type: must be COIN'],
      [{ name: 'X', parameters: { product: { id: productId } }, stock: -1 }, 400, 'Property .stock'],
      [{ name: 'X', parameters: { product: { id: 'prod_nope' } } }, 404, 'Cannot find product with id prod_nope'],
    ];
    for (const [body, status, details] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.details, JSON.stringify(body)).toContain(details);
      expect(res.body.request_id).toMatch(/^v-/);
    }
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('updates the fields given, keeps the type, and answers unknown rewards with 404', async () => {
    const reward = (await create({ name: 'Tote', parameters: { product: { id: productId } } })).body;
    service.clock.advance(1000);
    const updated = await service.call('PUT', `/v1/rewards/${reward.id}`, { body: { name: 'Tote bag', stock: 10, metadata: { size: 'L' } } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: reward.id, name: 'Tote bag', stock: 10, metadata: { size: 'L' }, updated_at: service.clock.now().toISOString(), parameters: { product: { id: productId } } });
    expect(contractErrors('spend', '/v1/rewards/{rewardId}', 'put', 200, updated.body)).toEqual([]);
    // Unlimited again.
    expect((await service.call('PUT', `/v1/rewards/${reward.id}`, { body: { stock: null } })).body.stock).toBeNull();

    const before = await databaseChecksum(service.database);
    const retype = await service.call('PUT', `/v1/rewards/${reward.id}`, { body: { parameters: { coin: { exchange_ratio: 1 } } } });
    expect(retype.body).toMatchObject({ code: 400, key: 'invalid_payload', details: 'Property .parameters: a MATERIAL reward keeps its type; give parameters.product' });
    expect(contractErrors('spend', '/v1/rewards/{rewardId}', 'put', 400, retype.body)).toEqual([]);
    expect((await service.call('PUT', `/v1/rewards/${reward.id}`, { body: { type: 'COIN' } })).body.key).toBe('invalid_payload');
    expect(await databaseChecksum(service.database)).toEqual(before);

    for (const [method, body] of [['GET'], ['PUT', { name: 'x' }], ['DELETE']] as const) {
      const res = await service.call(method, '/v1/rewards/rew_nope', { body });
      expect(res.body, method).toMatchObject({ code: 404, key: 'not_found', resource_type: 'reward', resource_id: 'rew_nope', details: 'Cannot find reward with id rew_nope' });
    }
  });

  it('deletes a reward no program offers (204), and refuses one still assigned with resource_in_use', async () => {
    const reward = (await create({ name: 'Sticker', parameters: { product: { id: productId } } })).body;
    const [assignment] = (await service.call('POST', `/v1/loyalties/${fixed()}/rewards`, { body: [{ reward: reward.id, parameters: { loyalty: { points: 5 } } }] })).body;

    const refused = await service.call('DELETE', `/v1/rewards/${reward.id}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      key: 'resource_in_use',
      message: 'Resource in use',
      details: `Resource reward with id ${reward.id} is in use by reward_assignments with ids [${assignment.id}]`,
      related_object_ids: [assignment.id],
      related_object_type: 'reward_assignment',
    });
    expect(contractErrors('spend', '/v1/rewards/{rewardId}', 'delete', 400, refused.body)).toEqual([]);
    expect((await service.call('GET', `/v1/rewards/${reward.id}`)).status).toBe(200);

    expect((await service.call('DELETE', `/v1/loyalties/${fixed()}/rewards/${assignment.id}`)).status).toBe(204);
    const deleted = await service.call('DELETE', `/v1/rewards/${reward.id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    const gone = await service.call('GET', `/v1/rewards/${reward.id}`);
    expect(gone.status).toBe(404);
    expect(contractErrors('spend', '/v1/rewards/{rewardId}', 'delete', 404, gone.body)).toEqual([]);
  });
});
