import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { baseFixture } from '../../../../test/support/fixtures';
import { contractErrors } from '../../../../test/support/openapi';
import { startTestService, type TestService } from '../../../../test/support/service';
import { runAsyncAction } from '../../services/run-async-action';

/**
 * The CSV imports (issue 34): the file sent as the SDK sends it (multipart, form field `file`), the
 * contract's column names, every row checked before anything is recorded (a bad row refuses the
 * file), then an async action whose job writes each row, a row that stored data refuses reported
 * by its line while the others are written.
 */
describe.each(testDatabases())('CSV imports (%s)', (kind) => {
  let service: TestService;
  const dir = mkdtempSync(join(tmpdir(), 'csv-import-'));
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  async function carriedOut(id: string) {
    expect(await runAsyncAction(service.ctx, id)).toBe('done');
    return (await service.call('GET', `/v1/async-actions/${id}`)).body;
  }
  /** POST a form with the CSV under `field`, as a browser or curl -F would. */
  async function upload(path: string, csv: string, field = 'file') {
    const form = new FormData();
    form.append(field, new Blob([csv], { type: 'text/csv' }), 'import.csv');
    const res = await fetch(`${service.baseUrl}${path}`, { method: 'POST', headers: service.keyHeaders, body: form });
    return { status: res.status, body: await res.json() };
  }

  beforeAll(async () => {
    service = await startTestService(kind, baseFixture());
  });
  afterAll(() => service.close());

  it('imports a batch of source ids at once, the customers entering the auto-update segments their rows match', async () => {
    const segment = await service.call('POST', '/v1/segments', { body: { name: 'Gold from CSV', type: 'auto-update', filter: { junction: 'and', 'metadata.tier': { conditions: { $is: 'gold' } } } } });
    expect(segment.status).toBe(200);
    const csv = ['Source_id,Name,tier', 'batch-1,One,gold', 'batch-2,Two,silver', 'batch-3,,gold'].join('\n');
    const accepted = await upload('/v1/customers/importCSV', csv);
    expect(accepted.status).toBe(202);
    expect(await carriedOut(accepted.body.async_action_id)).toMatchObject({ status: 'DONE', result: { done_count: 3, failed_count: 0 } });
    const members = (await service.call('GET', `/v1/customers?segment_id=${segment.body.id}&limit=10`)).body.customers.map((c: { source_id: string }) => c.source_id);
    expect(members.filter((id: string) => id.startsWith('batch-')).sort()).toEqual(['batch-1', 'batch-3']);
    expect((await service.call('GET', '/v1/customers/batch-3')).body).toMatchObject({ name: null, metadata: { tier: 'gold' } });
  });

  it('imports customers through the SDK with the standard columns, metadata from the others, a row the store refuses reported by its line', async () => {
    const csv = [
      'Source_id,Name,Email,Phone,Birthdate,Address_line_1,Address_City,Address_Postal_Code,Address_Country,Description,loyalty_tier,Id',
      'csv-ann,Ann Import,ann@example.com,+48 600 000 001,1990-05-01,"Main St 1, flat 2",Warsaw,00-001,PL,"said ""hi""",gold,',
      'alice,Alice From CSV,,,,,,,,,,',
      ',No Source,nosource@example.com,,,,,,,,,',
      'csv-ghost,Ghost,,,,,,,,,,cust_does_not_exist',
    ].join('\n');
    const accepted = (await sdk().customers.importCSV(file('customers.csv', csv))) as { async_action_id: string };
    expect(contractErrors('customers-catalog', '/v1/customers/importCSV', 'post', 202, accepted)).toEqual([]);
    const queued = (await service.call('GET', `/v1/async-actions/${accepted.async_action_id}`)).body;
    expect(queued).toMatchObject({ type: 'CUSTOMERS.IMPORT_CSV', status: 'ENQUEUED', progress: 0 });
    const action = await carriedOut(accepted.async_action_id);
    expect(action).toMatchObject({ type: 'CUSTOMERS.IMPORT_CSV', status: 'DONE', progress: 100, result: { message: '3 customer(s) imported successfully, 1 failed.', done_count: 3, failed_count: 1 } });
    expect(action.result.failed).toEqual([{ source_id: 'csv-ghost', reason: expect.stringMatching(/^Property \.file\.5: .*cust_does_not_exist/) }]);
    expect((await service.call('GET', '/v1/customers/csv-ann')).body).toMatchObject({
      name: 'Ann Import',
      email: 'ann@example.com',
      phone: '+48 600 000 001',
      birthdate: '1990-05-01',
      description: 'said "hi"',
      address: { line_1: 'Main St 1, flat 2', city: 'Warsaw', postal_code: '00-001', country: 'PL' },
      metadata: { loyalty_tier: 'gold' },
    });
    expect((await service.call('GET', '/v1/customers/alice')).body).toMatchObject({ name: 'Alice From CSV' });
    expect((await service.call('GET', '/v1/customers?email=nosource@example.com')).body.customers).toHaveLength(1);
    expect((await service.call('GET', '/v1/customers/csv-ghost')).status).toBe(404);
  });

  it('imports products (a known source id only renamed) and SKUs through the SDK, refusing the rows the catalog refuses', async () => {
    await service.call('POST', '/v1/products', { body: { source_id: 'csv-mug', name: 'Old mug', price: 500, attributes: ['color'] } });
    const products = (await sdk().products.importCSV(file('products.csv', 'name,source_id,price,attributes,image_url,season\nMug,csv-mug,999,size,,\nShirt,csv-shirt,2500,"color,size",https://example.com/shirt.png,summer\n'))) as { async_action_id: string };
    expect(contractErrors('customers-catalog', '/v1/products/importCSV', 'post', 200, products)).toEqual([]);
    expect(await carriedOut(products.async_action_id)).toMatchObject({ type: 'PRODUCTS.IMPORT_CSV', status: 'DONE', result: { done_count: 2, failed_count: 0 } });
    expect((await service.call('GET', '/v1/products/csv-mug')).body).toMatchObject({ name: 'Mug', price: 500, attributes: ['color'] });
    expect((await service.call('GET', '/v1/products/csv-shirt')).body).toMatchObject({ name: 'Shirt', price: 2500, attributes: ['color', 'size'], image_url: 'https://example.com/shirt.png', metadata: { season: 'summer' } });

    await service.call('POST', '/v1/products/csv-mug/skus', { body: { source_id: 'mug-red', sku: 'Red mug', price: 600 } });
    await service.call('POST', '/v1/products/csv-shirt/skus', { body: { source_id: 'shirt-l', sku: 'Shirt L', price: 2600 } });
    const skuCsv = [
      'product_id,sku,source_id,price,image_url,attributes,batch',
      `csv-shirt,Shirt S,shirt-s,2400,,"{'color':'blue','size':'S'}",b1`,
      'csv-mug,Red mug XL,mug-red,650,,,',
      'csv-nothing,Lost,lost-1,100,,,',
      `csv-mug,Mug M,mug-m,700,,"{'size':'M'}",`,
      'csv-mug,Stolen,shirt-l,1,,,',
    ].join('\n');
    const skus = (await sdk().products.importSkusCSV(file('skus.csv', skuCsv))) as unknown as { async_action_id: string };
    expect(contractErrors('customers-catalog', '/v1/skus/importCSV', 'post', 200, skus)).toEqual([]);
    const action = await carriedOut(skus.async_action_id);
    expect(action).toMatchObject({ type: 'SKUS.IMPORT_CSV', status: 'DONE', result: { message: '2 SKU(s) imported successfully, 3 failed.', done_count: 2, failed_count: 3 } });
    expect(action.result.failed).toEqual([
      { source_id: 'lost-1', reason: expect.stringMatching(/^Property \.file\.4: .*csv-nothing/) },
      { source_id: 'mug-m', reason: expect.stringMatching(/^Property \.file\.5\.attributes: .*size/) },
      { source_id: 'shirt-l', reason: expect.stringMatching(/^Property \.file\.6: Duplicated sku exists with source_id shirt-l/) },
    ]);
    expect((await service.call('GET', '/v1/skus/shirt-s')).body).toMatchObject({ sku: 'Shirt S', price: 2400, attributes: { color: 'blue', size: 'S' }, metadata: { batch: 'b1' } });
    expect((await service.call('GET', '/v1/skus/mug-red')).body).toMatchObject({ sku: 'Red mug XL', price: 650 });
    expect((await service.call('GET', '/v1/skus/shirt-l')).body).toMatchObject({ sku: 'Shirt L', price: 2600 });
    for (const ref of ['lost-1', 'mug-m']) expect((await service.call('GET', `/v1/skus/${ref}`)).status).toBe(404);
  });

  it('refuses a file with a bad row or no file at all, naming the file, its line and column, recording nothing', async () => {
    const before = await databaseChecksum(service.database);
    for (const [path, csv, details, field] of [
      ['/v1/customers/importCSV', 'Source_id,Birthdate\nok-1,1990-01-01\nbad-2,1990-13-45\n', 'Property .file.3.Birthdate:'],
      ['/v1/customers/importCSV', 'Source_id,Address City\nx,Warsaw\n', 'Property .file.1.Address City: a column name may not contain white space'],
      ['/v1/customers/importCSV', 'Source_id,Name\nx,"unclosed\n', 'Property .file: is not a valid CSV file'],
      ['/v1/customers/importCSV', 'Source_id,Name\nx,Ann,extra\n', 'Property .file: is not a valid CSV file'],
      ['/v1/customers/importCSV', 'Source_id,Name\n', 'Property .file: has no rows'],
      ['/v1/customers/importCSV', 'Source_id,Name\nx,Ann\n', 'Property .file: is required', 'upload'],
      ['/v1/products/importCSV', 'source_id,price\np1,100\n', "Property .file.1: should have the required column 'name'"],
      ['/v1/products/importCSV', 'name,source_id,price\nMug,p1,9.99\n', 'Property .file.2.price: expected a whole number of cents'],
      ['/v1/products/importCSV', 'name,source_id\nMug,p1\n,p2\n', 'Property .file.3.name: a product needs a name'],
      ['/v1/products/importCSV', 'name,image_url\nMug,ftp://example.com/m.png\n', 'Property .file.2.image_url: must be an http(s) URL'],
      ['/v1/skus/importCSV', 'product_id,source_id\ncsv-mug,s1\ncsv-mug,s1\n', 'Property .file.3.source_id: the source id s1 is already on line 2'],
      ['/v1/skus/importCSV', 'product_id,sku\ncsv-mug,S\n', "Property .file.1: should have the required column 'source_id'"],
      ['/v1/skus/importCSV', 'product_id,source_id,attributes\ncsv-mug,s1,blue\n', 'Property .file.2.attributes: expected an object'],
    ] as const) {
      const res = await upload(path, csv, field);
      expect(res.status, `${path} ${csv}`).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload', message: 'Invalid payload', request_id: expect.any(String) });
      expect(res.body.details, csv).toContain(details);
    }
    const json = await service.call('POST', '/v1/customers/importCSV', { body: { file: 'customers.csv' } });
    expect(json.status).toBe(400);
    expect(json.body.details).toContain('Property .file: is required');
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('refuses a NUL anywhere in a file naming its line and column, in every CSV import (issue 48, fault 8)', async () => {
    const before = await databaseChecksum(service.database);
    for (const [path, csv, details] of [
      ['/v1/customers/importCSV', 'Source_id,Name\nok-1,Ann\nnul-2,B\u0000b\n', 'Property .file.3.Name: contains a NUL character'],
      ['/v1/customers/importCSV', 'Source_id,tier\nok-1,gold\nok-2,"multi\nline"\nnul-3,\u0000\n', 'Property .file.5.tier: contains a NUL character'],
      ['/v1/customers/importCSV', 'Source_id,ti\u0000er\nok-1,gold\n', 'Property .file.1: the name of column 2 contains a NUL character'],
      ['/v1/products/importCSV', 'name,source_id,color\nMug,p1,blue\nCup,p2,re\u0000d\n', 'Property .file.3.color: contains a NUL character'],
      ['/v1/skus/importCSV', 'product_id,source_id,sku\ncsv-mug,s1,S\u0000\n', 'Property .file.2.sku: contains a NUL character'],
    ] as const) {
      const res = await upload(path, csv);
      expect(res.status, `${path} ${JSON.stringify(csv)}`).toBe(400);
      expect(res.body).toMatchObject({ code: 400, key: 'invalid_payload', message: 'Invalid payload' });
      expect(res.body.details, JSON.stringify(csv)).toContain(details);
    }
    expect(await databaseChecksum(service.database)).toEqual(before);
  });
});
