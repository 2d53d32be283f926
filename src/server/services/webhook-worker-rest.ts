import { webhookRestMs } from '../domain/webhook-yield';

/** A rest is taken in slices this long (the parent's load samples come every 100 ms). */
const restSliceMs = 100;

/** Waits `restMs`, in slices, ending early once the requests press no more (`pressure()` 0: domain/webhook-yield) or the worker stops. */
export async function restWhileBusy(restMs: number, pressure: () => number, stopped: () => boolean): Promise<void> {
  const restUntil = performance.now() + restMs;
  for (let left = restMs; left > 0 && !stopped(); left = restUntil - performance.now()) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(left, restSliceMs)));
    if (!(pressure() > 0)) return;
  }
}

/** A piece of the worker's work: when it began, and how hard the requests pressed then. */
export interface WorkStart {
  startedAt: number;
  pressure: number;
}

/**
 * The webhook worker's rest, shared by its two loops (dispatch and delivery): after a piece of work
 * by either, both rest as long as the requests' pressure asks (domain/webhook-yield), so the worker
 * as a whole yields its share; each loop resting on its own work alone had let the other work
 * meanwhile. The rest ends early for both once the pressure is gone, so a long rest after a large
 * pass does not hold webhooks back after the load. Without a pressure (a worker in the request
 * thread, whose requests wait for it anyway) there is no rest.
 */
export class WorkerRest {
  /** When the rest ends (performance.now()). */
  private until = 0;

  constructor(
    private readonly pressure: (() => number) | undefined,
    private readonly stopped: () => boolean,
  ) {}

  /** A piece of work begins once the rest is over. */
  async begin(): Promise<WorkStart> {
    await this.over();
    return { startedAt: performance.now(), pressure: this.pressure?.() ?? 0 };
  }

  /** After a piece of work: rests in proportion to it, on the pressure that was there before it and is still there. */
  async after(work: WorkStart): Promise<void> {
    if (!this.pressure) return;
    const restMs = webhookRestMs(performance.now() - work.startedAt, { before: work.pressure, after: this.pressure() });
    this.until = Math.max(this.until, performance.now() + restMs);
    await this.over();
  }

  private async over(): Promise<void> {
    const pressure = this.pressure;
    if (!pressure) return;
    for (let left = this.until - performance.now(); left > 0 && !this.stopped(); left = this.until - performance.now()) {
      await restWhileBusy(left, pressure, this.stopped);
      if (!(pressure() > 0)) this.until = 0;
    }
  }
}
