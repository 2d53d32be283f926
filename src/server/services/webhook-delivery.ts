import { createHmac, randomUUID } from 'node:crypto';
import { lookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { WebhookContext } from '../context';
import { leaseDueSendouts, recordAttempts, releaseLeases, type AttemptOutcome, type LeasedSendout } from '../db/repositories/webhook-sendouts';
import { accepted, retryDelayMs } from '../domain/webhook-retries';
import { nonPublicAddress, privateTargetReason } from '../domain/webhook-target';

/**
 * Sends due sendouts (docs/architecture.md, "Webhooks"): signed, answered within 10 s, redirects
 * not followed, each attempt logged with the first 1 kB of the answer, retried on the project's
 * clock. A sendout is leased for longer than an attempt can take, so two senders never send it at
 * once; a sender killed mid-send leaves its lease to run out and the sendout is sent again.
 */

export const sendTimeoutMs = 10_000;
/** How long a sender holds a sendout (real time): longer than an attempt may take. */
export const webhookLeaseMs = 3 * sendTimeoutMs;
const answerBytes = 1024;

/** `x-voucherify-signature`: hex HMAC-SHA256 of the exact body, keyed with the endpoint's secret. */
export function webhookSignature(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** DNS lookup that refuses a name resolving to a non-public address (unless private targets are allowed). */
function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = allowPrivate ? undefined : addresses.find((a) => nonPublicAddress(a.address));
      if (refused) return callback(Object.assign(new Error(`${hostname} resolves to ${refused.address}, which ${nonPublicAddress(refused.address)}: refused (WEBHOOK_PRIVATE_TARGETS)`), { code: 'EPRIVATETARGET' }), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * Connections kept open between sendouts (per protocol and private-target setting, whose lookup
 * every new connection runs): a TCP handshake per webhook would bound delivery to one endpoint.
 * Idle sockets close after 4 s, before common servers' keep-alive timeouts (5 s in Node).
 */
const agents = new Map<string, http.Agent>();
function agentFor(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 8, maxFreeSockets: 8, timeout: 4_000, lookup: checkedLookup(allowPrivate) as never };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

interface Answer {
  statusCode: number | null;
  response: string | null;
  error: string | null;
}

/** One POST, never following a redirect; the answer's first 1 kB kept, the rest not read. */
function post(target: string, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<Answer> {
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return resolve({ statusCode: null, response: null, error: 'The target URL cannot be read' });
    }
    const literal = allowPrivate ? undefined : privateTargetReason(url);
    if (literal) return resolve({ statusCode: null, response: null, error: `${literal}: refused (WEBHOOK_PRIVATE_TARGETS)` });
    const client = url.protocol === 'https:' ? https : http;
    const signal = AbortSignal.timeout(sendTimeoutMs);
    const request = client.request(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: checkedLookup(allowPrivate) as never, signal, agent: agentFor(url.protocol, allowPrivate) }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      // An answer read to its end leaves the connection for the next sendout; a longer one is cut at 1 kB.
      const done = (cut: boolean) => {
        if (cut) response.destroy();
        resolve({ statusCode: response.statusCode ?? null, response: Buffer.concat(chunks).subarray(0, answerBytes).toString('utf8'), error: null });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= answerBytes) done(true);
      });
      response.on('end', () => done(false));
      response.on('error', () => done(true));
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ statusCode: null, response: null, error: signal.aborted ? `No answer within ${sendTimeoutMs / 1000} s` : `${error.code ? `${error.code}: ` : ''}${error.message}` });
    });
    request.end(body);
  });
}

