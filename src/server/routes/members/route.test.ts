import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyMemberSchema } from '../../../contract/loyalty-member';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';

/** Fields the contract's own example returns as null though its schema says otherwise (x-subset-known-defects). */
const memberDefectNulls = ['start_date', 'expiration_date', 'validity_timeframe', 'validity_day_of_week', 'additional_info', 'redemption.quantity'];

describe.each(testDatabases())('Add Member (%s)', (kind) => {
  let service: TestService;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const enroll = (campaign: string, body: unknown) => service.call('POST', `/v1/loyalties/${campaign}/members`, { body });

  beforeAll(async () => {
    service = await startTestService(kind);
  });
  afterAll(() => service.close());

  it('publishes the oldest suitable card to a new customer and returns the full member', async () => {
    const res = await enroll(fixed(), { customer: { source_id: 'carol', name: 'Carol', email: 'carol@example.com', metadata: { vip: true } }, channel: 'Kiosk' });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('FIX-001');
    expect(res.body.holder_id).toMatch(/^cust_/);
    expect(res.body.publish).toEqual({ object: 'list', count: 1, url: '/v1/vouchers/FIX-001/publications?page=1&limit=10' });
    expect(res.body.redemption.url).toBe('/v1/vouchers/FIX-001/redemptions?page=1&limit=10');
    expect(res.body.categories).toEqual([expect.objectContaining({ name: 'Cafes', object: 'category' })]);
    expect(res.body.category).toBe('Cafes');
    expect(loyaltyMemberSchema.parse(res.body)).toBeTruthy();
    expect(contractErrors('subset', '/v1/loyalties/{campaignId}/members', 'post', 200, res.body, memberDefectNulls)).toEqual([]);

    const customers = await service.call('GET', `/v1/publications?customer=carol`);
    expect(customers.body.total).toBe(1);
    expect(customers.body.publications[0]).toMatchObject({ channel: 'Kiosk', customer: { source_id: 'carol', name: 'Carol' }, voucher: { code: 'FIX-001' } });
  });

  it('serves the QR and barcode images the member links to, in png and svg, size 1–100', async () => {
    const res = await enroll(fixed(), { customer: 'dave' });
    const qr = await fetch(`${res.body.assets.qr.url}?size=10`);
    expect(qr.status).toBe(200);
    expect(qr.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await qr.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    const svg = await fetch(`${res.body.assets.barcode.url}?format=svg&size=100`);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
    const tooBig = await fetch(`${res.body.assets.qr.url}?size=101`);
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).key).toBe('invalid_query_params');
    const forged = await fetch(`${service.baseUrl}/v1/assets/qr/${'A'.repeat(60)}`);
    expect(forged.status).toBe(404);
  });

  it('accepts customer as a string: cust_ ids must exist, anything else is a source id', async () => {
    const known = service.project.ids.customers.get('alice') as string;
    const byId = await enroll(auto(), { customer: known });
    expect(byId.status).toBe(200);
    expect(byId.body.holder_id).toBe(known);

    const missing = await enroll(auto(), { customer: 'cust_doesnotexist' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'customer', resource_id: 'cust_doesnotexist' });
    expect(missing.body.request_id).toMatch(/^v-/);

    const missingObject = await enroll(auto(), { customer: { id: 'cust_nobody', source_id: 'ignored' } });
    expect(missingObject.status).toBe(404);
    expect(missingObject.body.resource_type).toBe('customer');
  });

  it('updates the profile fields of an existing customer', async () => {
    const res = await enroll(auto(), { customer: { source_id: 'bob', email: 'bob@new.example.com', address: { city: 'Utrecht' } } });
    expect(res.status).toBe(200);
    const pubs = await service.call('GET', '/v1/publications?customer=bob&campaign=Auto%20Club');
    expect(pubs.body.publications[0].customer.email).toBe('bob@new.example.com');
  });

  it('stores any text as an email, as the real API’s contract does (CustomerBase.email is a string with no format)', async () => {
    // The dashboard's form refuses a malformed address; the API itself stays as permissive as the real one.
    const res = await enroll(auto(), { customer: { source_id: 'typo', email: 'not-an-email' } });
    expect(res.status).toBe(200);
    const pubs = await service.call('GET', '/v1/publications?customer=typo');
    expect(pubs.body.publications[0].customer.email).toBe('not-an-email');
  });

  it('lists the publications of several customers at once with filters[customer_id][conditions][$in]', async () => {
    const bob = service.project.ids.customers.get('bob') as string;
    const alice = service.project.ids.customers.get('alice') as string;
    const query = `campaign=Fixed%20Club&filters[customer_id][conditions][$in]=${bob}&filters[customer_id][conditions][$in]=${alice}&filters[customer_id][conditions][$in]=cust_nobody&limit=100`;
    const res = await service.call('GET', `/v1/publications?${query}`);
    expect(res.status).toBe(200);
    const holders = new Set(res.body.publications.map((p: { customer: { id: string } }) => p.customer.id));
    expect(holders.has(bob)).toBe(true);
    expect([...holders].every((id) => id === bob || id === alice)).toBe(true);
    expect(res.body.total).toBe(res.body.publications.length);
    const one = await service.call('GET', `/v1/publications?filters[customer_id][conditions][$in]=${bob}`);
    expect(one.body.publications.every((p: { customer: { id: string } }) => p.customer.id === bob)).toBe(true);
    const wrong = await service.call('GET', '/v1/publications?filters[customer_id][conditions][$like]=x');
    expect(wrong.status).toBe(400);
    expect(wrong.body.key).toBe('invalid_query_params');
  });

  it('generates a new card with the code pattern when an auto-update campaign has none left', async () => {
    const first = await enroll(auto(), { customer: 'gen-1' });
    const second = await enroll(auto(), { customer: 'gen-2' });
    expect([first.status, second.status]).toEqual([200, 200]);
    const codes = [first.body.code, second.body.code];
    expect(codes.filter((c) => c === 'AUTO-0000-0001').length).toBeLessThanOrEqual(1);
    for (const code of codes) expect(code).toMatch(/^AUTO-\d{4}-\d{4}$/);
    expect(new Set(codes).size).toBe(2);
  });

  it('rejects unknown campaigns, unknown and unsuitable card codes with the documented errors', async () => {
    const campaign = await enroll('camp_missing', { customer: 'x1' });
    expect(campaign.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'campaign', resource_id: 'camp_missing' });

    const unknown = await enroll(fixed(), { customer: 'x2', voucher: 'NOPE' });
    expect(unknown.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'voucher', resource_id: 'NOPE' });

    const taken = await enroll(fixed(), { customer: 'x3', voucher: 'FIX-BOB' });
    expect(taken.status).toBe(400);
    expect(taken.body.key).toBe('voucher_already_published');

    expect((await enroll(fixed(), { customer: 'x4', voucher: 'FIX-OFF' })).body.key).toBe('voucher_disabled');
    expect((await enroll(fixed(), { customer: 'x5', voucher: 'FIX-LATER' })).body.key).toBe('voucher_not_active');
    expect((await enroll(fixed(), { customer: 'x6', voucher: 'FIX-OLD' })).body.key).toBe('voucher_expired');

    // Nothing of a failed request is kept: the customers it named were not created.
    const pubs = await service.call('GET', '/v1/publications?customer=x3');
    expect(pubs.body.total).toBe(0);
  });

  it('lets a customer join a program once', async () => {
    const first = await enroll(auto(), { customer: 'once' });
    expect(first.status).toBe(200);
    const again = await enroll(auto(), { customer: 'once' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ key: 'voucher_cannot_be_published', message: 'Voucher cannot be published. Customer already joined program.' });
  });

  it('replays a publication source_id for the same customer and rejects it for another', async () => {
    const first = await enroll(auto(), { customer: 'replay', source_id: 'pub-src-1', metadata: { campaign: 'autumn' } });
    const retry = await enroll(auto(), { customer: 'replay', source_id: 'pub-src-1', metadata: { campaign: 'autumn' } });
    expect(retry.status).toBe(200);
    expect(retry.body.code).toBe(first.body.code);
    expect(retry.body.publish.count).toBe(1);
    const other = await enroll(auto(), { customer: 'someone-else', source_id: 'pub-src-1' });
    expect(other.status).toBe(400);
    expect(other.body.key).toBe('duplicate_source_id');
    const pubs = await service.call('GET', '/v1/publications?source_id=pub-src-1');
    expect(pubs.body.publications).toHaveLength(1);
    expect(pubs.body.publications[0].metadata).toEqual({ campaign: 'autumn' });
  });

  it('names the offending property of an invalid body', async () => {
    const missing = await enroll(fixed(), {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ key: 'invalid_payload', message: 'Invalid payload' });
    expect(missing.body.details).toContain("'customer'");
    const wrongType = await enroll(fixed(), { customer: { source_id: 'y', email: 5 } });
    expect(wrongType.body.details).toContain('.customer');
    const badJson = await service.call('POST', `/v1/loyalties/${fixed()}/members`, { body: '{"customer":', headers: { 'content-type': 'application/json' } });
    expect(badJson.status).toBe(400);
    expect(badJson.body.code).toBe(400);
  });

  it('requires a valid key pair and answers unknown routes with the error object', async () => {
    const none = await service.call('POST', `/v1/loyalties/${fixed()}/members`, { body: { customer: 'z' }, auth: false });
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 401, key: 'unauthorized' });
    expect(none.headers.get('x-request-id')).toBe(none.body.request_id);
    const wrong = await service.call('GET', '/v1/loyalties', { headers: { 'X-App-Token': 'wrong' } });
    expect(wrong.status).toBe(401);
    const route = await service.call('GET', '/v1/nothing-here');
    expect(route.body).toMatchObject({ code: 404, key: 'not_found' });
  });

  it('lists programs, members and a member by code', async () => {
    const programs = await service.call('GET', '/v1/loyalties?limit=10');
    expect(programs.body.total).toBe(2);
    expect(contractErrors('supporting', '/v1/loyalties', 'get', 200, programs.body)).toEqual([]);
    const members = await service.call('GET', `/v1/loyalties/${fixed()}/members?limit=2&order=code`);
    expect(members.body.vouchers.map((v: { code: string }) => v.code)).toEqual(['FIX-001', 'FIX-002']);
    expect(members.body.total).toBe(6);
    const one = await service.call('GET', `/v1/loyalties/${fixed()}/members/FIX-BOB`);
    expect(one.body.holder_id).toBe(service.project.ids.customers.get('bob'));
    const elsewhere = await service.call('GET', `/v1/loyalties/${auto()}/members/FIX-BOB`);
    expect(elsewhere.status).toBe(404);
    const bare = await service.call('GET', '/v1/loyalties/members/FIX-BOB');
    expect(bare.body.code).toBe('FIX-BOB');
  });

  it('lists only the cards with a holder (published=true) or only those without (published=false): an extension for the Members page', async () => {
    const all = await service.call('GET', `/v1/loyalties/${fixed()}/members?limit=100`);
    const members = await service.call('GET', `/v1/loyalties/${fixed()}/members?limit=100&published=true&order=-updated_at`);
    const unissued = await service.call('GET', `/v1/loyalties/${fixed()}/members?limit=100&published=false`);
    expect(members.status).toBe(200);
    expect(members.body.vouchers.length).toBeGreaterThan(0);
    expect(members.body.vouchers.every((v: { holder_id: string | null }) => v.holder_id !== null)).toBe(true);
    expect(unissued.body.vouchers.length).toBeGreaterThan(0);
    expect(unissued.body.vouchers.every((v: { holder_id: string | null }) => v.holder_id === null)).toBe(true);
    expect(members.body.total + unissued.body.total).toBe(all.body.total);
    expect(members.body.total).toBe(all.body.vouchers.filter((v: { holder_id: string | null }) => v.holder_id !== null).length);
    const updated = members.body.vouchers.map((v: { updated_at: string | null; created_at: string }) => v.updated_at ?? v.created_at);
    expect(updated).toEqual([...updated].sort().reverse());
    const bad = await service.call('GET', `/v1/loyalties/${fixed()}/members?published=yes`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ key: 'invalid_query_params' });
    expect(JSON.stringify(bad.body.details)).toMatch(/published/);
  });
});

