import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { runAsyncAction } from '../../services/run-async-action';

/**
 * Update Products in Bulk and Update Products' Metadata in Bulk (issue 34): 202 with an async
 * action, carried out by the job (each product upserted by source id; metadata keys added to known
 * products), a refused item reported in the result while the others are written.
 */
describe.each(testDatabases())('Products updated in bulk (%s)', (kind) => {
  let service: TestService;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
  const product = async (ref: string) => (await service.call('GET', `/v1/products/${ref}`)).body;
  async function carriedOut(id: string) {
    expect(await runAsyncAction(service.ctx, id)).toBe('done');
    return (await service.call('GET', `/v1/async-actions/${id}`)).body;
  }

  beforeAll(async () => {
    service = await startTestService(kind, baseFixture());
  });
  afterAll(() => service.close());

  it('upserts each product by source id through the SDK (null clears a field), and reports the action DONE', async () => {
    await service.call('POST', '/v1/products', { body: { source_id: 'bulk-phone', name: 'Phone', price: 100, image_url: 'https://example.com/p.png', metadata: { vendor: 'A' } } });
    const accepted = (await sdk().products.bulkUpdate([
      { source_id: 'bulk-phone', name: 'Phone 2', price: 220000, image_url: null, attributes: ['color'] },
      { source_id: 'bulk-new', name: 'Tablet', price: 5000, metadata: { test: true } },
    ] as never)) as { async_action_id: string };
    expect(contractErrors('customers-catalog', '/v1/products/bulk/async', 'post', 202, accepted)).toEqual([]);
    const action = await carriedOut(accepted.async_action_id);
    expect(action).toMatchObject({ type: 'PRODUCTS.BULK_UPDATE', status: 'DONE', progress: 100, result: { message: '2 product(s) updated successfully, 0 failed.', done_count: 2, failed_count: 0 } });
    expect(await product('bulk-phone')).toMatchObject({ name: 'Phone 2', price: 220000, image_url: null, attributes: ['color'], metadata: { vendor: 'A' } });
    expect(await product('bulk-new')).toMatchObject({ name: 'Tablet', price: 5000, metadata: { test: true } });
  });

  it('adds the metadata keys to every product named (its other keys stay), refusing an unknown one and one it would overfill', async () => {
    const full = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]));
    await service.call('POST', '/v1/products', { body: { source_id: 'bulk-full', name: 'Full', metadata: full } });
    const accepted = (await sdk().products.bulkUpdateMetadata({ source_ids: ['bulk-phone', 'bulk-nothing', 'bulk-full', 'bulk-phone'], metadata: { origin: 'PL' } } as never)) as { async_action_id: string };
    expect(contractErrors('customers-catalog', '/v1/products/metadata/async', 'post', 202, accepted)).toEqual([]);
    const action = await carriedOut(accepted.async_action_id);
    expect(action).toMatchObject({ type: 'PRODUCTS.METADATA_UPDATE', status: 'DONE', result: { done_count: 1, failed_count: 2 } });
    expect(action.result.failed).toEqual([
      { source_id: 'bulk-nothing', reason: expect.stringMatching(/^Property \.1: Cannot find product with id bulk-nothing/) },
      { source_id: 'bulk-full', reason: expect.stringContaining('Property .2.metadata') },
    ]);
    expect((await product('bulk-phone')).metadata).toEqual({ vendor: 'A', origin: 'PL' });
    expect((await product('bulk-full')).metadata).toEqual(full);
    expect((await service.call('GET', '/v1/products/bulk-nothing')).status).toBe(404);
  });

  it('refuses bad requests whole with the error object naming the field, recording no action', async () => {
    const before = await databaseChecksum(service.database);
    for (const [path, body, details] of [
      ['/v1/products/bulk/async', [], 'at least one product'],
      ['/v1/products/bulk/async', [{ name: 'No source' }], "Property .0 should have required property 'source_id'"],
      ['/v1/products/bulk/async', [{ source_id: 'x', price: 'cheap' }], 'Property .0.price'],
      ['/v1/products/bulk/async', [{ source_id: 'x', colour: 'red' }], "Property .0 should not have additional property 'colour'"],
      ['/v1/products/bulk/async', Array.from({ length: 10_001 }, (_, i) => ({ source_id: `p${i}` })), 'Property .10000'],
      ['/v1/products/metadata/async', { metadata: { a: 1 } }, 'source_ids'],
      ['/v1/products/metadata/async', { source_ids: ['a'], metadata: 'vip' }, 'Property .metadata'],
    ] as const) {
      const res = await service.call('POST', path, { body });
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload', request_id: expect.any(String) });
      expect(res.body.details).toContain(details);
    }
    expect(await databaseChecksum(service.database)).toEqual(before);
  });
});
