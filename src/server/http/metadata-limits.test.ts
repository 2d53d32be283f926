import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataLimits } from '../../contract/common';
import { databaseChecksum } from '../../../test/support/db-checksum';
import { testDatabases } from '../../../test/support/databases';
import { startTestService, type TestService } from '../../../test/support/service';
import { spendFixture } from '../../../test/support/spend-fixture';

/**
 * Issue 35, fault 7: every write that takes `metadata` bounds it (per value and per object, README
 * "Metadata limits"), answering 400 invalid_payload naming the field, and writes nothing.
 */
describe.each(testDatabases())('Metadata limits on writes (%s)', (kind) => {
  let service: TestService;
  const reward = (name: string) => service.project.ids.rewards.get(name) as string;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const megabyte = 'x'.repeat(1024 * 1024);
  const longValue = 'x'.repeat(metadataLimits.valueLength + 1);
  const tooManyKeys = Object.fromEntries(Array.from({ length: metadataLimits.properties + 1 }, (_, i) => [`k${i}`, i]));
  // Within every per-value bound, over the per-object size.
  const tooLarge = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'y'.repeat(metadataLimits.valueLength)]));

  /** Each write, with `metadata` placed where it takes it, and the path the 400 must name. */
  const writes: { name: string; path: string; send: (metadata: unknown) => ReturnType<TestService['call']> }[] = [
    { name: 'redemption', path: '.metadata', send: (metadata) => service.call('POST', '/v1/loyalties/members/FIX-BOB/redemption', { body: { reward: { id: reward('Free coffee') }, metadata } }) },
    { name: 'redemption order', path: '.order.metadata', send: (metadata) => service.call('POST', '/v1/loyalties/members/FIX-BOB/redemption', { body: { reward: { id: reward('Free coffee') }, order: { amount: 100, metadata } } }) },
    { name: 'redemption order item', path: '.order.items.0.metadata', send: (metadata) => service.call('POST', '/v1/loyalties/members/FIX-BOB/redemption', { body: { reward: { id: reward('Free coffee') }, order: { items: [{ quantity: 1, price: 100, metadata }] } } }) },
    { name: 'event', path: '.metadata', send: (metadata) => service.call('POST', '/v1/events', { body: { event: 'anything', customer: { source_id: 'alice' }, metadata } }) },
    { name: 'event customer', path: '.customer.metadata', send: (metadata) => service.call('POST', '/v1/events', { body: { event: 'anything', customer: { source_id: 'alice', metadata } } }) },
    { name: 'Add Member publication', path: '.metadata', send: (metadata) => service.call('POST', `/v1/loyalties/${auto()}/members`, { body: { customer: { source_id: 'meta-1' }, metadata } }) },
    { name: 'Add Member customer', path: '.customer.metadata', send: (metadata) => service.call('POST', `/v1/loyalties/${auto()}/members`, { body: { customer: { source_id: 'meta-2', metadata } } }) },
    { name: 'product', path: '.metadata', send: (metadata) => service.call('POST', '/v1/products', { body: { name: 'Meta', metadata } }) },
    { name: 'reward', path: '.metadata', send: (metadata) => service.call('POST', '/v1/rewards', { body: { name: 'Meta', parameters: { campaign: { id: auto(), balance: 1 } }, metadata } }) },
  ];

  beforeAll(async () => {
    service = await startTestService(kind, spendFixture());
  });
  afterAll(() => service.close());

  it('refuses 1 MB of metadata on every write that takes it, naming the field, and writes nothing', async () => {
    const before = await databaseChecksum(service.database);
    for (const write of writes) {
      const res = await write.send({ note: megabyte });
      expect(res.status, write.name).toBe(400);
      expect(res.body, write.name).toMatchObject({ code: 400, key: 'invalid_payload', request_id: expect.any(String) });
      expect(res.body.details, write.name).toContain(`Property ${write.path}.note:`);
    }
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('bounds each value, the number of properties and the whole object', async () => {
    for (const write of writes) {
      const long = await write.send({ deep: { list: ['ok', longValue] } });
      expect(long.status, write.name).toBe(400);
      expect(long.body.details, write.name).toContain(`Property ${write.path}.deep.list.1: must be at most ${metadataLimits.valueLength} characters`);

      const keys = await write.send(tooManyKeys);
      expect(keys.status, write.name).toBe(400);
      expect(keys.body.details, write.name).toContain(`Property ${write.path}: may hold at most ${metadataLimits.properties} properties`);

      const large = await write.send(tooLarge);
      expect(large.status, write.name).toBe(400);
      expect(large.body.details, write.name).toContain(`Property ${write.path}: must be at most ${metadataLimits.bytes} bytes as JSON`);

      const longKey = await write.send({ ['k'.repeat(metadataLimits.keyLength + 1)]: 1 });
      expect(longKey.status, write.name).toBe(400);
      expect(longKey.body.details, write.name).toMatch(/property names must be at most \d+ characters/);
    }
  });

  it('accepts metadata at the bounds', async () => {
    const atBounds = { note: 'z'.repeat(metadataLimits.valueLength), n: 1, nested: { ok: [true, null, 2.5] } };
    const res = await service.call('POST', '/v1/loyalties/members/FIX-BOB/redemption', { body: { reward: { id: reward('Free coffee') }, metadata: atBounds } });
    expect(res.status).toBe(200);
    expect(res.body.metadata).toEqual(atBounds);
  });
});
