import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportListSchema, exportObjectSchema } from '../../../contract/export';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { contractErrors } from '../../../../test/support/openapi';
import { orderFixture } from '../../../../test/support/order-fixture';
import { readReference } from '../../../../test/support/reference';
import { startTestService, type TestService } from '../../../../test/support/service';
import { loadFixture } from '../../seed/load-fixture';
import { runExport, type RunExportOptions } from '../../services/run-export';
import { exportFileKey } from '../../storage/export-files';

const allFields = ['id', 'source_id', 'created_at', 'updated_at', 'status', 'amount', 'discount_amount', 'items_discount_amount', 'total_discount_amount', 'total_amount', 'customer_id', 'referrer_id', 'metadata', 'metadata.payment_mean'];

describe.each(testDatabases())('Orders export (%s)', (kind) => {
  let service: TestService;
  let dataDir: string;
  const ids: Record<string, string> = {};
  const customers = () => ({ alice: service.project.ids.customers.get('alice') as string, bob: service.project.ids.customers.get('bob') as string });
  const create = (body?: unknown) => service.call('POST', '/v1/orders/export', { body });

  /** Creates an export, runs its job, and downloads the file through `result.url`. */
  async function exportCsv(body?: unknown, options: RunExportOptions = { batchSize: 2 }): Promise<string> {
    const created = await create(body);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await runExport(service.ctx, created.body.id, options);
    const done = await service.call('GET', `/v1/exports/${created.body.id}`);
    expect(done.body.status).toBe('DONE');
    const file = await fetch(done.body.result.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    return file.text();
  }
  const rowsOf = (csv: string) => csv.split('\r\n').slice(1, -1);

  beforeAll(async () => {
    service = await startTestService(kind, orderFixture());
    dataDir = mkdtempSync(join(tmpdir(), 'orders-export-test-'));
    service.ctx.config.dataDir = dataDir;
    const order = async (at: string, body: object) => {
      service.clock.set(at);
      const res = await service.call('POST', '/v1/orders', { body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.id as string;
    };
    ids.first = await order('2026-02-01T10:00:00.000Z', { source_id: 'e-1', status: 'CREATED', customer: 'alice', amount: 1000, discount_amount: 100, metadata: { payment_mean: 'paypal', n: 5 } });
    ids.second = await order('2026-02-02T10:00:00.000Z', {
      source_id: '=evil',
      status: 'PAID',
      customer: 'bob',
      referrer_id: customers().alice,
      items: [{ source_id: 'mug', quantity: 2, discount_amount: 500 }],
      metadata: { payment_mean: 'credit-card', note: 'a,b "q"\nline' },
    });
    ids.third = await order('2026-02-03T10:00:00.000Z', { status: 'CREATED', amount: 200_000, discount_amount: 150_000, metadata: { n: -3, payment_mean: '-1' } });
    service.clock.set('2026-02-05T10:00:00.000Z');
    expect((await service.call('PUT', `/v1/orders/${ids.third}`, { body: { status: 'CANCELED' } })).status).toBe(200);
    // Another project's order never shows.
    const other = await loadFixture(service.database, baseFixture({ project: { name: 'Other shop' } }));
    const foreign = await fetch(`${service.baseUrl}/v1/orders`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-App-Id': other.keys[0].appId, 'X-App-Token': other.keys[0].appToken }, body: JSON.stringify({ source_id: 'foreign', amount: 1 }) });
    expect(foreign.status).toBe(200);
    service.clock.set('2026-02-06T10:00:00.000Z');
  });
  afterAll(async () => {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('schedules an export of orders: SCHEDULED, exported_object order, the parameters echoed, no result; the contract’s own example is taken', async () => {
    const example = readReference('openapi-loyalty-rest.json').paths['/v1/orders/export'].post.requestBody.content['application/json'].examples['Using fields and filters'].value;
    const res = await create(example);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^exp_[A-Za-z0-9]{24}$/),
      object: 'export',
      created_at: '2026-02-06T10:00:00.000Z',
      status: 'SCHEDULED',
      channel: 'API',
      exported_object: 'order',
      // Operator values are stored and echoed as arrays, the contract's `Any`.
      parameters: { ...example.parameters, filters: { discount_amount: { conditions: { $more_than: [100000] } } } },
      result: null,
      user_id: null,
    });
    // `ExportOrderFields` lists no `metadata.<property>`, yet the operation's table and both its
    // examples (this request and the response example) use `metadata.payment_mean`: the examples
    // win, and that one echoed field is all the schema has against our answer.
    expect(contractErrors('loyalty-rest', '/v1/orders/export', 'post', 200, res.body).map((e) => e.split(' ')[0])).toEqual(['/parameters/fields/12']);
    const plain = await create({ parameters: { fields: ['id', 'amount'], order: 'created_at' } });
    expect(contractErrors('loyalty-rest', '/v1/orders/export', 'post', 200, plain.body)).toEqual([]);
    expect(exportObjectSchema.parse(plain.body)).toMatchObject({ exported_object: 'order', parameters: { fields: ['id', 'amount'], order: 'created_at' } });
    // `{}`, and no body at all, are exports of the default fields.
    for (const body of [{}, undefined]) {
      const empty = await create(body);
      expect(empty.status).toBe(200);
      expect(empty.body.parameters).toEqual({});
      expect(contractErrors('loyalty-rest', '/v1/orders/export', 'post', 200, empty.body)).toEqual([]);
    }
    for (const id of [res.body.id, plain.body.id]) await runExport(service.ctx, id);
    const got = await service.call('GET', `/v1/exports/${plain.body.id}`);
    expect(got.body).toMatchObject({ status: 'DONE', exported_object: 'order', result: { url: expect.stringContaining(`/v1/exports/${plain.body.id}?token=`) } });
    expect(contractErrors('supporting', '/v1/exports/{exportId}', 'get', 200, got.body)).toEqual([]);
  });

  it('exports id, source_id and status of the project’s orders by default, newest first', async () => {
    const csv = await exportCsv({});
    expect(csv).toBe(['id,source_id,status', `${ids.third},,CANCELED`, `${ids.second},'=evil,PAID`, `${ids.first},e-1,CREATED`, ''].join('\r\n'));
  });

  it('exports every field the contract lists and metadata.<property>, in the order given, the same bytes by COPY and by pages of rows', async () => {
    const { alice, bob } = customers();
    const expected = [
      allFields.join(','),
      `${ids.first},e-1,2026-02-01T10:00:00.000Z,,CREATED,1000,100,0,100,900,${alice},,"{""n"": 5, ""payment_mean"": ""paypal""}",paypal`,
      `${ids.second},'=evil,2026-02-02T10:00:00.000Z,,PAID,3000,0,500,500,2500,${bob},${alice},"{""note"": ""a,b \\""q\\""\\nline"", ""payment_mean"": ""credit-card""}",credit-card`,
      `${ids.third},,2026-02-03T10:00:00.000Z,2026-02-05T10:00:00.000Z,CANCELED,200000,150000,0,150000,50000,,,"{""n"": -3, ""payment_mean"": ""-1""}",'-1`,
      '',
    ].join('\r\n');
    // On PostgreSQL a COPY; with one page of rows at a time through the encoder on PGlite.
    expect(await exportCsv({ parameters: { fields: allFields, order: 'created_at' } })).toBe(expected);
    // A one-column export always reads pages (on PostgreSQL in one snapshot).
    expect(await exportCsv({ parameters: { fields: ['metadata.note'], order: 'created_at' } }, { batchSize: 1 })).toBe(['metadata.note', '', '"a,b ""q""\nline"', '', ''].join('\r\n'));
  });

  it('sorts by created_at, updated_at (an order never changed counts from its creation) and status, either way', async () => {
    const order = async (by: string) => rowsOf(await exportCsv({ parameters: { fields: ['source_id', 'status'], order: by } }));
    expect(await order('created_at')).toEqual(['e-1,CREATED', "'=evil,PAID", ',CANCELED']);
    expect(await order('-updated_at')).toEqual([',CANCELED', "'=evil,PAID", 'e-1,CREATED']);
    expect(await order('status')).toEqual([',CANCELED', 'e-1,CREATED', "'=evil,PAID"]);
    expect(await order('-status')).toEqual(["'=evil,PAID", 'e-1,CREATED', ',CANCELED']);
  });

  it('filters by every kind of field: amounts, status, ids, dates, metadata properties; one field’s operators all hold, fields joined by the junction', async () => {
    const { alice } = customers();
    const only = async (filters: object) => rowsOf(await exportCsv({ parameters: { fields: ['source_id'], order: 'created_at', filters } }, { batchSize: 1 }));
    // The contract's example: discount_amount more than 100000.
    expect(await only({ discount_amount: { conditions: { $more_than: 100000 } } })).toEqual(['']);
    expect(await only({ total_discount_amount: { conditions: { $more_than_equal: 500, $less_than: 1000 } } })).toEqual(["'=evil"]);
    expect(await only({ status: { conditions: { $in: ['PAID', 'CANCELED'] } } })).toEqual(["'=evil", '']);
    expect(await only({ status: { conditions: { $is_not: 'PAID' } } })).toEqual(['e-1', '']);
    expect(await only({ customer_id: { conditions: { $is: alice } } })).toEqual(['e-1']);
    expect(await only({ source_id: { conditions: { $not_in: ['e-1'] } } })).toEqual(["'=evil", '']);
    expect(await only({ amount: { conditions: { $in: [1000, 3000] } } })).toEqual(['e-1', "'=evil"]);
    expect(await only({ created_at: { conditions: { $after: '2026-02-01T12:00:00Z', $before: '2026-02-03' } } })).toEqual(["'=evil"]);
    expect(await only({ updated_at: { conditions: { $after: '2026-02-04' } } })).toEqual(['']);
    expect(await only({ 'metadata.payment_mean': { conditions: { $is: 'paypal' } } })).toEqual(['e-1']);
    expect(await only({ 'metadata.n': { conditions: { $more_than: 0 } } })).toEqual(['e-1']);
    expect(await only({ 'metadata.n': { conditions: { $less_than: 0 } } })).toEqual(['']);
    expect(await only({ 'metadata.payment_mean': { conditions: { $not_in: ['paypal'] } } })).toEqual(["'=evil", '']);
    expect(await only({ 'metadata.n': { conditions: { $is: 5 } } })).toEqual(['e-1']);
    expect(await only({ junction: 'or', 'metadata.payment_mean': { conditions: { $is: 'paypal' } }, status: { conditions: { $is: 'CANCELED' } } })).toEqual(['e-1', '']);
    expect(await only({ junction: 'AND', 'metadata.payment_mean': { conditions: { $is: 'paypal' } }, status: { conditions: { $is: 'CANCELED' } } })).toEqual([]);
  });

  it.runIf(kind === 'postgres')('reads every page of rows in one snapshot on PostgreSQL: an order changed mid-export is there once, as it was', async () => {
    let changed = false;
    const csv = await exportCsv(
      { parameters: { fields: ['source_id'], order: '-updated_at' } },
      {
        batchSize: 1,
        // After the first page, the oldest order changes: it would now sort first, before the keyset's position.
        onProgress: async () => {
          if (changed) return;
          changed = true;
          service.clock.set('2026-02-06T11:00:00.000Z');
          expect((await service.call('PUT', '/v1/orders/e-1', { body: { metadata: { payment_mean: 'paypal', n: 6 } } })).status).toBe(200);
        },
      },
    );
    expect(rowsOf(csv)).toEqual(['', "'=evil", 'e-1']);
    expect(rowsOf(await exportCsv({ parameters: { fields: ['source_id'], order: '-updated_at' } }))).toEqual(['e-1', '', "'=evil"]);
  });

  it('lists order exports beside the others, each as the contract’s export object, and downloads them like any export', async () => {
    // Without a date-valued filter or a metadata field: the published `Any` cannot pass a date, and `ExportOrderFields` has no metadata.<property> (above).
    service.clock.advance(1000);
    const orders = await create({ parameters: { fields: ['id', 'total_amount'], order: '-status', filters: { junction: 'and', status: { conditions: { $in: ['PAID'] } }, amount: { conditions: { $more_than: 10 } } } } });
    service.clock.advance(1000);
    const transactions = await service.call('POST', '/v1/loyalties/members/FIX-BOB/transactions/export', { body: { parameters: { fields: ['id'] } } });
    expect(transactions.status).toBe(200);
    const list = await service.call('GET', '/v1/exports?limit=2');
    expect(contractErrors('supporting', '/v1/exports', 'get', 200, list.body)).toEqual([]);
    expect(exportListSchema.parse(list.body).exports.map((e) => [e.id, e.exported_object])).toEqual([
      [transactions.body.id, 'voucher_transactions'],
      [orders.body.id, 'order'],
    ]);
    await runExport(service.ctx, orders.body.id);
    const done = await service.call('GET', `/v1/exports/${orders.body.id}`);
    expect(contractErrors('supporting', '/v1/exports/{exportId}', 'get', 200, done.body)).toEqual([]);
    expect(await (await fetch(done.body.result.url)).text()).toBe(`id,total_amount\r\n${ids.second},2500\r\n`);
    // Deleted like any export: its file and link go with it.
    expect((await service.call('DELETE', `/v1/exports/${orders.body.id}`)).status).toBe(204);
    expect(existsSync(join(dataDir, 'exports', exportFileKey(service.project.projectId, orders.body.id)))).toBe(false);
    expect((await fetch(done.body.result.url)).status).toBe(401);
  });

  it('answers bad input with the error object naming the field, and writes nothing', async () => {
    const before = await databaseChecksum(service.database);
    const cases: [unknown, string][] = [
      [{ parameters: { fields: ['id', 'bogus'] } }, 'Property .parameters.fields.1: unknown field "bogus"; exportable fields: id, source_id'],
      [{ parameters: { fields: ['id', 'id'] } }, "Property .parameters.fields.1: field 'id' is listed twice"],
      [{ parameters: { fields: [] } }, 'Property .parameters.fields'],
      [{ parameters: { fields: ['metadata.'] } }, 'Property .parameters.fields.0: unknown field'],
      [{ parameters: { order: 'amount' } }, 'Property .parameters.order'],
      [{ parameters: { filters: { bogus: { conditions: { $is: 'x' } } } } }, 'Property .parameters.filters.bogus: unknown filter field; filterable fields: id, source_id'],
      [{ parameters: { filters: { metadata: { conditions: { $is: 'x' } } } } }, 'Property .parameters.filters.metadata: unknown filter field'],
      [{ parameters: { filters: { status: { conditions: { $in: ['SHIPPED'] } } } } }, 'Property .parameters.filters.status.conditions.$in'],
      [{ parameters: { filters: { amount: { conditions: { $more_than: 'lots' } } } } }, 'Property .parameters.filters.amount.conditions.$more_than'],
      [{ parameters: { filters: { amount: { conditions: { $contains: 1 } } } } }, 'Property .parameters.filters.amount.conditions'],
      [{ parameters: { filters: { created_at: { conditions: { $after: 'yesterday' } } } } }, 'Property .parameters.filters.created_at.conditions.$after'],
      [{ parameters: { filters: { 'metadata.n': { conditions: {} } } } }, 'Property .parameters.filters.metadata.n.conditions: conditions need at least one operator'],
      [{ parameters: { filters: { junction: 'xor' } } }, 'Property .parameters.filters.junction'],
      [{ parameters: { filters: { source_id: { conditions: { $is: 'a\u0000b' } } } } }, 'contains a NUL character'],
      [{ params: {} }, "should not have additional property 'params'"],
      [[{ parameters: {} }], 'Payload'],
    ];
    for (const [body, details] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload', message: 'Invalid payload', request_id: expect.any(String) });
      expect(res.body.details).toContain(details);
    }
    expect(await databaseChecksum(service.database)).toEqual(before);
  });
});
