import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataSchemaSchema } from '../../../contract/metadata-schema';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { testDatabases } from '../../../../test/support/databases';
import { earningFixture } from '../../../../test/support/earning-fixture';
import { contractErrors } from '../../../../test/support/openapi';
import { readReference } from '../../../../test/support/reference';
import { startTestService, type TestService } from '../../../../test/support/service';
import { fixtureSchema } from '../../seed/fixture-schema';

/**
 * The list's schema requires `data`, yet its example (and `data_ref`'s only enum value) puts the
 * schemas under `schemas`: the example wins, and this one error is the contract's (the last test
 * shows the example has it too).
 */
const listDefect = ` must have required property 'data' {"missingProperty":"data"}`;

/** Metadata schemas (issue 34): the project's custom event schemas as the contract's metadata schemas. */
describe.each(testDatabases())('Metadata schemas (%s)', (kind) => {
  let service: TestService;
  const sdk = () => VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl });

  beforeAll(async () => {
    service = await startTestService(kind, earningFixture());
  });
  afterAll(() => service.close());

  it('lists every event schema of the project as a metadata schema, by name, through the SDK too', async () => {
    const res = await service.call('GET', '/v1/metadata-schemas');
    expect(res.status).toBe(200);
    expect(contractErrors('customers-catalog', '/v1/metadata-schemas', 'get', 200, res.body)).toEqual([listDefect]);
    const names = res.body.schemas.map((s: { related_object: string }) => s.related_object);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('app_review');
    expect(res.body).toMatchObject({ object: 'list', data_ref: 'schemas', total: names.length });
    const review = res.body.schemas.find((s: { related_object: string }) => s.related_object === 'app_review');
    expect(review).toEqual({
      id: service.project.ids.eventSchemas.get('app_review'),
      related_object: 'app_review',
      properties: {
        rating: { type: 'number', array: false, optional: false, objectType: null },
        text: { type: 'string', array: false, optional: true, objectType: null },
      },
      allow_defined_only: false,
      created_at: expect.any(String),
      updated_at: null,
      object: 'metadata_schema',
    });
    const viaSdk = await sdk().metadataSchemas.list();
    expect(viaSdk.schemas.map((s) => s.related_object)).toEqual(names);
  });

  it('gets one schema by its resource, and answers 404 naming a resource without one, writing nothing', async () => {
    const res = await service.call('GET', '/v1/metadata-schemas/store_visit');
    expect(res.status).toBe(200);
    expect(contractErrors('customers-catalog', '/v1/metadata-schemas/{resource}', 'get', 200, res.body)).toEqual([]);
    expect(metadataSchemaSchema.parse(res.body)).toEqual(res.body);
    expect(Object.keys(res.body.properties)).toEqual(['store_id', 'amount']);
    const viaSdk = await sdk().metadataSchemas.get('store_visit');
    expect(viaSdk).toMatchObject({ id: res.body.id, related_object: 'store_visit' });

    const before = await databaseChecksum(service.database);
    for (const resource of ['no_such_event', 'customer', 'APP_REVIEW']) {
      const missing = await service.call('GET', `/v1/metadata-schemas/${resource}`);
      expect(missing.status, resource).toBe(404);
      expect(missing.body).toMatchObject({ code: 404, key: 'not_found', resource_type: 'metadata_schema', resource_id: resource, request_id: expect.any(String) });
    }
    const tooLong = await service.call('GET', `/v1/metadata-schemas/${'x'.repeat(301)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.details).toContain('resource');
    expect(await databaseChecksum(service.database)).toEqual(before);
  });

  it('refuses a fixture event schema named as a standard resource: it would be two schemas', () => {
    const fixture = earningFixture();
    const parsed = fixtureSchema.safeParse({ ...fixture, event_schemas: [...(fixture.event_schemas ?? []), { name: 'order', properties: {} }] });
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toContain('standard metadata schema');
  });

  it('holds to the contract’s list example where its schema says otherwise', () => {
    const op = readReference('openapi-customers-catalog.json').paths['/v1/metadata-schemas'].get;
    const example = op.responses['200'].content['application/json'].examples.Example.value;
    expect(example).toMatchObject({ object: 'list', data_ref: 'schemas' });
    expect(example.data).toBeUndefined();
    expect(contractErrors('customers-catalog', '/v1/metadata-schemas', 'get', 200, example)).toEqual([listDefect]);
  });
});
