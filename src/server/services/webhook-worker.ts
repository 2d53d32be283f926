import type { ServiceContext, WebhookContext } from '../context';
import { rowsAfterCursors } from '../db/repositories/webhook-ledger';
import { releaseLeases } from '../db/repositories/webhook-sendouts';
import { dispatchWebhookEvents, type DispatchedSendouts } from './webhook-dispatch';
import { deliverDueBatch, sendDispatched } from './webhook-delivery';
import { WorkerRest } from './webhook-worker-rest';

/**
 * Runs one job again and again on demand: a wake during a run makes one more run, after a short
 * gap that serves every wake of the meantime together. Never two runs at once.
 */
class Runner {
  private running: Promise<void> | undefined;
  private again = false;
  stopped = false;

  constructor(
    private readonly job: () => Promise<void>,
    private readonly gapMs: number,
  ) {}

  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.job();
      } catch (error) {
        // The first line only: a failed query's message goes on with its parameters (payloads, answers).
        if (!this.stopped) console.error('webhook run failed', (error instanceof Error ? error.message : String(error)).split(/\n|params:/)[0].slice(0, 300));
      }
      if (this.again && !this.stopped) await new Promise((resolve) => setTimeout(resolve, this.gapMs));
    } while (this.again && !this.stopped);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }
}

/**
 * Sendouts sent between two looks at the requests' pressure (and leased at once from the due ones):
 * a pass under load leases up to 2,000 (500 rows of each source), and sending them all at once had
 * taken over a second, unrested.
 */
export const sendChunk = 200;

/** What a worker needs: a service process's context, or the few parts its own process builds (cli/webhook-worker-process). */
export type WebhookWorkerContext = WebhookContext & Partial<Pick<ServiceContext, 'cardChanges' | 'webhooks'>>;

export interface WebhookWorkerOptions {
  /**
   * How hard the requests press on the service (0 calm – 1 saturated: domain/webhook-yield's
   * requestPressure), for a worker in a process of its own: after each pass and each `sendChunk`
   * sent, both its loops rest in proportion (WorkerRest). Unset: no rests.
   */
  requestPressure?: () => number;
  pollMs?: number;
  coalesceMs?: number;
}

/**
 * Runs webhooks in a service process, or in a child process of one (services/webhook-worker-process):
 * events made into sendouts (dispatch), due sendouts sent (delivery), each in a loop of its own so
 * that what commits while a batch is being sent is made into sendouts meanwhile. Woken by a poll and, once an endpoint exists, by every committed card
 * change (CardChanges); never on a request's path. Under load every change wakes the dispatch:
 * the wakes during a pass are served together 50 ms after it. While no endpoint is active the
 * poll only moves the cursors (one statement). Every process may run one: the cursors and the
 * sendouts' leases keep them from doing one thing twice.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private endpoints = false;
  /** Only a started worker runs in the background; tests step it with runOnce alone. */
  private started = false;
  private readonly dispatching: Runner;
  private readonly delivering: Runner;
  /** What this process's dispatch wrote, leased to it: sent from memory, in the order written, before anything is leased from the table. */
  private dispatched: DispatchedSendouts[] = [];
  private readonly pollMs: number;
  private readonly rest: WorkerRest;

  constructor(
    private readonly ctx: WebhookWorkerContext,
    { requestPressure, pollMs = 500, coalesceMs = 50 }: WebhookWorkerOptions = {},
  ) {
    this.pollMs = pollMs;
    this.dispatching = new Runner(() => this.dispatch(), coalesceMs);
    this.delivering = new Runner(() => this.deliver(), coalesceMs);
    this.rest = new WorkerRest(requestPressure, () => this.dispatching.stopped);
  }

  start(): this {
    this.ctx.webhooks = this;
    this.started = true;
    this.unsubscribe = this.ctx.cardChanges?.subscribe(() => this.changed());
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
    return this;
  }

  /** A card change committed (in this process, or in the service process this one works for): new rows once an endpoint exists. */
  changed(): void {
    if (this.endpoints) this.dispatching.wake();
  }

  /** Makes sendouts of what is new and sends what is due, now or right after the runs under way. */
  wake(): void {
    this.dispatching.wake();
    this.delivering.wake();
  }

  private async dispatch(): Promise<void> {
    for (;;) {
      const work = await this.rest.begin();
      const run = await dispatchWebhookEvents(this.ctx);
      this.endpoints = run.endpoints;
      if (run.leased) this.dispatched.push(run.leased);
      if (run.sendouts > 0 && this.started) this.delivering.wake();
      if (run.sendouts > 0) await this.rest.after(work);
      if (!run.more) return;
    }
  }

  private async deliver(): Promise<void> {
    for (let next = this.dispatched.shift(); next; next = this.dispatched.shift()) {
      for (let from = 0; from < next.leases.length; from += sendChunk) {
        const work = await this.rest.begin();
        await sendDispatched(this.ctx, next.leases.slice(from, from + sendChunk), next.token, next.leasedUntil);
        await this.rest.after(work);
      }
    }
    if (!this.endpoints) return;
    for (;;) {
      const work = await this.rest.begin();
      const sent = await deliverDueBatch(this.ctx, sendChunk);
      if (sent > 0) await this.rest.after(work);
      if (sent < sendChunk) return;
    }
  }

  /** One full pass (tests call it to step through time): every pending event made into sendouts, everything due sent. */
  async runOnce(): Promise<void> {
    await this.dispatch();
    await this.deliver();
  }

  /**
   * Passes until every row written so far has been read (a transaction still open elsewhere on the
   * cluster holds the horizon back meanwhile), then one more to send what is due. For tests and tools.
   */
  async runUntilCaughtUp(timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    await this.runOnce();
    while (this.endpoints && (await rowsAfterCursors(this.ctx.db))) {
      if (Date.now() > deadline) throw new Error('webhooks did not catch up');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await this.runOnce();
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    await Promise.all([this.dispatching.stop(), this.delivering.stop()]);
    // What was written but not sent goes back at once rather than when its lease runs out.
    const unsent = this.dispatched.splice(0);
    for (const { token, leases } of unsent) await releaseLeases(this.ctx.db, token, leases.map((lease) => lease.sendout.id)).catch(() => undefined);
  }
}
