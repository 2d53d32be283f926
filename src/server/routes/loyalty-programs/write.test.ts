import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyProgramSchema } from '../../../contract/loyalty-program';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { spendFixture } from '../../../../test/support/spend-fixture';

/**
 * The published LoyaltyCampaign types `validation_rules_assignments` and the like as objects it
 * never requires; nothing of ours is null there. Only the response's own schema is checked.
 */
const programErrors = (path: string, method: string, body: unknown) => contractErrors('loyalty-rest', path, method, 200, body);

describe.each(testDatabases())('Create and update a loyalty program (%s)', (kind) => {
  let service: TestService;
  const create = (body: unknown) => {
    service.clock.advance(1000);
    return service.call('POST', '/v1/loyalties', { body });
  };
  const update = (id: string, body: unknown) => {
    service.clock.advance(1000);
    return service.call('PUT', `/v1/loyalties/${id}`, { body });
  };

  beforeAll(async () => {
    service = await startTestService(kind, spendFixture());
    service.clock.set('2026-05-10T12:00:00.000Z');
  });
  afterAll(() => service.close());

  it('creates a STATIC program with its cards, code format, points expiry and dates, usable at once by Add Member', async () => {
    const res = await create({
      name: 'Summer Club',
      description: 'Points for the summer',
      vouchers_count: 5,
      start_date: '2026-05-01T00:00:00Z',
      expiration_date: '2027-05-01T00:00:00Z',
      metadata: { region: 'south' },
      voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0, expiration_rules: { period_type: 'MONTH', period_value: 3 } }, code_config: { pattern: 'SUM-####-##', charset: '0123456789' } },
    });
    expect(res.status).toBe(200);
    expect(programErrors('/v1/loyalties', 'post', res.body)).toEqual([]);
    const program = loyaltyProgramSchema.parse(res.body);
    expect(program).toMatchObject({
      name: 'Summer Club',
      description: 'Points for the summer',
      type: 'STATIC',
      vouchers_count: 5,
      creation_status: 'DONE',
      metadata: { region: 'south' },
      start_date: '2026-05-01T00:00:00.000Z',
      expiration_date: '2027-05-01T00:00:00.000Z',
      voucher: { code_config: { pattern: 'SUM-####-##', length: 6, charset: '0123456789' }, loyalty_card: { points: 0, expiration_rules: { period_type: 'MONTH', period_value: 3 } } },
    });

    const joined = await service.call('POST', `/v1/loyalties/${program.id}/members`, { body: { customer: { source_id: 'summer-1', name: 'Sunny' } } });
    expect(joined.status).toBe(200);
    expect(joined.body.code).toMatch(/^SUM-\d{4}-\d{2}$/);
    expect(joined.body).toMatchObject({ campaign_id: program.id, expiration_date: '2027-05-01T00:00:00.000Z' });
    // Points added with the program's rules expire 3 months on.
    const added = await service.call('POST', `/v1/loyalties/members/${joined.body.code}/balance`, { body: { points: 100, expiration_type: 'PROGRAM_RULES' } });
    expect(added.status).toBe(200);
    const buckets = await service.call('GET', `/v1/loyalties/${program.id}/members/${joined.body.code}/points-expiration`);
    expect(buckets.body.data[0]).toMatchObject({ expires_at: '2026-08-10' });

    const got = await service.call('GET', `/v1/loyalties/${program.id}`);
    expect(got.body).toMatchObject({ id: program.id, vouchers_count: 5 });
  });

  it('creates an AUTO_UPDATE program that makes a card for each member', async () => {
    const res = await create({ name: 'Open Club', voucher: { loyalty_card: {}, code_config: { prefix: 'OPN-', length: 6 } } });
    expect(res.status).toBe(200);
    expect(programErrors('/v1/loyalties', 'post', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ type: 'AUTO_UPDATE', vouchers_count: 0, voucher: { code_config: { pattern: 'OPN-######', prefix: 'OPN-', length: 6 } } });
    const joined = await service.call('POST', `/v1/loyalties/${res.body.id}/members`, { body: { customer: 'bob' } });
    expect(joined.status).toBe(200);
    expect(joined.body.code).toMatch(/^OPN-[0-9A-Z]{6}$/);
  });

  it('refuses bad input naming the field, a code format too small, and a taken name, writing nothing', async () => {
    const before = await databaseChecksum(service.database);
    const cases: [unknown, number, string, string][] = [
      [{}, 400, 'invalid_payload', 'name'],
      [{ name: 'X', vouchers_count: -1 }, 400, 'invalid_payload', 'vouchers_count'],
      [{ name: 'X', vouchers_count: 10_001 }, 400, 'invalid_payload', 'vouchers_count'],
      [{ name: 'X', voucher: { loyalty_card: {}, code_config: { pattern: 'NOHASH' } } }, 400, 'invalid_payload', 'pattern'],
      [{ name: 'X', voucher: { loyalty_card: {}, code_config: { charset: 'AAB' } } }, 400, 'invalid_payload', 'charset'],
      [{ name: 'X', voucher: { loyalty_card: { points: 10 } } }, 400, 'invalid_payload', 'points'],
      [{ name: 'X', voucher: { loyalty_card: { expiration_rules: { period_type: 'MONTH' } } } }, 400, 'invalid_payload', 'period_value'],
      [{ name: 'X', validity_timeframe: { interval: 'P1D', duration: 'PT1H' } }, 400, 'invalid_payload', 'validity_timeframe'],
      [{ name: 'X', start_date: '2027-01-01T00:00:00Z', expiration_date: '2026-01-01T00:00:00Z' }, 400, 'invalid_payload', 'expiration_date'],
      [{ name: 'X', vouchers_count: 50, voucher: { loyalty_card: {}, code_config: { pattern: 'T-##', charset: '0123456789' } } }, 400, 'invalid_code_config', 'code_config'],
      [{ name: 'X', category_id: 'cat_nope' }, 404, 'not_found', 'cat_nope'],
      [{ name: 'Summer Club' }, 409, 'duplicate_found', 'Summer Club'],
    ];
    for (const [body, status, key, named] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: status, key, request_id: expect.any(String) });
      expect(String(res.body.details), JSON.stringify(body)).toContain(named);
    }
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('updates what is given: dates go onto the cards not yet given to a member; the rest stays', async () => {
    const created = await create({ name: 'Update Club', vouchers_count: 3, metadata: { a: 1, b: 2 }, voucher: { loyalty_card: {}, code_config: { pattern: 'UPD-#####' } } });
    const id = created.body.id as string;
    const member = await service.call('POST', `/v1/loyalties/${id}/members`, { body: { customer: 'alice' } });
    expect(member.status).toBe(200);
    const res = await update(id, { description: 'Renamed club', expiration_date: '2027-12-31T23:59:59Z', metadata: { a: 1, b: 2, c: 3 }, unset_metadata_fields: ['b'] });
    expect(res.status).toBe(200);
    expect(programErrors('/v1/loyalties/{campaignId}', 'put', res.body)).toEqual([]);
    expect(res.body).toMatchObject({ description: 'Renamed club', metadata: { a: 1, c: 3 }, expiration_date: '2027-12-31T23:59:59.000Z', type: 'STATIC', voucher: { code_config: { pattern: 'UPD-#####' } } });
    expect(res.body.updated_at).toBe(service.clock.now().toISOString());
    const cards = await service.database.execute<{ holder_id: string | null; expiration_date: Date | string | null }>('SELECT holder_id, expiration_date FROM vouchers WHERE campaign_id = $1 ORDER BY holder_id NULLS LAST', [id]);
    expect(cards.map((c) => (c.expiration_date === null ? null : new Date(c.expiration_date).toISOString()))).toEqual([null, '2027-12-31T23:59:59.000Z', '2027-12-31T23:59:59.000Z']);
    // Add Member in the same process sees the change at once: the next member's card has the date.
    const next = await service.call('POST', `/v1/loyalties/${id}/members`, { body: { customer: 'bob' } });
    expect(next.body).toMatchObject({ expiration_date: '2027-12-31T23:59:59.000Z' });

    const before = await databaseChecksum(service.database);
    expect(await update(id, { start_date: '2028-01-01T00:00:00Z' })).toMatchObject({ status: 400, body: { key: 'invalid_payload' } });
    expect(await update(id, { name: 'New name' })).toMatchObject({ status: 400, body: { key: 'invalid_payload' } });
    expect(await update('camp_nope', { description: 'x' })).toMatchObject({ status: 404, body: { key: 'not_found', resource_type: 'campaign' } });
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('works through the official SDK: create, get, update, enroll', async () => {
    const client = VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
    const program = await client.loyalties.create({ name: 'SDK Club', vouchers_count: 2, voucher: { type: 'LOYALTY_CARD', loyalty_card: { points: 0 }, code_config: { pattern: 'SDK-######' } } } as never);
    expect(program).toMatchObject({ name: 'SDK Club', vouchers_count: 2 });
    expect(await client.loyalties.get(program.id)).toMatchObject({ id: program.id, type: 'STATIC' });
    expect(await client.loyalties.update({ id: program.id, description: 'Made by the SDK', type: 'AUTO_UPDATE' })).toMatchObject({ description: 'Made by the SDK', type: 'AUTO_UPDATE' });
    const member = await client.loyalties.createMember(program.id, { customer: { source_id: 'sdk-club-1' } });
    expect(member.code).toMatch(/^SDK-/);
  });
});
