/**
 * How long the webhook worker rests after a piece of work, given how hard the requests press on
 * the service. A low OS priority does not keep a busy worker off the requests' CPU on every host
 * (bench:api on 2 KVM vCPUs: a nice-19 busy loop alone cost Adjust balance 19 % of its
 * throughput), so the worker also yields by itself: nothing while the requests are calm, then a
 * rest rising linearly to `maxFactor` times the work at full pressure, so that even a saturated API
 * leaves webhooks 1 / (1 + maxFactor) of their pace: they lag rather than slow the API, and never
 * stop. Rests reach `maxRestMs` (a pass of 500 rows under load takes hundreds of ms; capped at 1 s
 * the worker had kept a third of its pace during the load); the worker ends one early once the
 * pressure is gone (services/webhook-worker-rest.ts). Figures: bench/README.md, issue 29.
 */
export const webhookYield = {
  /** The request thread's event-loop utilization, while it lasts (LastingLoad): no pressure up to `calmBusy`, full from `fullBusy`. */
  calmBusy: 0.6,
  fullBusy: 0.8,
  /** Requests in flight, on average while that lasts: no pressure up to `calmInFlight`, full from `fullInFlight`. */
  calmInFlight: 4,
  fullInFlight: 7,
  maxFactor: 9,
  maxRestMs: 5000,
} as const;

/** What the service process tells its webhook worker about its requests lately: each the lower of its mean over the last second and over the last 200 ms (LastingLoad). */
export interface RequestLoad {
  /** Its request thread's event-loop utilization, 0–1. */
  busy: number;
  /** Requests in flight, on average. */
  inFlight: number;
}

/**
 * How hard the requests press (0 calm, 1 saturated), from either sign, whichever says more. Mostly
 * the requests in flight: they queue only under saturation (bench:api, one-second means: 10
 * clients that never pause kept 4.4–8.7 in flight, an even 150 events/s 0.4–1.5, rate × latency).
 * The thread's load alone had not told the two apart on every host (saturated hot paths with an
 * endpoint 0.35–0.8 busy, their requests waiting on PostgreSQL; the even load up to 0.31, more on
 * a slower hour), so it counts only near its top: a few clients that keep the thread busy.
 */
export function requestPressure({ busy, inFlight }: RequestLoad): number {
  const { calmBusy, fullBusy, calmInFlight, fullInFlight } = webhookYield;
  const scaled = (value: number, calm: number, full: number) => (value > calm ? Math.min(1, (value - calm) / (full - calm)) : 0);
  return Math.max(scaled(busy, calmBusy, fullBusy), scaled(inFlight, calmInFlight, fullInFlight));
}

/**
 * The rest after work that took `tookMs`, under the pressure (0–1) read `before` and `after` it:
 * none at 0, up to `maxFactor` times the work at 1. Only the pressure that was there before the
 * work counts, as a rise during it may be the work's own doing: a large pass slows a paced load's
 * requests, they queue, and resting on that queue put the worker's own burst into the lag
 * (bench:api, issue 29). Under a lasting load both readings are high.
 */
export function webhookRestMs(tookMs: number, { before, after }: { before: number; after: number }): number {
  const { maxFactor, maxRestMs } = webhookYield;
  const pressure = Math.min(before, after, 1);
  if (!(pressure > 0) || !(tookMs > 0)) return 0;
  return Math.min(maxRestMs, tookMs * maxFactor * pressure);
}

/**
 * The rate of a cumulative measure over its last `samples` samples (taken at a steady interval):
 * the change of `total` over the change of `span` (a loop's active time over its elapsed time, or
 * requests in flight × time over time). One sample alone swings from 0 to 1 under a steady light
 * load (a GC, a batch).
 */
export class LoadWindow {
  private readonly history: { total: number; span: number }[] = [];

  constructor(private readonly samples: number) {}

  /** Takes a sample; the rate since the oldest one kept (0 until there are two). */
  push(total: number, span: number): number {
    this.history.push({ total, span });
    if (this.history.length > this.samples + 1) this.history.shift();
    const oldest = this.history[0];
    const elapsed = span - oldest.span;
    return elapsed > 0 ? (total - oldest.total) / elapsed : 0;
  }
}

/**
 * A load that counts while it lasts: the lower of its rate over a long window (one busy sample of a
 * light load, a GC or a batch, does not count) and over a short one (a queue that is gone, such as
 * the one a burst of the webhook worker's own work made, is forgotten at once, not a second later).
 */
export class LastingLoad {
  private readonly long: LoadWindow;
  private readonly short: LoadWindow;

  constructor(longSamples: number, shortSamples: number) {
    this.long = new LoadWindow(longSamples);
    this.short = new LoadWindow(shortSamples);
  }

  /** Takes a sample (as LoadWindow.push); the lower of the two rates. */
  push(total: number, span: number): number {
    return Math.min(this.long.push(total, span), this.short.push(total, span));
  }
}
