import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestService, type TestService } from '../../../test/support/service';
import { RequestsInFlight } from './requests-in-flight';

describe('requests in flight over time (RequestsInFlight)', () => {
  afterEach(() => vi.useRealTimers());

  it('integrates the count over time, so a window tells the mean number in flight', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const inFlight = new RequestsInFlight();
    const start = inFlight.read();
    inFlight.begin();
    inFlight.begin();
    vi.advanceTimersByTime(100);
    inFlight.end();
    vi.advanceTimersByTime(100);
    inFlight.end();
    vi.advanceTimersByTime(200);
    const end = inFlight.read();
    // 2 for 100 ms, 1 for 100 ms, none for 200 ms: 300 request-ms over 400 ms.
    expect(end.area - start.area).toBeCloseTo(300);
    expect(end.at - start.at).toBeCloseTo(400);
    expect(inFlight.current).toBe(0);
  });
});

describe('the service counts every request it answers while it answers it', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService('pglite');
  });
  afterAll(() => service.close());

  it('counts a request from its start to its answer, refused ones and ones over HTTP included, and none once answered', async () => {
    const counted = service.ctx.requestsInFlight;
    const before = counted.read();
    const answers = await Promise.all([
      service.call('GET', '/v1/customers'),
      service.call('GET', '/v1/customers', { auth: false }),
      fetch(`${service.baseUrl}/healthz`).then((response) => response.status),
      fetch(`${service.baseUrl}/v1/no-such-route`).then((response) => response.status),
    ]);
    expect(answers.map((answer) => (typeof answer === 'number' ? answer : answer.status))).toEqual([200, 401, 200, 404]);
    expect(counted.current).toBe(0);
    expect(counted.read().area).toBeGreaterThan(before.area);
  });
});
