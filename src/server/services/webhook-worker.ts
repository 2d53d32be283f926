import type { ServiceContext } from '../context';
import { rowsAfterCursors } from '../db/repositories/webhook-ledger';
import { dispatchWebhookEvents } from './webhook-dispatch';
import { deliverDueSendouts } from './webhook-delivery';

/**
 * Runs webhooks in a service process: events made into sendouts, due sendouts sent. Woken by a
 * poll and, once an endpoint exists, by every committed card change (CardChanges); never on a
 * request's path. While no endpoint is active the poll only moves the cursors (one statement).
 * Every process may run one: the cursors and the sendouts' leases keep them from doing one thing twice.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private endpoints = false;
  private stopped = false;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly pollMs = 500,
    private readonly coalesceMs = 50,
  ) {}

  start(): this {
    this.ctx.webhooks = this;
    this.unsubscribe = this.ctx.cardChanges.subscribe(() => {
      if (this.endpoints) this.wake();
    });
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref();
    this.wake();
    return this;
  }

  /** Runs a pass now, or right after the one running. */
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

  /** One full pass (tests call it to step through time): every pending event made into sendouts, everything due sent. */
  async runOnce(): Promise<void> {
    for (;;) {
      const run = await dispatchWebhookEvents(this.ctx);
      this.endpoints = run.endpoints;
      if (!run.more) break;
    }
    if (this.endpoints) await deliverDueSendouts(this.ctx);
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

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.runOnce();
      } catch (error) {
        // The first line only: a failed query's message goes on with its parameters (payloads, answers).
        if (!this.stopped) console.error('webhook run failed', (error instanceof Error ? error.message : String(error)).split(/\n|params:/)[0].slice(0, 300));
      }
      // Wakes that came during a pass are served together after a short gap: under load every
      // committed change wakes the worker, and a pass per change would cost more than the changes.
      if (this.again && !this.stopped) await new Promise((resolve) => setTimeout(resolve, this.coalesceMs));
    } while (this.again && !this.stopped);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.unsubscribe?.();
    await this.running;
  }
}
