import { fmt, type LoadResult } from '../support/autocannon';
import { percentile, receiverNice, type Received } from './webhook-receiver';

/**
 * bench:api's webhook figures (issue 29): each hot path with no endpoint (the webhook worker
 * polling, as in every service process) and, in the same round, with one endpoint subscribed to
 * every event; the rate a backlog is delivered at; and a paced load's delivery rate and lag from
 * the change to the receiver.
 */

/** The hot paths measured again with an endpoint. */
export const webhookOperations = ['Add Member', 'Track event', 'Redeem reward', 'Adjust balance', 'Create order (paid, one matching rule)'];

export interface WebhookRow {
  database: string;
  operation: string;
  without: number[];
  with: number[];
  cpuWithout: number[];
  cpuWith: number[];
  /** CPU per request with the endpoint from the load's start until its backlog was sent (or 10 s after the load). */
  cpuUntilSent: number[];
  /** Webhooks per second while a round's backlog was sent (after the load), per round. */
  drain: number[];
}

export interface DeliveryRow {
  database: string;
  /** Webhooks per second the paced load made (events/s × webhooks per event), and what the receiver got per second. */
  offered: number;
  /** Webhooks the paced events made (2xx answers × webhooks per event). */
  expected: number;
  delivered: number;
  received: Received;
  seconds: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ratios = (row: WebhookRow) => row.with.map((w, i) => w / row.without[i]);

export function recordRound(row: WebhookRow, without: LoadResult, withEndpoint: LoadResult, cpuWithout: number, cpuWith: number, drain: number | undefined, cpuUntilSent: number): void {
  row.cpuUntilSent.push(cpuUntilSent);
  row.without.push(without.requestsPerSecond);
  row.with.push(withEndpoint.requestsPerSecond);
  row.cpuWithout.push(cpuWithout);
  row.cpuWith.push(cpuWith);
  if (drain !== undefined) row.drain.push(drain);
}

export function printWebhookRows(rows: WebhookRow[], deliveries: DeliveryRow[]): void {
  if (rows.length === 0 && deliveries.length === 0) return;
  console.log(`\nWebhooks: each hot path without an endpoint and, in the same round, with one subscribed to every event (receiver on 127.0.0.1, its own thread at nice ${receiverNice}, BENCH_RECEIVER_NICE)\n`);
  const header = ['Database', 'Operation', 'req/s none', 'req/s with', '× (rounds)', 'CPU µs/req none → with (until sent)', 'backlog sent/s'];
  const lines = rows.map((r) => {
    const rs = ratios(r);
    return [
      r.database,
      r.operation,
      fmt(median(r.without)),
      fmt(median(r.with)),
      `${fmt(median(rs), 2)} (${fmt(Math.min(...rs), 2)}–${fmt(Math.max(...rs), 2)})`,
      `${fmt(median(r.cpuWithout))} → ${fmt(median(r.cpuWith))} (${fmt(median(r.cpuUntilSent))})`,
      r.drain.length ? fmt(median(r.drain)) : '',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const print = (cells: string[]) => console.log(cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
  print(header);
  for (const line of lines) print(line);
  for (const d of deliveries) {
    console.log(
      `\nDelivery, ${d.database}: paced Track event for ${d.seconds} s offering ${fmt(d.offered)} webhooks/s; received ${fmt(d.received.count)} of ${fmt(d.expected)} at ${fmt(d.delivered)}/s, lag from the change to the receiver p50 ${fmt(percentile(d.received.lags, 0.5))} ms, p99 ${fmt(percentile(d.received.lags, 0.99))} ms, max ${fmt(d.received.lags.at(-1) ?? 0)} ms`,
    );
  }
}

export function webhookTargets(rows: WebhookRow[], deliveries: DeliveryRow[]): string[] {
  const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
  const lines = rows.map((r) => `${r.database} ${r.operation} with an endpoint ≥ 0.8× without: ${fmt(median(ratios(r)), 2)}× ${verdict(median(ratios(r)) >= 0.8)}`);
  for (const d of deliveries) {
    const p99 = percentile(d.received.lags, 0.99);
    lines.push(`${d.database} webhook delivery ≥ 500/s: ${fmt(d.delivered)}/s ${verdict(d.delivered >= 500)}; backlog ${fmt(median(rows.filter((r) => r.database === d.database).flatMap((r) => r.drain)))}/s`);
    lines.push(`${d.database} webhook lag p99 ≤ 1 s: ${fmt(p99)} ms ${verdict(p99 <= 1000)}`);
  }
  return lines;
}
