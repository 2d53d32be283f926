import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { orderFixture } from '../../../../test/support/order-fixture';
import { startTestService, type TestService } from '../../../../test/support/service';

/**
 * The product catalog beyond create/get/list (issue 34): products updated and deleted, their SKUs
 * (list, create as upsert, get, update, delete), every answer checked against
 * openapi-customers-catalog.json, driven through the official SDK (2.9) as an integrator would, and
 * an order's lines naming SKUs that the order-paid rules then count as their product.
 */
describe.each(testDatabases())('Products and SKUs (%s)', (kind) => {
  let service: TestService;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;

  beforeAll(async () => {
    service = await startTestService(kind, orderFixture());
    service.clock.set('2026-05-04T10:00:00.000Z');
  });
  afterAll(() => service.close());

  it('creates SKUs of a product (upsert by source_id), reads them every way, updates them, as the contract answers', async () => {
    const client = sdk();
    const blue = await client.products.createSku('prod_fixturemug', { source_id: 'mug-blue', sku: 'Blue mug', price: 1800, currency: 'USD', attributes: { color: 'blue' }, metadata: { glaze: 'matte' } } as never);
    expect(contractErrors('customers-catalog', '/v1/products/{productId}/skus', 'post', 200, blue)).toEqual([]);
    expect(blue).toMatchObject({ id: expect.stringMatching(/^sku_/), product_id: 'prod_fixturemug', sku: 'Blue mug', price: 1800, attributes: { color: 'blue' }, updated_at: null, object: 'sku' });
    // The product named by its source id; a known source_id updates that SKU (upsert).
    service.clock.advance(1000);
    const again = await client.products.createSku('mug', { source_id: 'mug-blue', price: 1900 } as never);
    expect(again).toMatchObject({ id: blue.id, sku: 'Blue mug', price: 1900, updated_at: service.clock.now().toISOString() });
    await client.products.createSku('mug', { source_id: 'mug-red', sku: 'Red mug' } as never);

    const got = await client.products.getSku('mug-blue');
    expect(contractErrors('customers-catalog', '/v1/skus/{skuId}', 'get', 200, got)).toEqual([]);
    expect(got).toMatchObject({ id: blue.id, price: 1900 });
    const listed = await client.products.listSkus('prod_fixturemug');
    expect(contractErrors('customers-catalog', '/v1/products/{productId}/skus', 'get', 200, listed)).toEqual([]);
    expect(listed).toMatchObject({ object: 'list', data_ref: 'skus', total: 2, skus: [{ sku: 'Blue mug' }, { sku: 'Red mug' }] });
    const newestFirst = await service.call('GET', '/v1/products/mug/skus?order=-created_at&limit=1');
    expect(newestFirst.body).toMatchObject({ total: 2, skus: [{ source_id: 'mug-red' }] });

    // The SDK sends the SKU's source_id in the body too: fields the update does not take are skipped, as the contract says.
    const updated = await client.products.updateSku('prod_fixturemug', { id: blue.id, source_id: 'mug-blue', price: 2000, currency: 'PLN' } as never);
    expect(contractErrors('customers-catalog', '/v1/products/{productId}/skus/{skuId}', 'put', 200, updated)).toEqual([]);
    expect(updated).toMatchObject({ id: blue.id, price: 2000, currency: 'PLN', sku: 'Blue mug' });

    const product = await client.products.get('prod_fixturemug');
    expect(contractErrors('customers-catalog', '/v1/products/{productId}', 'get', 200, product)).toEqual([]);
    expect(product.skus).toMatchObject({ object: 'list', data_ref: 'data', total: 2, data: [{ id: blue.id, price: 2000 }, { source_id: 'mug-red' }] });
  });

  it('updates a product by id or source id (fields not given stay; null clears) and answers it with its SKUs', async () => {
    const client = sdk();
    const updated = await client.products.update({ source_id: 'beans', price: 950, metadata: { roast: 'dark' } } as never);
    expect(contractErrors('customers-catalog', '/v1/products/{productId}', 'put', 200, updated)).toEqual([]);
    expect(updated).toMatchObject({ source_id: 'beans', name: 'Coffee beans', price: 950, metadata: { roast: 'dark' }, skus: { total: 0 } });
    const cleared = await service.call('PUT', `/v1/products/${updated.id}`, { body: { price: null } });
    expect(cleared.body).toMatchObject({ id: updated.id, price: null, name: 'Coffee beans' });
  });

  it('takes order lines that name a SKU: priced by the SKU, counted as its product by the order-paid rules', async () => {
    const blue = (await service.call('GET', '/v1/skus/mug-blue')).body;
    const order = await sdk().orders.create({ source_id: 'alice-sku-1', customer: { source_id: 'alice' }, status: 'PAID', items: [{ sku_id: blue.id, quantity: 2 }, { source_id: 'mug-red', related_object: 'sku', price: 1000 }] } as never);
    expect(contractErrors('loyalty-rest', '/v1/orders', 'post', 200, order)).toEqual([]);
    expect(order.items).toEqual([
      expect.objectContaining({ sku_id: blue.id, product_id: 'prod_fixturemug', related_object: 'sku', source_id: 'mug-blue', quantity: 2, price: 2000, amount: 4000, sku: expect.objectContaining({ id: blue.id, sku: 'Blue mug', price: 2000 }), product: expect.objectContaining({ id: 'prod_fixturemug', name: 'Mug' }) }),
      expect.objectContaining({ related_object: 'sku', product_id: 'prod_fixturemug', price: 1000, amount: 1000, sku: expect.objectContaining({ source_id: 'mug-red' }) }),
    ]);
    // Auto Club holds 2 points per 1.00 of mug lines: 50.00 of mugs, 100 points on hold.
    const pending = await service.call('GET', `/v1/loyalties/${auto()}/members/AUTO-ALICE/pending-points`);
    expect(pending.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ points: 100, order_id: order.id })]));
  });

  it('deletes a SKU, and a product with its SKUs, unless a reward gives the product', async () => {
    const client = sdk();
    const red = (await service.call('GET', '/v1/skus/mug-red')).body;
    expect(await client.products.deleteSku('prod_fixturemug', red.id, { force: true } as never)).toBeFalsy();
    expect((await service.call('GET', `/v1/skus/${red.id}`)).body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'sku' });

    const reward = await client.rewards.create({ name: 'A mug', type: 'MATERIAL', parameters: { product: { id: 'prod_fixturemug' } } } as never);
    const inUse = await service.call('DELETE', '/v1/products/prod_fixturemug');
    expect(inUse.body).toMatchObject({ code: 400, key: 'resource_in_use', related_object_ids: [reward.id], related_object_type: 'reward' });
    expect((await service.call('GET', '/v1/skus/mug-blue')).status).toBe(200);
    expect((await service.call('DELETE', `/v1/rewards/${reward.id}`)).status).toBe(204);
    const deleted = await service.call('DELETE', '/v1/products/mug?force=false');
    expect(deleted.status).toBe(204);
    expect((await service.call('GET', '/v1/products/prod_fixturemug')).status).toBe(404);
    expect((await service.call('GET', '/v1/skus/mug-blue')).status).toBe(404);
    // The order keeps its lines as recorded.
    expect((await service.call('GET', '/v1/orders/alice-sku-1')).body.items[0]).toMatchObject({ sku: { sku: 'Blue mug' }, product: { name: 'Mug' } });
  });

  it('answers bad input with the error object naming the field, and writes nothing', async () => {
    const beans = (await service.call('GET', '/v1/products/beans')).body;
    const other = (await service.call('POST', '/v1/products', { body: { source_id: 'tea', name: 'Tea' } })).body;
    const greenTea = (await service.call('POST', `/v1/products/${other.id}/skus`, { body: { source_id: 'tea-green', sku: 'Green tea' } })).body;
    const before = await databaseChecksum(service.database);
    for (const [path, body, details] of [
      [`/v1/products/${beans.id}/skus`, { price: -1 }, 'Property .price'],
      [`/v1/products/${beans.id}/skus`, { currency: 'usd' }, 'Property .currency'],
      [`/v1/products/${beans.id}/skus`, { attributes: 'blue' }, 'Property .attributes'],
      [`/v1/products/${beans.id}/skus`, { image_url: 'ftp://x/y.png' }, 'Property .image_url'],
      ['/v1/orders', { customer: { source_id: 'alice' }, items: [{ quantity: 1 }] }, 'items'],
      ['/v1/orders', { customer: { source_id: 'alice' }, items: [{ sku: { id: greenTea.id, override: true } }] }, 'override'],
    ] as const) {
      const res = await service.call('POST', path, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ key: 'invalid_payload' });
      expect(res.body.details).toContain(details);
    }
    const wrongProduct = await service.call('PUT', `/v1/products/${beans.id}/skus/${greenTea.id}`, { body: { price: 5 } });
    expect(wrongProduct.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'sku', resource_id: greenTea.id });
    const takenSource = await service.call('POST', `/v1/products/${beans.id}/skus`, { body: { source_id: 'tea-green', sku: 'Not tea' } });
    expect(takenSource.body).toMatchObject({ code: 409, key: 'duplicate_found', resource_type: 'sku', resource_id: greenTea.id });
    const unknownProduct = await service.call('POST', '/v1/products/nope/skus', { body: { sku: 'X' } });
    expect(unknownProduct.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'product', resource_id: 'nope' });
    const unknownSku = await service.call('POST', '/v1/orders', { body: { customer: { source_id: 'alice' }, status: 'PAID', items: [{ sku_id: 'sku_nope', quantity: 1 }] } });
    expect(unknownSku.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'sku', resource_id: 'sku_nope' });
    expect((await service.call('DELETE', '/v1/products/nope')).body).toMatchObject({ code: 404, resource_type: 'product' });
    expect((await service.call('GET', `/v1/products/${beans.id}/skus?order=price`)).status).toBe(400);
    expect(await databaseChecksum(service.database)).toEqual(before);
  });
});
