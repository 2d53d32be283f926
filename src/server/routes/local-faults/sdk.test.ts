import { VoucherifyServerSide } from '@voucherify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../../../test/support/databases';
import { databaseChecksum } from '../../../../test/support/db-checksum';
import { startTestService, type TestService } from '../../../../test/support/service';

/**
 * What the official SDK (npm @voucherify/sdk) meets under /_local/faults: a rate limit it reports
 * as the contract's error with the real headers, a delay it waits out (or times out on), and a
 * dropped connection it reports as a network error; in each case the faulted call wrote nothing.
 * A counted fault takes its request in `local_faults`, the control table, which the checksum
 * leaves out with the rate counters and the request log.
 */
const controlTables = ['rate_limit_counters', 'request_log', 'local_faults'];

/** What a failed SDK call rejects with: a VoucherifyError (with `exposeErrorCause`, axios's error as `cause`) or axios's own network error. */
interface SdkFailure {
  code?: number | string;
  key?: string;
  message?: string;
  request_id?: string;
  cause?: { response: { headers: Record<string, string> } };
}

describe.each(testDatabases())('@voucherify/sdk meeting faults (%s)', (kind) => {
  let service: TestService;
  const auto = () => service.project.ids.campaigns.get('Auto Club') as string;
  const sdk = (options: { timeoutMs?: number } = {}) =>
    VoucherifyServerSide({ applicationId: service.keyHeaders['X-App-Id'], secretKey: service.keyHeaders['X-App-Token'], apiUrl: service.baseUrl, exposeErrorCause: true, ...options });
  const setFault = async (body: unknown) => {
    const res = await service.call('POST', '/_local/faults', { body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: string };
  };
  const checksum = () => databaseChecksum(service.database, controlTables);
  const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('the call succeeded'), (error: SdkFailure) => error);

  beforeAll(async () => {
    service = await startTestService(kind, undefined, undefined, { localControl: 'on' });
  });
  afterAll(() => service.close());

  it('makes Add Member fail with the 429 error object and the rate-limit headers, writing nothing', async () => {
    await setFault({ method: 'POST', path: '/v1/loyalties/{campaignId}/members', status: 429, retry_after_seconds: 30, times: 1 });
    const before = await checksum();
    const error = await failure(sdk().loyalties.createMember(auto(), { customer: { source_id: 'limited' } }));
    expect(error).toMatchObject({ code: 429, key: 'too_many_requests', message: 'Too many requests hit the API too quickly.' });
    expect(error.request_id).toMatch(/^v-/);
    const headers = error.cause?.response.headers ?? {};
    expect(headers['retry-after']).toBe('30');
    expect(headers['x-rate-limit-remaining']).toBe('0');
    expect(Number(headers['x-rate-limit-limit'])).toBe(service.ctx.rateLimiter.limit);
    // Epoch seconds when the client may try again (the service's real clock is the test's).
    expect(Number(headers['x-rate-limit-retry'])).toBe(Math.ceil(service.clock.now().getTime() / 1000) + 30);
    expect(await checksum()).toEqual(before);
    // Once: the same call goes through now, and the customer it names is there.
    const card = await sdk().loyalties.createMember(auto(), { customer: { source_id: 'limited' } });
    expect(card.code).toMatch(/^AUTO-/);
  });

  it('delays a read by the latency set, as the client sees it: a timeout shorter than it fails, and the read writes nothing', async () => {
    const path = '/v1/loyalties/members/{memberId}';
    const started = Date.now();
    await sdk().loyalties.getMember(null, 'FIX-BOB');
    const usual = Date.now() - started;
    await setFault({ method: 'GET', path, latency_ms: 1500, times: 2 });
    const before = await checksum();
    const slowStart = Date.now();
    expect((await sdk().loyalties.getMember(null, 'FIX-BOB')).code).toBe('FIX-BOB');
    const slow = Date.now() - slowStart;
    expect(slow).toBeGreaterThanOrEqual(1500);
    expect(slow).toBeGreaterThan(usual + 1000);
    // A client that waits 500 ms gives up on the second delayed request.
    const timedOut = await failure(sdk({ timeoutMs: 500 }).loyalties.getMember(null, 'FIX-BOB'));
    expect(timedOut.code).toBe('ECONNABORTED');
    expect(await checksum()).toEqual(before);
  });

  it('drops the connection of a points addition: a network error at the client, and no points added', async () => {
    await setFault({ method: 'POST', path: '/v1/loyalties/members/{memberId}/balance', drop: true, times: 1 });
    const before = await checksum();
    const error = await failure(sdk().loyalties.addOrRemoveCardBalance('FIX-BOB', { points: 100 }));
    expect(error.code).toBe('ECONNRESET');
    expect(error.key).toBeUndefined();
    expect(await checksum()).toEqual(before);
    expect((await sdk().loyalties.addOrRemoveCardBalance('FIX-BOB', { points: 100 })).points).toBe(100);
  });

  it('answers 500 and 503 with their error objects, writing nothing', async () => {
    await setFault({ method: 'POST', path: '/v1/customers', status: 500, times: 1 });
    await setFault({ method: 'POST', path: '/v1/customers', status: 503, times: 1 });
    const before = await checksum();
    expect(await failure(sdk().customers.create({ source_id: 'faulty' }))).toMatchObject({ code: 500, key: 'internal_error', message: 'Internal Server Error' });
    expect(await failure(sdk().customers.create({ source_id: 'faulty' }))).toMatchObject({ code: 503, key: 'service_unavailable', message: 'Service Unavailable' });
    expect(await checksum()).toEqual(before);
    expect(await sdk().customers.create({ source_id: 'faulty' })).toMatchObject({ source_id: 'faulty' });
  });

  it('are cleared by POST /_local/reset', async () => {
    await setFault({ status: 503 });
    expect((await failure(sdk().customers.get('alice'))).code).toBe(503);
    expect((await service.call('POST', '/_local/reset')).status).toBe(200);
    expect((await service.call('GET', '/_local/faults')).body).toMatchObject({ data: [], total: 0 });
    expect(await sdk().customers.get('alice')).toMatchObject({ source_id: 'alice' });
  });
});
