import { Worker } from 'node:worker_threads';
import { nextMessage } from '../support/worker-messages';

/** What the receiver got since its last reset: how many webhooks, when the first and last came, and their lags. */
export interface Received {
  count: number;
  /** Epoch ms of the first and the last arrival (0 when none). */
  first: number;
  last: number;
  /** Arrival minus the event's `created_at` (written with the change, before its commit), ms, sorted. */
  lags: number[];
}

/**
 * The receiver's OS priority (BENCH_RECEIVER_NICE, default 19): it stands for the integrator's
 * system, which runs on another host and takes no CPU from the service; on this host it runs at
 * the lowest priority, so what it spends is what the service and PostgreSQL leave (0: shares evenly).
 */
export const receiverNice = Number(process.env.BENCH_RECEIVER_NICE ?? 19);

// Plain JavaScript, run as the worker's script: a server on 127.0.0.1 answering 200 at once, as
// the README asks of a receiver, on a thread of its own so autocannon's load does not delay it,
// at its own nice value (on Linux a nice value is per thread: /proc/thread-self names this one).
const receiverScript = `
const { parentPort, workerData } = require('node:worker_threads');
const { createServer } = require('node:http');
try {
  require('node:os').setPriority(Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()), workerData.nice);
} catch {}
let got = { count: 0, first: 0, last: 0, lags: [] };
const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const now = Date.now();
    response.writeHead(200).end('ok');
    const created = Date.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')).created_at);
    got.count += 1;
    if (!got.first) got.first = now;
    got.last = now;
    got.lags.push(now - created);
  });
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ type: 'ready', url: 'http://127.0.0.1:' + server.address().port + '/hooks' }));
parentPort.on('message', (message) => {
  if (message === 'stats') parentPort.postMessage({ type: 'stats', ...got, lags: [...got.lags].sort((a, b) => a - b) });
  if (message === 'reset') { got = { count: 0, first: 0, last: 0, lags: [] }; parentPort.postMessage({ type: 'reset' }); }
  if (message === 'close') server.close(() => parentPort.postMessage({ type: 'closed' }));
});
`;

export interface WebhookReceiver {
  url: string;
  stats(): Promise<Received>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const worker = new Worker(receiverScript, { eval: true, workerData: { nice: receiverNice } });
  const next = <T>(type: string) => nextMessage<T>(worker, type);
  const { url } = await next<{ url: string }>('ready');
  const ask = async <T>(message: string) => {
    const answer = next<T>(message === 'close' ? 'closed' : message);
    worker.postMessage(message);
    return answer;
  };
  return {
    url,
    stats: () => ask<Received>('stats'),
    reset: async () => {
      await ask('reset');
    },
    close: async () => {
      await ask('close');
      await worker.terminate();
    },
  };
}

/** The value below which `share` of the sorted values lie. */
export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}
