import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { runAsyncAction } from '../../services/run-async-action';

/**
 * Update Customers in Bulk and Update Customers' Metadata in Bulk (issue 34): answered 202 with an
 * async action, carried out by the job item by item (each customer upserted by source id, created
 * when unknown), one refused item reported in the result while the others are written.
 */
describe.each(testDatabases())('Customers updated in bulk (%s)', (kind) => {
  let service: TestService;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
  const customer = async (ref: string) => (await service.call('GET', `/v1/customers/${ref}`)).body;
  async function carriedOut(id: string) {
    expect(await runAsyncAction(service.ctx, id)).toBe('done');
    return (await service.call('GET', `/v1/async-actions/${id}`)).body;
  }

  beforeAll(async () => {
    service = await startTestService(kind, baseFixture());
  });
  afterAll(() => service.close());

  it('upserts each customer by source id through the SDK, and reports the action DONE', async () => {
    const accepted = await service.call('POST', '/v1/customers/bulk/async', {
      body: [
        { source_id: 'alice', name: 'Alice Bulk', metadata: { lang: 'en' } },
        { source_id: 'bulk-new', name: 'New Person', email: 'new.person@example.com', address: { city: 'New York' }, birthday: '2022-04-04' },
      ],
    });
    expect(accepted.status).toBe(202);
    expect(contractErrors('customers-catalog', '/v1/customers/bulk/async', 'post', 202, accepted.body)).toEqual([]);
    const action = await carriedOut(accepted.body.async_action_id);
    expect(action).toMatchObject({ type: 'CUSTOMERS.BULK_UPDATE', status: 'DONE', progress: 100, result: { message: '2 customer(s) updated successfully, 0 failed.', done_count: 2, failed_count: 0, failed: [] } });
    expect(await customer('alice')).toMatchObject({ name: 'Alice Bulk', metadata: { lang: 'en' } });
    expect(await customer('bulk-new')).toMatchObject({ name: 'New Person', email: 'new.person@example.com', address: { city: 'New York' } });

    const viaSdk = await sdk().customers.updateInBulk([{ source_id: 'bulk-sdk', name: 'Via SDK' }] as never);
    await carriedOut((viaSdk as { async_action_id: string }).async_action_id);
    expect(await customer('bulk-sdk')).toMatchObject({ name: 'Via SDK' });
  });

  it('adds the metadata keys to every customer named (their other keys stay), refusing the one it would overfill', async () => {
    const full = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i]));
    await service.call('POST', '/v1/customers', { body: { source_id: 'full', metadata: full } });
    const accepted = await sdk().customers.updateMetadataInBulk({ source_ids: ['alice', 'meta-new', 'full', 'alice'], metadata: { vip: true } } as never);
    const action = await carriedOut((accepted as { async_action_id: string }).async_action_id);
    expect(action).toMatchObject({ type: 'CUSTOMERS.METADATA_UPDATE', status: 'DONE', result: { done_count: 2, failed_count: 1 } });
    expect(action.result.failed).toEqual([{ source_id: 'full', reason: expect.stringContaining('Property .2.metadata') }]);
    expect((await customer('alice')).metadata).toEqual({ lang: 'en', vip: true });
    expect((await customer('meta-new')).metadata).toEqual({ vip: true });
    expect((await customer('full')).metadata).toEqual(full);
  });

  it('refuses bad requests whole with the error object naming the field, recording no action', async () => {
    const before = await databaseChecksum(service.database);
    for (const [path, body, details] of [
      ['/v1/customers/bulk/async', [], 'at least one customer'],
      ['/v1/customers/bulk/async', [{ source_id: 'x', address: 'Main St' }], 'Property .0.address'],
      ['/v1/customers/bulk/async', [{ id: 'cust_1', source_id: 'x' }], '.0'],
      ['/v1/customers/bulk/async', Array.from({ length: 10_001 }, (_, i) => ({ source_id: `c${i}` })), 'Property .10000'],
      ['/v1/customers/metadata/async', { metadata: { a: 1 } }, 'source_ids'],
      ['/v1/customers/metadata/async', { source_ids: ['a'], metadata: 'vip' }, 'Property .metadata'],
    ] as const) {
      const res = await service.call('POST', path, { body });
      expect(res.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload' });
      expect(res.body.details).toContain(details);
    }
    expect(await databaseChecksum(service.database)).toEqual(before);
  });
});
