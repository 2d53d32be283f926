/**
 * How long the webhook worker rests after a piece of work that took `tookMs`, given how busy the
 * service's request thread was (`busy`, its event-loop utilization over the last second, 0–1). A
 * low OS priority does not keep a busy worker off the requests' CPU on every host (bench:api on 2
 * KVM vCPUs: a nice-19 busy loop alone cost Adjust balance 19 % of its throughput), so the worker
 * also yields by itself: nothing while the requests leave the thread idle more than `calmBelow` of
 * the time, then a rest rising linearly to `maxFactor` times the work at `fullAt` and above, so
 * that even a saturated API leaves webhooks 1 / (1 + maxFactor) of their pace: they lag rather
 * than slow the API, and never stop. A saturated API keeps its thread only 0.35–0.8 busy (its
 * requests wait on PostgreSQL; bench:api's four hot paths with an endpoint), a paced 600 webhooks/s
 * 0.04–0.21 (one-second means; single 100 ms samples of that load reach 1 on a GC or a batch, and
 * resting on them had put up to a second into the paced delivery's lag). Figures: bench/README.md,
 * issue 29. A rest of up to 5 s keeps the factor for a large pass too (a pass of 500 rows under
 * load takes hundreds of ms; capped at 1 s the worker had taken a third of its pace during the
 * load); the worker ends a rest early once the load is gone (services/webhook-worker.ts).
 */
export const webhookYield = { calmBelow: 0.3, fullAt: 0.45, maxFactor: 9, maxRestMs: 5000 } as const;

export function webhookRestMs(tookMs: number, busy: number): number {
  const { calmBelow, fullAt, maxFactor, maxRestMs } = webhookYield;
  if (!(busy > calmBelow) || !(tookMs > 0)) return 0;
  const factor = (maxFactor * (Math.min(busy, fullAt) - calmBelow)) / (fullAt - calmBelow);
  return Math.min(maxRestMs, tookMs * factor);
}

/** Cumulative idle and active time of an event loop (perf_hooks' EventLoopUtilization). */
export interface LoopTimes {
  idle: number;
  active: number;
}

/**
 * A thread's event-loop utilization over its last `samples` samples (taken at a steady interval):
 * the share of that span it was running rather than waiting. One sample alone swings from 0 to 1
 * under a steady light load.
 */
export class LoadWindow {
  private readonly history: LoopTimes[] = [];

  constructor(private readonly samples: number) {}

  /** Takes a sample; the utilization since the oldest one kept (0 until there are two). */
  push(times: LoopTimes): number {
    this.history.push({ idle: times.idle, active: times.active });
    if (this.history.length > this.samples + 1) this.history.shift();
    const oldest = this.history[0];
    const active = times.active - oldest.active;
    const span = active + times.idle - oldest.idle;
    return span > 0 ? active / span : 0;
  }
}