describe.each(testDatabases())('Add Member under concurrency (%s)', (kind) => {
  let service: TestService;
  beforeAll(async () => {
    const cards = Array.from({ length: 20 }, (_, i) => ({ code: `POOL-${String(i).padStart(3, '0')}` }));
    service = await startTestService(kind, baseFixture({ campaigns: [{ name: 'Pool', type: 'STATIC', cards }] }));
  });
  afterAll(() => service.close());

  it('gives 50 parallel enrollments on a 20-card pool exactly 20 distinct cards and 30 clean 400s', async () => {
    const campaign = service.project.ids.campaigns.get('Pool') as string;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => service.call('POST', `/v1/loyalties/${campaign}/members`, { body: { customer: `racer-${i}` } })),
    );
    const ok = results.filter((r) => r.status === 200);
    const rejected = results.filter((r) => r.status === 400);
    expect(ok).toHaveLength(20);
    expect(new Set(ok.map((r) => r.body.code)).size).toBe(20);
    expect(rejected).toHaveLength(30);
    for (const r of rejected) expect(r.body).toMatchObject({ code: 400, key: 'no_voucher_suitable_for_publication' });
    const [{ n }] = await service.database.execute<{ n: number }>('SELECT count(DISTINCT holder_id)::int AS n FROM vouchers WHERE campaign_id = $1 AND holder_id IS NOT NULL', [campaign]);
    expect(n).toBe(20);
  });

  it('answers each of many parallel enrollments with the card published to its own customer', async () => {
    const campaign = service.project.ids.campaigns.get('Pool') as string;
    await service.database.execute('DELETE FROM publications WHERE campaign_id = $1', [campaign]);
    await service.database.execute('UPDATE vouchers SET holder_id = NULL, publish_count = 0 WHERE campaign_id = $1', [campaign]);
    const names = Array.from({ length: 16 }, (_, i) => `crowd-${i}`);
    const results = await Promise.all(names.map((name) => service.call('POST', `/v1/loyalties/${campaign}/members`, { body: { customer: { source_id: name, metadata: { name } } } })));
    expect(results.map((r) => r.status)).toEqual(names.map(() => 200));
    const holders = await service.database.execute<{ id: string; source_id: string; metadata: { name: string } }>('SELECT id, source_id, metadata FROM customers WHERE source_id LIKE $1', ['crowd-%']);
    const idOf = new Map(holders.map((h) => [h.source_id, h.id]));
    for (const [i, name] of names.entries()) expect(results[i].body.holder_id, name).toBe(idOf.get(name));
    for (const holder of holders) expect(holder.metadata).toEqual({ name: holder.source_id });
    expect(new Set(results.map((r) => r.body.code)).size).toBe(16);
  });

  it('enrolls the same new customer once when the requests race', async () => {
    const campaign = service.project.ids.campaigns.get('Pool') as string;
    await service.database.execute('UPDATE vouchers SET holder_id = NULL, publish_count = 0 WHERE campaign_id = $1 AND code IN ($2, $3)', [campaign, 'POOL-000', 'POOL-001']);
    await service.database.execute('DELETE FROM publications WHERE voucher_id IN (SELECT id FROM vouchers WHERE code IN ($1, $2))', ['POOL-000', 'POOL-001']);
    const results = await Promise.all(Array.from({ length: 5 }, () => service.call('POST', `/v1/loyalties/${campaign}/members`, { body: { customer: 'twin' } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect(r.body.key).toBe('voucher_cannot_be_published');
  });
});
