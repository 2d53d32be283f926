import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { startTestService, type TestService } from '../../../../test/support/service';

/**
 * Issue 53, for a test asserting on what its code sent: a marker to read the log from ("since" a
 * request id, or a time) and a count-only answer with the same filters.
 */
describe.each(testDatabases())('The request log read since a marker, and counted (%s)', (kind) => {
  let service: TestService;
  const read = (query: string) => service.call('GET', `/_local/requests?${query}`);

  beforeAll(async () => {
    service = await startTestService(kind, undefined, undefined, { requestLogSize: 20 });
  });
  afterAll(() => service.close());

  it('answers the count alone, with the marker: the newest request the log holds (null while it holds none)', async () => {
    expect((await read('count_only=true')).body).toEqual({ object: 'request_count', total: 0, marker: null });
    const sent = await service.call('GET', '/v1/customers/alice');
    const counted = await read('count_only=true');
    expect(counted.status).toBe(200);
    expect(counted.body).toEqual({ object: 'request_count', total: 1, marker: sent.headers.get('x-request-id') });
    // The list carries the same marker.
    expect((await read('limit=1')).body).toMatchObject({ object: 'list', total: 1, marker: sent.headers.get('x-request-id') });
  });

  it('reads only the requests logged after a marker, and counts them with the same filters', async () => {
    const { marker } = (await read('count_only=true')).body;
    const sent = [await service.call('GET', '/v1/customers/alice'), await service.call('GET', '/v1/customers/nobody-at-all'), await service.call('GET', '/v1/customers/bob')];
    const ids = sent.map((res) => res.headers.get('x-request-id'));
    const after = await read(`since=${marker}&order=at`);
    expect(after.body.requests.map((entry: { id: string }) => entry.id)).toEqual(ids);
    expect(after.body).toMatchObject({ total: 3, marker: ids[2] });
    expect((await read(`since=${marker}&count_only=true`)).body).toEqual({ object: 'request_count', total: 3, marker: ids[2] });
    expect((await read(`since=${marker}&status=4xx&count_only=true`)).body.total).toBe(1);
    expect((await read(`since=${marker}&path=bob&count_only=true`)).body.total).toBe(1);
    // From the newest marker on, nothing yet.
    expect((await read(`since=${ids[2]}&count_only=true`)).body.total).toBe(0);
  });

  it('counts what the list totals for every filter, a time as `since` included', async () => {
    // The log keeps real time (here the test's clock): a minute on, only what follows is after `since`.
    service.clock.advance(60_000);
    const since = encodeURIComponent(new Date(service.clock.now().getTime() - 10_000).toISOString());
    await service.call('GET', '/v1/customers/alice');
    await service.call('GET', '/v1/customers/nobody-at-all');
    expect((await read(`since=${since}&count_only=true`)).body.total).toBe(2);
    for (const query of ['', 'status=404', 'status=2xx', 'path=/v1/customers', `since=${since}`, `since=${since}&status=4xx`, 'customer=alice', 'origin=api']) {
      const listed = await read(`${query}&limit=1`);
      const counted = await read(`${query}&count_only=true`);
      expect(counted.body.total, query).toBe(listed.body.total);
    }
  });

  it('refuses a marker the log no longer reaches (unknown, or older than its newest REQUEST_LOG_SIZE) and a bad count_only, naming them', async () => {
    const unknown = await read('since=v-000000000000000000');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 400, key: 'invalid_query_params' });
    expect(unknown.body.details).toContain('since');
    const oldest = (await read('count_only=true')).body.marker;
    for (let i = 0; i < 20; i++) await service.call('GET', '/v1/customers/alice');
    const pushedOut = await read(`since=${oldest}`);
    expect(pushedOut.status).toBe(400);
    expect(pushedOut.body.details).toContain(oldest);
    const bad = await read('count_only=yes');
    expect(bad.status).toBe(400);
    expect(bad.body.details).toContain('count_only');
  });
});
