import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { startTestService, type TestService } from '../../../../test/support/service';

/**
 * List Products and List SKUs in Product: `order`, `page`, `start_date` / `end_date` (creation time,
 * both included) return exactly what matches; the order values the contract shares with other
 * lists (type, code, campaign, category), which no product or SKU has, are refused naming `order`.
 */
describe.each(testDatabases())('Product and SKU lists: order, page, dates (%s)', (kind) => {
  let service: TestService;
  const made: string[] = [];
  const list = async (path: string, query: string, key: 'products' | 'skus') => {
    const res = await service.call('GET', `${path}?${query}`);
    expect(res.status, `${path}?${query} ${JSON.stringify(res.body)}`).toBe(200);
    return { names: (res.body[key] as { source_id: string }[]).map((p) => p.source_id), total: res.body.total as number };
  };

  beforeAll(async () => {
    service = await startTestService(kind);
    service.clock.set('2026-06-01T08:00:00.000Z');
    expect((await service.call('POST', '/v1/products', { body: { name: 'Tea', source_id: 'tea' } })).status).toBe(200);
    for (const sku of ['green', 'black', 'white']) {
      service.clock.advance(60_000);
      const res = await service.call('POST', '/v1/products/tea/skus', { body: { source_id: sku, sku: `${sku} tea` } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      made.push(res.body.created_at);
    }
    for (const name of ['Cake', 'Soup']) {
      service.clock.advance(60_000);
      expect((await service.call('POST', '/v1/products', { body: { name, source_id: name.toLowerCase() } })).status).toBe(200);
    }
    // Tea updated last.
    service.clock.advance(60_000);
    expect((await service.call('PUT', '/v1/products/tea', { body: { price: 300 } })).status).toBe(200);
  });
  afterAll(() => service.close());

  it('products: by created_at or updated_at either way, a page at a time', async () => {
    expect((await list('/v1/products', 'order=created_at', 'products')).names).toEqual(['tea', 'cake', 'soup']);
    expect((await list('/v1/products', '', 'products')).names).toEqual(['soup', 'cake', 'tea']);
    expect((await list('/v1/products', 'order=-updated_at', 'products')).names).toEqual(['tea', 'soup', 'cake']);
    expect((await list('/v1/products', 'order=updated_at', 'products')).names).toEqual(['cake', 'soup', 'tea']);
    expect(await list('/v1/products', 'order=created_at&limit=2&page=2', 'products')).toEqual({ names: ['soup'], total: 3 });
  });

  it('SKUs: start_date and end_date bound the creation time, both included; order and page', async () => {
    const path = '/v1/products/tea/skus';
    expect((await list(path, '', 'skus')).names).toEqual(['green', 'black', 'white']);
    expect((await list(path, `start_date=${made[1]}`, 'skus')).names).toEqual(['black', 'white']);
    expect((await list(path, `end_date=${made[1]}`, 'skus')).names).toEqual(['green', 'black']);
    expect(await list(path, `start_date=${made[1]}&end_date=${made[1]}`, 'skus')).toEqual({ names: ['black'], total: 1 });
    expect((await list(path, 'start_date=2026-06-02', 'skus')).names).toEqual([]);
    expect((await list(path, 'order=-created_at', 'skus')).names).toEqual(['white', 'black', 'green']);
    expect(await list(path, 'limit=2&page=2', 'skus')).toEqual({ names: ['white'], total: 3 });
  });

  it('refuses the order values no product or SKU can be sorted by, and dates that are not dates, naming the parameter', async () => {
    for (const path of ['/v1/products', '/v1/products/tea/skus']) {
      for (const query of ['order=type', 'order=-code', 'order=campaign', 'order=-category', 'start_date=soon', 'end_date=2026-13-01']) {
        const res = await service.call('GET', `${path}?${query}`);
        expect(res.status, `${path}?${query}`).toBe(400);
        expect(res.body).toMatchObject({ code: 400, key: 'invalid_query_params' });
        expect(res.body.details, `${path}?${query}`).toContain(query.split('=')[0]);
      }
    }
  });
});
