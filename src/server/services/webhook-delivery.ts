import { createHmac, randomUUID } from 'node:crypto';
import { lookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { ServiceContext } from '../context';
import { leaseDueSendouts, recordAttempt, type LeasedSendout } from '../db/repositories/webhook-sendouts';
import { accepted, retryDelayMs } from '../domain/webhook-retries';
import { nonPublicAddress, privateTargetReason } from '../domain/webhook-target';

/**
 * Sends due sendouts (docs/architecture.md, "Webhooks"): signed, answered within 10 s, redirects
 * not followed, each attempt logged with the first 1 kB of the answer, retried on the project's
 * clock. A sendout is leased for longer than an attempt can take, so two senders never send it at
 * once; a sender killed mid-send leaves its lease to run out and the sendout is sent again.
 */

export const sendTimeoutMs = 10_000;
const leaseMs = 3 * sendTimeoutMs;
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
    const request = client.request(url, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: checkedLookup(allowPrivate) as never, signal, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        response.destroy();
        resolve({ statusCode: response.statusCode ?? null, response: Buffer.concat(chunks).subarray(0, answerBytes).toString('utf8'), error: null });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= answerBytes) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ statusCode: null, response: null, error: signal.aborted ? `No answer within ${sendTimeoutMs / 1000} s` : `${error.code ? `${error.code}: ` : ''}${error.message}` });
    });
    request.end(body);
  });
}

/** One attempt at a leased sendout, recorded with what it means for the sendout and its endpoint. */
async function attempt(ctx: ServiceContext, lease: LeasedSendout, token: string): Promise<void> {
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
  await recordAttempt(ctx.db, lease, token, {
    ...answer,
    error: answer.error ?? (delivered ? null : `Answered ${answer.statusCode}`),
    durationMs,
    at,
    delivered,
    nextAttemptAt: delay === null ? null : new Date(at.getTime() + delay),
  });
}

/**
 * Sends what is due now, `batch` at a time: one endpoint's sendouts one after another in the order
 * their events were made, different endpoints side by side. Returns how many were attempted.
 */
export async function deliverDueSendouts(ctx: ServiceContext, batch = 32): Promise<number> {
  let attempted = 0;
  for (;;) {
    const token = randomUUID();
    const realNow = ctx.clock.realNow();
    const leased = await leaseDueSendouts(ctx.db, realNow, new Date(realNow.getTime() + leaseMs), token, batch);
    if (leased.length === 0) return attempted;
    const byEndpoint = new Map<string, LeasedSendout[]>();
    for (const lease of leased) byEndpoint.set(lease.webhook.id, [...(byEndpoint.get(lease.webhook.id) ?? []), lease]);
    await Promise.all(
      [...byEndpoint.values()].map(async (queue) => {
        for (const lease of queue) await attempt(ctx, lease, token);
      }),
    );
    attempted += leased.length;
    if (leased.length < batch) return attempted;
  }
}