/** One attempt at a leased sendout: what it means for the sendout (recorded by the caller, with others). */
async function attempt(ctx: WebhookContext, lease: LeasedSendout): Promise<AttemptOutcome> {
  const { sendout, webhook } = lease;
  const headers = {
    ...webhook.headers,
    'content-type': 'application/json',
    'user-agent': 'loyalty-platform-webhooks',
    'x-voucherify-signature': webhookSignature(sendout.body, webhook.secret),
  };
  const started = performance.now();
  const answer = await post(webhook.targetUrl, sendout.body, headers, ctx.config.webhookPrivateTargets === 'allow');
  const durationMs = Math.round(performance.now() - started);
  const at = await ctx.clock.nowOf(sendout.projectId);
  const delivered = accepted(answer.statusCode);
  const delay = delivered ? null : retryDelayMs(sendout.attempts + 1);
  return {
    ...answer,
    error: answer.error ?? (delivered ? null : `Answered ${answer.statusCode}`),
    durationMs,
    at,
    delivered,
    nextAttemptAt: delay === null ? null : new Date(at.getTime() + delay),
  };
}

/**
 * Outcomes are recorded many at a time (one transaction each: a transaction per webhook bounded
 * delivery to one endpoint at a few hundred a second), and at once after a failure, so a slow
 * receiver never holds them long.
 */
export const recordEvery = { outcomes: 100, ms: 250 };
/** A queue stops while its lease has this long left for an attempt (10 s) and its recording; the rest is released. */
const leaseReserveMs = sendTimeoutMs + 5_000;

/**
 * One endpoint's leased sendouts, one after another in the order their events were made. A slow
 * receiver that would outlast the lease gets the rest of the queue released for the next pass
 * instead, so no sendout is held past its lease and sent twice at once.
 */
async function sendQueue(ctx: WebhookContext, queue: LeasedSendout[], token: string, leasedUntil: number): Promise<void> {
  let pending: { lease: LeasedSendout; outcome: AttemptOutcome }[] = [];
  let since = Date.now();
  // The outcomes so far are recorded while the next webhooks go out; one recording at a time, in order.
  let recording: Promise<unknown> = Promise.resolve();
  const record = async () => {
    await recording;
    recording = recordAttempts(ctx.db, token, pending);
    pending = [];
  };
  try {
    for (const [index, lease] of queue.entries()) {
      if (leasedUntil - ctx.clock.realNow().getTime() < leaseReserveMs) {
        await releaseLeases(ctx.db, token, queue.slice(index).map((rest) => rest.sendout.id));
        break;
      }
      if (pending.length === 0) since = Date.now();
      const outcome = await attempt(ctx, lease);
      pending.push({ lease, outcome });
      if (!outcome.delivered || pending.length >= recordEvery.outcomes || Date.now() - since >= recordEvery.ms) await record();
    }
    await record();
  } finally {
    await recording;
  }
}

/**
 * Sends sendouts leased to this process: one endpoint's one after another in the order their
 * events were made, different endpoints side by side.
 */
export async function sendLeased(ctx: WebhookContext, leased: LeasedSendout[], token: string, leasedUntil: number): Promise<void> {
  const byEndpoint = new Map<string, LeasedSendout[]>();
  for (const lease of leased) {
    const queue = byEndpoint.get(lease.webhook.id);
    if (queue) queue.push(lease);
    else byEndpoint.set(lease.webhook.id, [lease]);
  }
  await Promise.all([...byEndpoint.values()].map((queue) => sendQueue(ctx, queue, token, leasedUntil)));
}

/** Sends what is due now, `batch` at a time, leased first. Returns how many were attempted. */
export async function deliverDueSendouts(ctx: WebhookContext, batch = 200): Promise<number> {
  let attempted = 0;
  for (;;) {
    const token = randomUUID();
    const realNow = ctx.clock.realNow();
    const leasedUntil = realNow.getTime() + webhookLeaseMs;
    const leased = await leaseDueSendouts(ctx.db, realNow, new Date(leasedUntil), token, batch);
    if (leased.length === 0) return attempted;
    await sendLeased(ctx, leased, token, leasedUntil);
    attempted += leased.length;
    if (leased.length < batch) return attempted;
  }
}
