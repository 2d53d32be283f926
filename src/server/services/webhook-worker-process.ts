import { fork, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { ServiceConfig } from '../config';
import type { ServiceContext } from '../context';
import { LastingLoad, type RequestLoad } from '../domain/webhook-yield';

/** What a service process sends its webhook worker's process (cli/webhook-worker-process). */
export type WebhookChildMessage =
  | { type: 'start'; url: string; nice: number; config: ServiceConfig }
  | { type: 'changed' }
  | { type: 'wake' }
  /** How busy this process's request thread was, and how many requests it had in flight, lately (LastingLoad). */
  | ({ type: 'load' } & RequestLoad)
  | { type: 'stop' };

const entry = fileURLToPath(new URL('../../cli/webhook-worker-process.ts', import.meta.url));
/** Card changes are forwarded at most this often (the child serves a pass's wakes together 50 ms after it anyway). */
const changeGapMs = 20;
/**
 * How often the child hears how busy the requests kept this process: the lower of the means over
 * the last `loadWindowSamples` samples (a second) and the last `recentLoadSamples` (200 ms), as
 * domain/webhook-yield's LastingLoad.
 */
const loadSampleMs = 100;
const loadWindowSamples = 10;
const recentLoadSamples = 2;
/** How long a stopping child may take: an attempt under way may take 10 s. */
const stopWaitMs = 15_000;
/** A child that ran this long before it died had not been failing at its start: restart it at once. */
const healthyRunMs = 60_000;

/**
 * The webhook worker of a service process on PostgreSQL, run in a child process at a lower OS
 * priority (WEBHOOK_WORKER_NICE), so the kernel serves the requests first and dispatch and
 * delivery take the CPU they leave (docs/architecture.md, "Webhooks"). The child has its own small
 * pool; this process forwards its committed card changes (coalesced), its wakes, and every 100 ms
 * how busy its requests kept this thread and how many were in flight, while that lasts (the child rests in proportion: domain/webhook-yield) over IPC. A
 * child that dies is started again (leases make delivery at-least-once); this process dying closes
 * the IPC channel, on which the child exits.
 */
export class WebhookWorkerProcess {
  private child: ChildProcess | undefined;
  private stopping = false;
  private unsubscribe: (() => void) | undefined;
  private restartTimer: NodeJS.Timeout | undefined;
  private changeTimer: NodeJS.Timeout | undefined;
  private lastChange = 0;
  private failures = 0;
  private loadTimer: NodeJS.Timeout | undefined;
  private readonly busy = new LastingLoad(loadWindowSamples, recentLoadSamples);
  private readonly inFlight = new LastingLoad(loadWindowSamples, recentLoadSamples);

  constructor(
    private readonly ctx: ServiceContext,
    private readonly url: string,
  ) {}

  /** The child's process id while one runs (the bench reads its CPU time). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): this {
    this.ctx.webhooks = this;
    this.unsubscribe = this.ctx.cardChanges.subscribe(() => this.changed());
    this.spawn();
    this.sampleLoad();
    this.loadTimer = setInterval(() => this.sendLoad(), loadSampleMs);
    this.loadTimer.unref();
    return this;
  }

  /** This thread's event-loop utilization and its requests in flight, each while it lasts (LastingLoad). */
  private sampleLoad(): RequestLoad {
    const { idle, active } = performance.eventLoopUtilization();
    const { area, at } = this.ctx.requestsInFlight.read();
    return { busy: this.busy.push(active, idle + active), inFlight: this.inFlight.push(area, at) };
  }

  /** The child rests in proportion to how hard the requests press (domain/webhook-yield). */
  private sendLoad(): void {
    this.send({ type: 'load', ...this.sampleLoad() });
  }

  private spawn(): void {
    const startedAt = Date.now();
    // The same loader flags as this process (tsx), so the child runs the TypeScript entry.
    const child = fork(entry, [], { execArgv: process.execArgv });
    this.child = child;
    const { config } = this.ctx;
    this.send({ type: 'start', url: this.url, nice: config.webhookWorkerNice, config });
    child.on('error', (error) => console.error('webhook worker process:', error.message));
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      if (this.stopping) return;
      this.failures = Date.now() - startedAt >= healthyRunMs ? 0 : this.failures + 1;
      const delayMs = this.failures <= 1 ? 0 : Math.min(30_000, 500 * 2 ** this.failures);
      console.error(`webhook worker process exited (${signal ?? code}); starting another${delayMs > 0 ? ` in ${delayMs / 1000} s` : ''}`);
      this.restartTimer = setTimeout(() => this.spawn(), delayMs);
      this.restartTimer.unref();
    });
  }

  private send(message: WebhookChildMessage): void {
    const child = this.child;
    // A child gone or going: its exit starts another, which passes over everything anyway.
    if (child?.connected) child.send(message, () => undefined);
  }

  /** A committed card change: forwarded at once, or with the others of the next 20 ms. */
  private changed(): void {
    if (this.changeTimer) return;
    const waitMs = this.lastChange + changeGapMs - Date.now();
    const forward = () => {
      this.changeTimer = undefined;
      this.lastChange = Date.now();
      this.send({ type: 'changed' });
    };
    if (waitMs <= 0) forward();
    else this.changeTimer = setTimeout(forward, waitMs);
  }

  /** Makes sendouts of what is new and sends what is due ("send again", a test webhook). */
  wake(): void {
    this.send({ type: 'wake' });
  }

  /** Asks the child to finish what it is sending and give back what it holds; kills it after 15 s. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    clearTimeout(this.restartTimer);
    clearTimeout(this.changeTimer);
    clearInterval(this.loadTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.send({ type: 'stop' });
    const timer = setTimeout(() => child.kill('SIGKILL'), stopWaitMs);
    await exited;
    clearTimeout(timer);
  }
}
