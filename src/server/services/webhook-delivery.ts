import { createHmac, randomUUID } from 'node:crypto';
import { lookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { Agent } from 'undici';
import type { WebhookContext } from '../context';
import { leaseDueSendouts, recordAttempts, releaseLeases, type AttemptOutcome, type LeasedSendout } from '../db/repositories/webhook-sendouts';
import { activeWebhooksByIds } from '../db/repositories/webhooks';
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
 * Connections kept open between sendouts, one per target origin (per private-target setting, whose
 * lookup every new connection runs), with up to `pipelined` requests on it at once (HTTP/1.1
 * pipelining, undici): one endpoint's webhooks arrive one after another in their order, and
 * the receiver reads, and we read its answers, many per wake-up instead of one round trip per
 * webhook, which had cost more CPU than making the webhook (bench/api/webhook-profile.ts). Idle
 * connections close after 4 s, before common servers' keep-alive timeouts (5 s in Node).
 */
export const pipelined = 8;
const dispatchers = new Map<boolean, Agent>();
function dispatcherFor(allowPrivate: boolean): Agent {
  let agent = dispatchers.get(allowPrivate);
  if (!agent) {
    agent = new Agent({
      connections: 1,
      pipelining: pipelined,
      keepAliveTimeout: 4_000,
      headersTimeout: sendTimeoutMs,
      bodyTimeout: sendTimeoutMs,
      connect: { lookup: checkedLookup(allowPrivate) as never },
    });
    dispatchers.set(allowPrivate, agent);
  }
  return agent;
}

interface Answer {
  statusCode: number | null;
  response: string | null;
  error: string | null;
}

/** An answer longer than this is cut off (its connection closed) rather than read to its end. */
const answerReadLimit = 64 * 1024;

/**
 * One POST, never following a redirect (undici follows none unless asked); the answer's first
 * 1 kB kept. The answer is read to its end, so the connection stays usable for the webhooks
 * pipelined behind it, unless it runs past 64 kB.
 */
async function post(target: string, body: string, headers: Record<string, string>, allowPrivate: boolean): Promise<Answer> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { statusCode: null, response: null, error: 'The target URL cannot be read' };
  }
  const literal = allowPrivate ? undefined : privateTargetReason(url);
  if (literal) return { statusCode: null, response: null, error: `${literal}: refused (WEBHOOK_PRIVATE_TARGETS)` };
  const signal = AbortSignal.timeout(sendTimeoutMs);
  try {
    const answer = await dispatcherFor(allowPrivate).request({ origin: url.origin, path: `${url.pathname}${url.search}`, method: 'POST', headers, body, signal });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body as AsyncIterable<Buffer>) {
      if (size < answerBytes) chunks.push(chunk);
      size += chunk.length;
      if (size > answerReadLimit) {
        answer.body.destroy();
        break;
      }
    }
    return { statusCode: answer.statusCode, response: Buffer.concat(chunks).subarray(0, answerBytes).toString('utf8'), error: null };
  } catch (caught) {
    const error = caught as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
    if (signal.aborted || error.code === 'UND_ERR_HEADERS_TIMEOUT' || error.code === 'UND_ERR_BODY_TIMEOUT') return { statusCode: null, response: null, error: `No answer within ${sendTimeoutMs / 1000} s` };
    const cause = error.cause ?? error;
    return { statusCode: null, response: null, error: `${cause.code ? `${cause.code}: ` : ''}${cause.message}` };
  }
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
 * One endpoint's leased sendouts, sent in the order their events were made, up to `pipelined` of
 * them awaiting their answers at once; outcomes are taken in that order. A slow receiver that would
 * outlast the lease gets the rest of the queue released for the next pass instead, so no sendout is
 * held past its lease and sent twice at once. A recording that finds some of its sendouts no longer
 * this sender's (the endpoint deleted meanwhile, or the lease run out) stops the queue there too.
 */
