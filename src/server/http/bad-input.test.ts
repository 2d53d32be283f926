import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseChecksum } from '../../../test/support/db-checksum';
import { testDatabases } from '../../../test/support/databases';
import { startTestService, type TestService } from '../../../test/support/service';

/** Hostile input, case by case: always a 4xx error object, never a 500 or a stack trace, nothing stored. */
describe.each(testDatabases())('bad input (%s)', (kind) => {
  let service: TestService;
  let campaign: string;
  let before: Record<string, string>;

  beforeAll(async () => {
    service = await startTestService(kind);
    campaign = service.project.ids.campaigns.get('Fixed Club') as string;
    before = await databaseChecksum(service.database);
  });
  afterAll(async () => {
    // Nothing any of these requests sent was stored.
    expect(await databaseChecksum(service.database)).toEqual(before);
    await service.close();
  });

  const expectError = (response: { status: number; body: unknown }, status: number, key: string) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body).toMatchObject({ code: status, key, message: expect.any(String), request_id: expect.stringMatching(/^v-/) });
    expect(JSON.stringify(response.body)).not.toMatch(/at .+\.(ts|js):\d+/);
  };

  it('answers a wrong method with 405 and the allowed ones', async () => {
    const list = await service.call('DELETE', '/v1/loyalties');
    expectError(list, 405, 'method_not_allowed');
    expect(list.headers.get('allow')).toBe('GET, HEAD, POST');
    const members = await service.call('PUT', `/v1/loyalties/${campaign}/members`, { body: {} });
    expectError(members, 405, 'method_not_allowed');
    expect(members.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(members.body.details).toBe(`PUT is not allowed on /v1/loyalties/${campaign}/members; use GET, HEAD, POST`);
    // An unknown path stays a 404.
    expectError(await service.call('DELETE', '/v1/nothing-here'), 404, 'not_found');
  });

  it('answers a missing or wrong content type with 415', async () => {
    for (const contentType of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', '']) {
      expectError(await service.call('POST', `/v1/loyalties/${campaign}/members`, { body: '{"customer":"ct"}', headers: { 'content-type': contentType } }), 415, 'unsupported_media_type');
    }
  });

  it('answers every non-JSON body on every JSON route with 415 and the error object, and stores nothing', async () => {
    const bodies: Array<[contentType: string, body: string]> = [
      ['application/x-www-form-urlencoded', 'customer=1&event=x&name=x&type=static'],
      ['application/x-www-form-urlencoded; charset=utf-8', 'customer=1'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="customer"\r\n\r\n1\r\n--x--\r\n'],
      ['text/plain', '{"customer":"1"}'],
      ['text/plain; charset=utf-8', 'customer=1'],
      ['text/html', '<p>customer</p>'],
      ['text/csv', 'customer\n1'],
      ['application/xml', '<customer>1</customer>'],
      ['text/xml', '<customer>1</customer>'],
      ['application/octet-stream', '{"customer":"1"}'],
      ['application/javascript', '({"customer":"1"})'],
      ['image/png', '\x89PNG'],
      ['', '{"customer":"1"}'],
    ];
    // Every route that takes a body, found from the service itself so a route added later is covered too.
    // The OAuth routes take forms and the CSV imports multipart uploads, as the real API defines them
    // (their refusals of other bodies: the OAuth test below, csv-imports/route.test.ts).
    const forms = /^\/v1\/oauth\/|\/importCSV$/;
    const jsonRoutes = service.app.routeCatalog.routes.filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) && !forms.test(route.url));
    expect(jsonRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(expect.arrayContaining(['POST /v1/loyalties/:campaignId/members', 'POST /v1/events', 'POST /v1/segments']));
    const checksum = await databaseChecksum(service.database);
    for (const route of jsonRoutes) {
      // A real campaign where the route names one, so the refusal is not a side effect of a 404.
      const concrete = route.url.replace(':campaignId', campaign).replace(/:[^/]+|\*/g, 'x');
      for (const [contentType, body] of bodies) {
        const response = await service.call(route.method, concrete, { body, headers: { 'content-type': contentType } });
        expect(response.status, `${route.method} ${concrete} with ${contentType || 'no content type'}`).toBe(415);
        expectError(response, 415, 'unsupported_media_type');
      }
    }
    expect(await databaseChecksum(service.database)).toEqual(checksum);
  });

  it('takes form bodies on the OAuth routes, which the real API defines as forms', async () => {
    const form = (path: string, fields: Record<string, string>, contentType = 'application/x-www-form-urlencoded') =>
      service.call('POST', path, { body: new URLSearchParams(fields).toString(), headers: { 'content-type': contentType } });
    const issued = await form('/v1/oauth/token', { grant_type: 'client_credentials', scope: 'api' }, 'application/x-www-form-urlencoded; charset=UTF-8');
    expect(issued.status).toBe(200);
    expect(issued.body.token_type).toBe('Bearer');
    const introspected = await form('/v1/oauth/introspect', { access_token: issued.body.access_token });
    expect(introspected.status).toBe(200);
    expect(introspected.body.active).toBe(true);
    expect((await form('/v1/oauth/token/revoke', { access_token: issued.body.access_token })).status).toBe(204);
    // Undo: issuing a token writes; the checksum is taken again.
    before = await databaseChecksum(service.database);
  });

  it('answers malformed JSON with 400 and a body over 2 MiB with 413', async () => {
    for (const body of ['{', '{"customer":}', 'nul', '"\\u12"', '{"a":1}}']) expectError(await service.call('POST', `/v1/loyalties/${campaign}/members`, { body }), 400, 'invalid_json');
    expectError(await service.call('POST', '/v1/events', { body: JSON.stringify({ event: 'x', customer: { source_id: 'x'.repeat(3 * 1024 * 1024) } }) }), 413, 'payload_too_large');
  });

  it('refuses nesting deeper than 32 levels, however deep', async () => {
    for (const depth of [33, 1000, 300_000]) {
      const metadata = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
      const response = await service.call('POST', `/v1/loyalties/${campaign}/members`, { body: `{"customer":{"source_id":"deep","metadata":${metadata}}}` });
      expectError(response, 400, 'invalid_payload');
      expect(response.body.details).toContain('nested deeper than 32 levels');
    }
    const arrays = '['.repeat(900_000) + ']'.repeat(900_000);
    expectError(await service.call('POST', '/v1/events', { body: arrays }), 400, 'invalid_payload');
  });

  it('refuses text the database cannot store (NUL, unpaired surrogates) in bodies, keys, queries and paths', async () => {
    const bodies = [
      '{"customer":{"source_id":"a\\u0000b"}}',
      '{"customer":{"source_id":"sur\\ud800"}}',
      '{"customer":{"source_id":"ok","metadata":{"k":"\\udfff"}}}',
      '{"customer":{"source_id":"ok","metadata":{"k\\u0000":"v"}}}',
    ];
    for (const body of bodies) {
      const response = await service.call('POST', `/v1/loyalties/${campaign}/members`, { body });
      expectError(response, 400, 'invalid_payload');
      expect(response.body.details).toMatch(/^Property \.customer\.(source_id|metadata(\.k)?): /);
    }
    expectError(await service.call('GET', '/v1/publications?customer=%00'), 400, 'invalid_query_params');
    expectError(await service.call('GET', '/v1/locations?filters[name][conditions][$is]=a%00'), 400, 'invalid_query_params');
    expectError(await service.call('GET', '/v1/loyalties/%00/members'), 404, 'not_found');
    expectError(await service.call('POST', '/v1/oauth/token', { body: 'grant_type=client_credentials&scope=%00', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 400, 'invalid_payload');
  });

  it('stores odd but valid unicode unchanged', async () => {
    const name = 'Zoë 🙂 \u202eRTL\u202c 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \u200b';
    const response = await service.call('POST', '/v1/events', { body: { event: 'unicode-check', customer: { source_id: `uni-${kind}`, name } } });
    if (response.status !== 200) expect(response.status).toBeLessThan(500);
    // Undo: this test is the one allowed to write; the checksum is taken again.
    before = await databaseChecksum(service.database);
  });

  it('refuses huge strings where the schema bounds them, and never answers 500 for one elsewhere', async () => {
    const huge = 'x'.repeat(500_000);
    expectError(await service.call('POST', `/v1/loyalties/${campaign}/members`, { body: { customer: { source_id: huge } } }), 400, 'invalid_payload');
    expectError(await service.call('POST', '/v1/events', { body: { event: huge, customer: 'x' } }), 400, 'invalid_payload');
    const segment = await service.call('POST', '/v1/segments', { body: { name: huge, type: 'static', customers: ['cust_x'] } });
    expect(segment.status).toBeGreaterThanOrEqual(400);
    expect(segment.status).toBeLessThan(500);
  });

  it('treats path parameters with slashes, dots and encodings as plain (unknown) ids', async () => {
    for (const param of ['a%2Fb', '..%2F..%2Fetc%2Fpasswd', '.%2E', '%2E%2E%2F', 'x.y', 'a%5Cb', '%25', 'FIX-BOB%2F..']) {
      const response = await service.call('GET', `/v1/loyalties/${param}/members`);
      expectError(response, 404, 'not_found');
    }
    expectError(await service.call('GET', `/v1/loyalties/${'x'.repeat(501)}`), 414, 'uri_too_long');
    expectError(await service.call('GET', '/v1/loyalties/%E0%A4%A'), 400, 'invalid_url');
  });
});
