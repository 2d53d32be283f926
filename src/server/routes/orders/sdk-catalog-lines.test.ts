import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { orderFixture } from '../../../../test/support/order-fixture';
import { startTestService, type TestService } from '../../../../test/support/service';

/**
 * Issue 34, "Done when": with the official SDK (2.9), an integrator creates a product with SKUs
 * (products.create, products.createSku) and then an order whose items name that product and SKU every
 * way the contract allows (product_id, sku_id, source_id with related_object, the product and sku
 * objects); each item comes back naming the stored product and SKU, on create, get and list, as
 * openapi-loyalty-rest.json answers them.
 */
describe.each(testDatabases())('@voucherify/sdk: a product with SKUs, named by an order’s items (%s)', (kind) => {
  let service: TestService;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });

  beforeAll(async () => {
    service = await startTestService(kind, orderFixture());
    service.clock.set('2026-05-04T10:00:00.000Z');
  });
  afterAll(() => service.close());

  it('resolves each item to the stored product and SKU, by id and by source id, and answers them on create, get and list', async () => {
    const client = sdk();
    const shirt = await client.products.create({ source_id: 'shirt', name: 'Shirt', price: 2500, metadata: { fabric: 'linen' } } as never);
    expect(contractErrors('customers-catalog', '/v1/products', 'post', 200, shirt)).toEqual([]);
    const small = await client.products.createSku(shirt.id, { source_id: 'shirt-s', sku: 'Shirt S', price: 2400 } as never);
    const large = await client.products.createSku(shirt.id, { source_id: 'shirt-l', sku: 'Shirt L', price: 2600 } as never);
    expect(small).toMatchObject({ id: expect.stringMatching(/^sku_/), product_id: shirt.id });

    const product = { id: shirt.id, source_id: 'shirt', name: 'Shirt', price: 2500, metadata: { fabric: 'linen' } };
    const skuS = { id: small.id, source_id: 'shirt-s', sku: 'Shirt S', price: 2400 };
    const skuL = { id: large.id, source_id: 'shirt-l', sku: 'Shirt L', price: 2600 };
    const order = await client.orders.create({
      source_id: 'shirts-1',
      customer: { source_id: 'alice' },
      status: 'CREATED',
      items: [
        { product_id: shirt.id, quantity: 1 },
        { sku_id: small.id, quantity: 2 },
        { source_id: 'shirt', related_object: 'product', quantity: 1 },
        { source_id: 'shirt-l', related_object: 'sku', quantity: 1 },
        { product_id: shirt.id, sku_id: large.id, quantity: 1 },
        { product: { id: shirt.id }, sku: { source_id: 'shirt-s' }, quantity: 1 },
      ],
    } as never);
    expect(contractErrors('loyalty-rest', '/v1/orders', 'post', 200, order)).toEqual([]);
    const expected = [
      { product_id: shirt.id, related_object: 'product', source_id: 'shirt', price: 2500, amount: 2500, product: expect.objectContaining(product) },
      { product_id: shirt.id, sku_id: small.id, related_object: 'sku', source_id: 'shirt-s', price: 2400, amount: 4800, product: expect.objectContaining(product), sku: expect.objectContaining(skuS) },
      { product_id: shirt.id, related_object: 'product', source_id: 'shirt', price: 2500, amount: 2500, product: expect.objectContaining(product) },
      { product_id: shirt.id, sku_id: large.id, related_object: 'sku', source_id: 'shirt-l', price: 2600, amount: 2600, product: expect.objectContaining(product), sku: expect.objectContaining(skuL) },
      { product_id: shirt.id, sku_id: large.id, related_object: 'sku', source_id: 'shirt-l', price: 2600, amount: 2600, product: expect.objectContaining(product), sku: expect.objectContaining(skuL) },
      { product_id: shirt.id, sku_id: small.id, related_object: 'sku', source_id: 'shirt-s', price: 2400, amount: 2400, product: expect.objectContaining(product), sku: expect.objectContaining(skuS) },
    ].map((item) => expect.objectContaining({ object: 'order_item', ...item }));
    expect(order.items).toEqual(expected);
    expect(order).toMatchObject({ amount: 2500 + 4800 + 2500 + 2600 + 2600 + 2400 });

    const read = await client.orders.get(order.id);
    expect(contractErrors('loyalty-rest', '/v1/orders/{orderId}', 'get', 200, read)).toEqual([]);
    expect(read.items).toEqual(expected);
    const listed = await client.orders.list({ limit: 100 } as never);
    expect(listed.orders.find((o: { id: string }) => o.id === order.id)?.items).toEqual(expected);
  });

  it('keeps an item naming a source id not in the catalog as given, with what it names', async () => {
    const order = await sdk().orders.create({
      source_id: 'shirts-2',
      customer: { source_id: 'alice' },
      items: [
        { source_id: 'hat-unknown', related_object: 'product', quantity: 1, price: 500 },
        { source_id: 'hat-unknown-xl', related_object: 'sku', quantity: 1, price: 700 },
      ],
    } as never);
    expect(contractErrors('loyalty-rest', '/v1/orders', 'post', 200, order)).toEqual([]);
    expect(order.items).toEqual([
      expect.objectContaining({ source_id: 'hat-unknown', related_object: 'product', price: 500, amount: 500 }),
      expect.objectContaining({ source_id: 'hat-unknown-xl', related_object: 'sku', price: 700, amount: 700 }),
    ]);
    for (const item of order.items ?? []) expect(item).not.toHaveProperty('product_id');
  });

  it('refuses an item naming a product and a SKU of another product, naming the item, and writes no order', async () => {
    const client = sdk();
    const cap = await client.products.create({ source_id: 'cap', name: 'Cap', price: 1200 } as never);
    const shirtS = (await service.call('GET', '/v1/skus/shirt-s')).body;
    const res = await service.call('POST', '/v1/orders', { body: { source_id: 'mixed-1', customer: { source_id: 'alice' }, items: [{ product_id: cap.id, sku_id: shirtS.id, quantity: 1 }] } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload', details: `Property .items.0.product_id: names product ${cap.id}, but SKU ${shirtS.id} is a SKU of product ${shirtS.product_id}` });
    expect(res.body.request_id).toEqual(expect.any(String));
    expect((await service.call('GET', '/v1/orders/mixed-1')).status).toBe(404);
  });
});
