import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { earningFixture } from '../../../../test/support/earning-fixture';
import { startTestService, type TestService } from '../../../../test/support/service';

/** Delete Segment (issue 34): the segment and its memberships go, its customers stay; a segment an earning rule names stays. */
describe.each(testDatabases())('Delete Segment (%s)', (kind) => {
  let service: TestService;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });

  beforeAll(async () => {
    service = await startTestService(kind, earningFixture());
  });
  afterAll(() => service.close());

  it('deletes a segment no rule names: 204, then not found, and its customers no longer list it', async () => {
    const alice = (await service.call('GET', '/v1/customers/alice')).body;
    const segment = (await service.call('POST', '/v1/segments', { body: { name: 'Short-lived', type: 'static', customers: [alice.id] } })).body;
    expect((await service.call('GET', '/v1/customers/alice/segments')).body.data.map((s: { id: string }) => s.id)).toContain(segment.id);

    expect(await sdk().segments.delete(segment.id)).toBeFalsy();
    expect((await service.call('GET', `/v1/segments/${segment.id}`)).body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'segment', resource_id: segment.id });
    expect((await service.call('GET', '/v1/customers/alice/segments')).body.data.map((s: { id: string }) => s.id)).not.toContain(segment.id);
    expect((await service.call('GET', '/v1/customers/alice')).status).toBe(200);
  });

  it('refuses a segment an earning rule names (resource_in_use naming the rules), and an unknown one (404), writing nothing', async () => {
    const before = await databaseChecksum(service.database);
    const inUse = await service.call('DELETE', '/v1/segments/seg_vipfixture');
    expect(inUse.body).toMatchObject({ code: 400, key: 'resource_in_use', related_object_type: 'earning_rule', related_object_ids: [expect.stringMatching(/^lern_/)] });
    expect((await service.call('DELETE', '/v1/segments/seg_nope')).body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'segment', resource_id: 'seg_nope' });
    expect(await databaseChecksum(service.database)).toEqual(before);
  });
});
