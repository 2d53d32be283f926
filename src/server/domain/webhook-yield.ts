/**
 * How long the webhook worker rests after a piece of work that took `tookMs`, given how busy the
 * service's request thread was (`busy`, its event-loop utilization, 0–1). A low OS priority does
 * not keep a busy worker off the requests' CPU on every host (bench:api on 2 KVM vCPUs: a nice-19
 * busy loop alone cost Adjust balance 19 % of its throughput), so the worker also yields by itself:
 * nothing while the requests leave the thread idle more than `calmBelow` of the time, then a rest
 * rising linearly to `maxFactor` times the work at `busy` 1, so that even a saturated API leaves
 * webhooks 1 / (1 + maxFactor) of their pace: they lag rather than slow the API, and never stop.
 * The figures (bench/README.md, issue 29): bench:api with an endpoint of every event went from
 * 0.53–0.72× of the hot paths' throughput without one to 0.75–1.11×, the paced delivery keeping
 * ≥ 600 webhooks/s; that load keeps the request thread 20–35 % busy, under `calmBelow`, so it is
 * sent at full pace (its lag p99 went from 0.2–0.3 s to 0.4–1.3 s: the backlog the load before it
 * left drains at the resting pace first).
 */
export const webhookYield = { calmBelow: 0.4, maxFactor: 9, maxRestMs: 1000 } as const;

export function webhookRestMs(tookMs: number, busy: number): number {
  const { calmBelow, maxFactor, maxRestMs } = webhookYield;
  if (!(busy > calmBelow) || !(tookMs > 0)) return 0;
  const factor = (maxFactor * (Math.min(busy, 1) - calmBelow)) / (1 - calmBelow);
  return Math.min(maxRestMs, tookMs * factor);
}