async function sendQueue(ctx: WebhookContext, queue: LeasedSendout[], token: string, leasedUntil: number): Promise<void> {
  let pending: { lease: LeasedSendout; outcome: AttemptOutcome }[] = [];
  let since = Date.now();
  let lost = false;
  // The outcomes so far are recorded while the next webhooks go out; one recording at a time, in order.
  let recording: Promise<unknown> = Promise.resolve();
  const record = async () => {
    await recording;
    const batch = pending;
    pending = [];
    recording = recordAttempts(ctx.db, token, batch).then((recorded) => {
      if (recorded < batch.length) lost = true;
    });
  };
  const inFlight: { lease: LeasedSendout; outcome: Promise<AttemptOutcome> }[] = [];
  const settleOldest = async () => {
    const { lease, outcome } = inFlight.shift() as (typeof inFlight)[number];
    if (pending.length === 0) since = Date.now();
    pending.push({ lease, outcome: await outcome });
    if (!pending[pending.length - 1].outcome.delivered || pending.length >= recordEvery.outcomes || Date.now() - since >= recordEvery.ms) await record();
  };
  try {
    for (const [index, lease] of queue.entries()) {
      if (lost || leasedUntil - ctx.clock.realNow().getTime() < leaseReserveMs) {
        await releaseLeases(ctx.db, token, queue.slice(index).map((rest) => rest.sendout.id));
        break;
      }
      inFlight.push({ lease, outcome: attempt(ctx, lease) });
      if (inFlight.length >= pipelined) await settleOldest();
    }
    while (inFlight.length > 0) await settleOldest();
    await record();
  } finally {
    await Promise.allSettled(inFlight.map((f) => f.outcome));
    await recording;
  }
}

/**
 * Sends sendouts leased to this process: one endpoint's one after another in the order their
 * events were made, different endpoints side by side.
 */
async function sendLeased(ctx: WebhookContext, leased: LeasedSendout[], token: string, leasedUntil: number): Promise<void> {
  const byEndpoint = new Map<string, LeasedSendout[]>();
  for (const lease of leased) {
    const queue = byEndpoint.get(lease.webhook.id);
    if (queue) queue.push(lease);
    else byEndpoint.set(lease.webhook.id, [lease]);
  }
  await Promise.all([...byEndpoint.values()].map((queue) => sendQueue(ctx, queue, token, leasedUntil)));
}

/**
 * Sends what a dispatch pass wrote and leased to this process, from memory, to each endpoint as it
 * is now: the sendouts of an endpoint deleted since are not sent (its rows went with it), those of
 * one set inactive go back to the table (due as they were, for when it is active again), and a
 * changed URL, secret or headers apply. A resting worker may hold a pass for seconds.
 */
export async function sendDispatched(ctx: WebhookContext, leased: LeasedSendout[], token: string, leasedUntil: number): Promise<void> {
  const current = await activeWebhooksByIds(ctx.db, [...new Set(leased.map((lease) => lease.webhook.id))]);
  const withdrawn = leased.filter((lease) => !current.has(lease.webhook.id)).map((lease) => lease.sendout.id);
  await releaseLeases(ctx.db, token, withdrawn);
  const sendable = leased.flatMap((lease) => {
    const webhook = current.get(lease.webhook.id);
    return webhook ? [{ sendout: lease.sendout, webhook }] : [];
  });
  await sendLeased(ctx, sendable, token, leasedUntil);
}

/** Leases up to `batch` sendouts due now and sends them. Returns how many were attempted. */
export async function deliverDueBatch(ctx: WebhookContext, batch = 200): Promise<number> {
  const token = randomUUID();
  const realNow = ctx.clock.realNow();
  const leasedUntil = realNow.getTime() + webhookLeaseMs;
  const leased = await leaseDueSendouts(ctx.db, realNow, new Date(leasedUntil), token, batch);
  if (leased.length > 0) await sendLeased(ctx, leased, token, leasedUntil);
  return leased.length;
}
