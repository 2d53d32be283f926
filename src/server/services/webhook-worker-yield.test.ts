import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabases } from '../../../test/support/databases';
import { earningFixture } from '../../../test/support/earning-fixture';
import { startTestService, type TestService } from '../../../test/support/service';
import { startReceiver, subscribeEndpoint } from '../../../test/support/webhook-receiver';
import { producedWebhookEvents } from '../domain/webhook-events';
import { webhookYield } from '../domain/webhook-yield';
import { sendChunk, WebhookWorker } from './webhook-worker';
import { restWhileBusy, WorkerRest } from './webhook-worker-rest';

describe.each(testDatabases())('The webhook worker yields to busy requests (%s)', (kind) => {
  let service: TestService;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const fixed = () => service.project.ids.campaigns.get('Fixed Club') as string;

  beforeAll(async () => {
    service = await startTestService(kind, earningFixture(), undefined, { webhookPrivateTargets: 'allow' });
    receiver = await startReceiver();
    const created = await subscribeEndpoint(service, receiver.url, producedWebhookEvents);
    expect(created.status).toBe(200);
  });
  afterAll(async () => {
    await receiver.close();
    await service.close();
  });

  /**
   * One member enrolled and its webhooks sent by a worker told the requests press `pressure` (0–1):
   * how many rests it took. Its rests are the timers of a fractional delay (a pass's measured time ×
   * the factor); the service's own timers are whole milliseconds.
   */
  const restsWhileSending = async (sourceId: string, pressure: number | undefined) => {
    const enrolled = await service.call('POST', `/v1/loyalties/${fixed()}/members`, { body: { customer: { source_id: sourceId } } });
    expect(enrolled.status).toBe(200);
    const worker = new WebhookWorker(service.ctx, pressure === undefined ? {} : { requestPressure: () => pressure });
    const sentBefore = receiver.received.length;
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      await worker.runUntilCaughtUp();
      const rests = timers.mock.calls.filter(([, delay]) => typeof delay === 'number' && delay > 0 && !Number.isInteger(delay));
      // Sent all the same: a rest delays webhooks, never drops them.
      expect(receiver.received.slice(sentBefore).some((hook) => (hook.json as { data?: { customer?: { source_id?: string } } }).data?.customer?.source_id === sourceId)).toBe(true);
      return rests.map(([, delay]) => delay as number);
    } finally {
      timers.mockRestore();
      await worker.stop();
    }
  };

  it('looks at the pressure again after every sendChunk it sends, however much one pass made', { timeout: 60_000 }, async () => {
    // A rated review earns points: its custom event, card transaction and points added, a few webhooks each.
    for (let i = 0; i < 6; i++) {
      const tracked = await Promise.all(Array.from({ length: 25 }, () => service.call('POST', '/v1/events', { body: { event: 'app_review', customer: { source_id: 'alice' }, metadata: { rating: 3 } } })));
      expect(tracked.map((answer) => answer.status)).toEqual(Array(25).fill(200));
    }
    // Read at the start of every piece of work: what arrived between two readings was sent in one piece.
    const arrivedAtReadings: number[] = [];
    const worker = new WebhookWorker(service.ctx, { requestPressure: () => (arrivedAtReadings.push(receiver.received.length), 0) });
    const sentBefore = receiver.received.length;
    try {
      await worker.runUntilCaughtUp();
    } finally {
      await worker.stop();
    }
    expect(receiver.received.length - sentBefore).toBeGreaterThan(2 * sendChunk);
    const pieces = arrivedAtReadings.slice(1).map((count, i) => count - arrivedAtReadings[i]);
    expect(Math.max(...pieces)).toBeLessThanOrEqual(sendChunk);
  });

  it('rests after what it dispatched and sent while the requests press, and not while they are calm', { timeout: 60_000 }, async () => {
    const busyRests = await restsWhileSending('yield-busy', 1);
    expect(busyRests.length).toBeGreaterThanOrEqual(2); // the dispatch pass and the batch it sent
    for (const delay of busyRests) expect(delay).toBeLessThanOrEqual(1000);
    expect(await restsWhileSending('yield-calm', 0)).toEqual([]);
    // A worker in the request thread (no requestPressure) never rests: its requests wait for it anyway.
    expect(await restsWhileSending('yield-thread', undefined)).toEqual([]);
  });
});

describe('a rest ends once the requests are calm (restWhileBusy)', () => {
  afterEach(() => vi.useRealTimers());

  const rest = async (restMs: number, loads: number[], stopped = () => false) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const start = performance.now();
    let done = false;
    void restWhileBusy(restMs, () => loads.shift() ?? 0, stopped).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    while (!done) await vi.advanceTimersByTimeAsync(10);
    return performance.now() - start;
  };

  it('rests the whole time while the pressure stays, in slices', async () => {
    expect(await rest(1_000, Array(20).fill(1))).toBe(1_000);
  });

  it('ends at the first slice under no pressure', async () => {
    expect(await rest(5_000, [1, 1, 0])).toBe(300);
  });

  it('ends when the worker stops, and takes no time for no rest', async () => {
    let calls = 0;
    expect(await rest(5_000, Array(100).fill(1), () => ++calls > 2)).toBe(200);
    expect(await rest(0, [1])).toBe(0);
  });
});

describe('both loops rest after either one works (WorkerRest)', () => {
  afterEach(() => vi.useRealTimers());

  /** How long a second loop waits to begin while the first rests after `workMs` of work begun at `before` pressure; `pressureAt` tells the pressure so many ms into the rest. */
  const otherLoopWaits = async (workMs: number, before: number, pressureAt: ((restedMs: number) => number) | undefined) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const start = performance.now();
    const rest = new WorkerRest(pressureAt && (() => pressureAt(performance.now() - start)), () => false);
    void rest.after({ startedAt: start - workMs, pressure: before });
    let began = false;
    void rest.begin().then(() => (began = true));
    await vi.advanceTimersByTimeAsync(0);
    while (!began) await vi.advanceTimersByTimeAsync(10);
    return performance.now() - start;
  };

  it('holds the other loop for the whole rest while the pressure stays', async () => {
    expect(await otherLoopWaits(20, 1, () => 1)).toBe(20 * webhookYield.maxFactor);
  });

  it('lets both go at the first slice under no pressure', async () => {
    expect(await otherLoopWaits(200, 1, (restedMs) => (restedMs < 150 ? 1 : 0))).toBe(200);
  });

  it('stays over once ended by calm, though the pressure comes back: a new rest takes new work', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const start = performance.now();
    const restedMs = () => performance.now() - start;
    const rest = new WorkerRest(() => (restedMs() < 150 || restedMs() >= 250 ? 1 : 0), () => false);
    void rest.after({ startedAt: start - 200, pressure: 1 });
    await vi.advanceTimersByTimeAsync(300);
    let began = false;
    void rest.begin().then(() => (began = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(began).toBe(true);
  });

  it('does not rest on a pressure that rose during the work, nor without a pressure to read', async () => {
    expect(await otherLoopWaits(200, 0, () => 1)).toBe(0);
    expect(await otherLoopWaits(200, 1, undefined)).toBe(0);
  });
});
