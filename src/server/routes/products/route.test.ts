import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, productSchema } from '../../../contract/product';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { componentErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';

describe.each(testDatabases())('Products (%s)', (kind) => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(kind);
  });
  afterAll(() => service.close());

  it('creates, upserts by id or source_id, gets by either, and lists newest first', async () => {
    const created = await service.call('POST', '/v1/products', { body: { source_id: 'mug-1', name: 'Mug', price: 1500, attributes: ['color'], metadata: { material: 'ceramic' } } });
    expect(created.status).toBe(200);
    expect(productSchema.parse(created.body)).toMatchObject({ id: expect.stringMatching(/^prod_/), source_id: 'mug-1', name: 'Mug', price: 1500, image_url: null, updated_at: null });
    // The product object of openapi-spend (where a MATERIAL reward's product is described).
    expect(componentErrors('spend', 'Product', created.body)).toEqual([]);

    service.clock.advance(1000);
    const bySource = await service.call('POST', '/v1/products', { body: { source_id: 'mug-1', price: 1800 } });
    expect(bySource.body).toMatchObject({ id: created.body.id, name: 'Mug', price: 1800, updated_at: service.clock.now().toISOString() });
    const byId = await service.call('POST', '/v1/products', { body: { id: created.body.id, name: 'Big mug' } });
    expect(byId.body).toMatchObject({ id: created.body.id, name: 'Big mug', source_id: 'mug-1' });

    for (const ref of [created.body.id, 'mug-1']) expect((await service.call('GET', `/v1/products/${ref}`)).body).toMatchObject({ id: created.body.id, name: 'Big mug' });
    service.clock.advance(1000);
    await service.call('POST', '/v1/products', { body: { name: 'Coffee' } });
    const list = await service.call('GET', '/v1/products?limit=1');
    expect(productListSchema.parse(list.body)).toMatchObject({ total: 2, products: [{ name: 'Coffee', source_id: null }] });
  });

  it('answers bad input and unknown products with an error object, writing nothing', async () => {
    const before = await databaseChecksum(service.database);
    for (const [body, details] of [
      [{ price: -1 }, 'Property .price'],
      [{ name: '' }, 'Property .name'],
      [{ attributes: 'color' }, 'Property .attributes'],
      [{ image_url: 'javascript:alert(1)' }, 'Property .image_url'],
    ] as const) {
      const res = await service.call('POST', '/v1/products', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ key: 'invalid_payload' });
      expect(res.body.details).toContain(details);
    }
    const unknownId = await service.call('POST', '/v1/products', { body: { id: 'prod_nope', name: 'X' } });
    expect(unknownId.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'product', resource_id: 'prod_nope' });
    expect(await databaseChecksum(service.database)).toEqual(before);
    const missing = await service.call('GET', '/v1/products/nope');
    expect(missing.body).toMatchObject({ code: 404, details: 'Cannot find product with id nope' });
    const duplicate = await service.call('POST', '/v1/products', { body: { source_id: 'coffee-1', name: 'Coffee 2' } });
    const clash = await service.call('POST', '/v1/products', { body: { id: duplicate.body.id, source_id: 'mug-1' } });
    expect(clash.body).toMatchObject({ code: 409, key: 'duplicate_found', resource_type: 'product' });
  });
});
