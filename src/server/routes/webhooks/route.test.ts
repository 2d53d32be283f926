import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookListSchema, webhookSchema, webhookWithSecretSchema, webhookLimits } from '../../../contract/webhook';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { contractErrors } from '../../../../test/support/openapi';
import { readReference } from '../../../../test/support/reference';
import { startTestService, type TestService } from '../../../../test/support/service';
import { createManagementKey, deleteManagementKey } from '../../services/management-keys';

const listPath = '/management/v1/projects/{projectId}/webhooks';
const onePath = '/management/v1/projects/{projectId}/webhooks/{webhookId}';

describe.each(testDatabases())('Management API: webhooks (%s)', (kind) => {
  let service: TestService;
  let headers: Record<string, string>;
  let keyId: string;
  const projectId = () => service.project.projectId;
  const base = () => `/management/v1/projects/${projectId()}/webhooks`;
  const call = (method: string, path: string, body?: unknown) => service.call(method, path, { body, headers, auth: false });

  beforeAll(async () => {
    service = await startTestService(kind);
    const { key, secret } = await createManagementKey({ db: service.ctx.db, clock: service.clock }, projectId(), 'webhooks');
    keyId = key.id;
    headers = { 'X-Management-Id': key.id, 'X-Management-Token': secret };
  });
  afterAll(() => service.close());

  it('creates, lists, gets, updates and deletes an endpoint as the contract describes them; the secret is answered once', async () => {
    const created = await call('POST', base(), { target_url: 'https://hooks.example.com/loyalty', events: ['voucher.loyalty_card.transaction.created', 'redemption.succeeded'] });
    expect(created.status).toBe(200);
    expect(webhookWithSecretSchema.parse(created.body)).toMatchObject({ object: 'webhook', active: true, target_url: 'https://hooks.example.com/loyalty', events: ['voucher.loyalty_card.transaction.created', 'redemption.succeeded'], headers: {}, failed_sendouts: 0 });
    expect(created.body.id).toMatch(/^wh_/);
    expect(created.body.secret).toMatch(/^[\w-]{43}$/);
    expect(contractErrors('loyalty-rest', listPath, 'post', 200, created.body)).toEqual([]);
    const id = created.body.id as string;

    const got = await call('GET', `${base()}/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).not.toHaveProperty('secret');
    expect(webhookSchema.parse(got.body)).toEqual(webhookSchema.parse(created.body));
    expect(contractErrors('loyalty-rest', onePath, 'get', 200, got.body)).toEqual([]);

    const list = await call('GET', base());
    expect(webhookListSchema.parse(list.body)).toMatchObject({ object: 'list', data_ref: 'data', total: 1 });
    expect(list.body.data[0]).not.toHaveProperty('secret');
    expect(contractErrors('loyalty-rest', listPath, 'get', 200, list.body)).toEqual([]);

    // The events listed replace the old ones; active and headers change only when given.
    const updated = await call('PUT', `${base()}/${id}`, { target_url: 'http://hooks.example.com/v2', events: ['redemption.succeeded'], active: false, headers: { Authorization: 'Bearer abc' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ target_url: 'http://hooks.example.com/v2', events: ['redemption.succeeded'], active: false, headers: { Authorization: 'Bearer abc' } });
    expect(contractErrors('loyalty-rest', onePath, 'put', 200, updated.body)).toEqual([]);
    const again = await call('PUT', `${base()}/${id}`, { target_url: 'http://hooks.example.com/v2', events: [] });
    expect(again.body).toMatchObject({ events: [], active: false, headers: { Authorization: 'Bearer abc' } });

    const rotated = await call('POST', `${base()}/${id}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^[\w-]{43}$/);
    expect(rotated.body.secret).not.toBe(created.body.secret);

    const deleted = await call('DELETE', `${base()}/${id}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    expect((await call('GET', `${base()}/${id}`)).body).toMatchObject({ code: 404, key: 'not_found', resource_id: id, resource_type: 'webhook' });
    expect((await call('DELETE', `${base()}/${id}`)).status).toBe(404);
  });

  it('takes the enum\'s "aded" spellings as the examples spell them ("added"): the schema contradicts its own examples, the examples win', async () => {
    const document = readReference('openapi-loyalty-rest.json');
    const schema = document.components.schemas.ManagementProjectsWebhookBase;
    expect(schema.properties.events.items.enum).toContain('voucher.loyalty_card.points_aded');
    const example = document.paths[listPath].get.responses['200'].content['application/json'].examples.Example.value;
    expect(example.data[0].events).toContain('voucher.loyalty_card.points_added');
    const created = await call('POST', base(), { target_url: 'https://hooks.example.com/x', events: ['voucher.loyalty_card.points_aded', 'voucher.loyalty_card.points_added', 'campaign.vouchers.aded'] });
    expect(created.status).toBe(200);
    expect(created.body.events).toEqual(['voucher.loyalty_card.points_added', 'campaign.vouchers.added']);
    // Against the enum, the examples' spelling is the only difference.
    const errors = contractErrors('loyalty-rest', listPath, 'post', 200, created.body);
    expect(errors).toHaveLength(2);
    for (const error of errors) expect(error).toMatch(/^\/events\/[01] must be equal to one of the allowed values/);
    // The loyalty events of webhooks-loyalty.json, which the Management enum does not list, are taken too.
    const loyalty = await call('PUT', `${base()}/${created.body.id}`, { target_url: 'https://hooks.example.com/x', events: ['customer.order.paid', 'customer.voucher.loyalty_card.points_added', 'customer.custom_event'] });
    expect(loyalty.body.events).toEqual(['customer.order.paid', 'customer.voucher.loyalty_card.points_added', 'customer.custom_event']);
    await call('DELETE', `${base()}/${created.body.id}`);
  });

  it('answers only a valid management key pair of the project in the path', async () => {
    const path = base();
    const cases: [Record<string, string>, string][] = [
      [{}, 'needs the X-Management-Id and X-Management-Token headers'],
      [service.keyHeaders, 'needs the X-Management-Id and X-Management-Token headers'],
      [{ 'X-Management-Id': keyId, 'X-Management-Token': 'wrong' }, 'is not valid'],
    ];
    for (const [given, details] of cases) {
      const res = await service.call('GET', path, { headers: given, auth: false });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ key: 'unauthorized' });
      expect(res.body.details).toContain(details);
    }
    const other = await call('GET', '/management/v1/projects/proj_other/webhooks');
    expect(other.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'project', resource_id: 'proj_other' });

    const { key, secret } = await createManagementKey({ db: service.ctx.db, clock: service.clock }, projectId(), 'gone');
    await deleteManagementKey({ db: service.ctx.db, clock: service.clock }, key.id);
    expect((await service.call('GET', path, { headers: { 'X-Management-Id': key.id, 'X-Management-Token': secret }, auth: false })).status).toBe(401);
  });

  it('answers bad input with the error object naming the field, writing nothing', async () => {
    const before = await databaseChecksum(service.database);
    const hugeHeaders = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`X-Custom-${i}`, 'v'.repeat(1_000)]));
    const cases: [unknown, string][] = [
      [{ events: [] }, "Payload should have required property 'target_url'"],
      [{ target_url: 'https://a.example.com' }, "Payload should have required property 'events'"],
      [{ target_url: 'not a url', events: [] }, 'Property .target_url: must be an absolute http or https URL'],
      [{ target_url: 'ftp://a.example.com/x', events: [] }, 'Property .target_url: must use http or https, not ftp'],
      [{ target_url: 'javascript:alert(1)', events: [] }, 'Property .target_url: must use http or https'],
      [{ target_url: 'https://user:pw@a.example.com/', events: [] }, 'Property .target_url: may not carry a user name or password'],
      [{ target_url: `https://a.example.com/${'x'.repeat(2_000)}`, events: [] }, 'Property .target_url'],
      [{ target_url: 'http://127.0.0.1:8080/hook', events: [] }, 'Property .target_url: 127.0.0.1 is a loopback address'],
      [{ target_url: 'http://localhost:8080/hook', events: [] }, 'Property .target_url: localhost is a local host name'],
      [{ target_url: 'http://10.1.2.3/hook', events: [] }, 'Property .target_url: 10.1.2.3 is a private address'],
      [{ target_url: 'http://169.254.169.254/latest/meta-data', events: [] }, 'Property .target_url: 169.254.169.254 is a linkLocal address'],
      [{ target_url: 'http://[::1]/hook', events: [] }, 'Property .target_url: ::1 is a loopback address'],
      [{ target_url: 'http://[::ffff:127.0.0.1]/hook', events: [] }, 'is a loopback address'],
      [{ target_url: 'http://0x7f.1/hook', events: [] }, 'Property .target_url: 127.0.0.1 is a loopback address'],
      [{ target_url: 'http://metadata/hook', events: [] }, 'Property .target_url: metadata is a local host name'],
      [{ target_url: 'https://a.example.com', events: ['voucher.loyalty_card.points_added', 'points.added'] }, 'Property .events.1: "points.added" is not a webhook event'],
      [{ target_url: 'https://a.example.com', events: 'customer.order.paid' }, 'Property .events'],
      [{ target_url: 'https://a.example.com', events: [], active: 'yes' }, 'Property .active'],
      [{ target_url: 'https://a.example.com', events: [], headers: hugeHeaders }, `Property .headers: must be at most ${webhookLimits.headerBytes} bytes together`],
      [{ target_url: 'https://a.example.com', events: [], headers: { 'X-Big': 'v'.repeat(1_001) } }, 'Property .headers.X-Big: must be at most 1000 characters'],
      [{ target_url: 'https://a.example.com', events: [], headers: { 'x-voucherify-signature': 'forged' } }, 'Property .headers.x-voucherify-signature: is set by the service itself'],
      [{ target_url: 'https://a.example.com', events: [], headers: { 'Bad Name': 'x' } }, 'Property .headers.Bad Name: is not a valid header name'],
      [{ target_url: 'https://a.example.com', events: [], headers: { 'X-A': 'line\r\nInjected: yes' } }, 'Property .headers.X-A: may not hold control characters'],
      [{ target_url: 'https://a.example.com', events: [], headers: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`X-H${i}`, 'v'])) }, 'Property .headers: may hold at most 20 headers'],
    ];
    for (const [body, details] of cases) {
      const res = await call('POST', base(), body);
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body, JSON.stringify(body).slice(0, 200)).toMatchObject({ code: 400, key: 'invalid_payload' });
      expect(res.body.details, JSON.stringify(body).slice(0, 200)).toContain(details);
      expect(res.body.request_id).toMatch(/^v-/);
    }
    expect((await call('PUT', `${base()}/wh_nope`, { target_url: 'https://a.example.com', events: [] })).status).toBe(404);
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it(`holds a project to ${webhookLimits.perProject} endpoints, also when the requests race`, async () => {
    const make = (i: number) => call('POST', base(), { target_url: `https://hooks.example.com/${i}`, events: ['customer.order.paid'] });
    for (let i = 0; i < webhookLimits.perProject - 5; i++) expect((await make(i)).status).toBe(200);
    const raced = await Promise.all(Array.from({ length: 20 }, (_, i) => make(1_000 + i)));
    expect(raced.filter((r) => r.status === 200)).toHaveLength(5);
    const refused = raced.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(15);
    for (const res of refused) expect(res.body).toMatchObject({ code: 400, key: 'webhooks_limit_exceeded' });
    expect((await call('GET', base())).body.total).toBe(webhookLimits.perProject);
  });
});

describe.each(testDatabases())('Management API: private targets with WEBHOOK_PRIVATE_TARGETS=allow (%s)', (kind) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(kind, undefined, undefined, { webhookPrivateTargets: 'allow' });
  });
  afterAll(() => service.close());

  it('takes loopback and private targets, where an integrator\'s receiver runs', async () => {
    const { key, secret } = await createManagementKey({ db: service.ctx.db, clock: service.clock }, service.project.projectId, 'webhooks');
    for (const target_url of ['http://127.0.0.1:9999/hook', 'http://localhost:9999/hook', 'http://192.168.1.20/hook']) {
      const res = await service.call('POST', `/management/v1/projects/${service.project.projectId}/webhooks`, { body: { target_url, events: [] }, headers: { 'X-Management-Id': key.id, 'X-Management-Token': secret }, auth: false });
      expect(res.status, target_url).toBe(200);
    }
  });
});
