import { z } from 'zod';

/**
 * Webhook endpoints (openapi-loyalty-rest ManagementProjectsWebhook*): where the service sends
 * what happened in a project, and which events it sends there.
 */

/**
 * Every event name an endpoint may subscribe to: the Management API's enum, spelled as its own
 * examples and the payload contract (webhooks-loyalty.json) spell them, and the loyalty events of
 * webhooks-loyalty.json. Which of these the service sends today is `src/server/domain/webhook-events.ts`.
 */
export const webhookEventNames = [
  'business_validation_rule.assignment.created',
  'business_validation_rule.assignment.deleted',
  'business_validation_rule.created',
  'business_validation_rule.deleted',
  'business_validation_rule.updated',
  'campaign.created',
  'campaign.deleted',
  'campaign.disabled',
  'campaign.enabled',
  'campaign.earning_rule.assigned',
  'campaign.earning_rule.deleted',
  'campaign.earning_rule.disabled',
  'campaign.earning_rule.enabled',
  'campaign.earning_rule.updated',
  'campaign.loyalty_tier.created',
  'campaign.loyalty_tier.deleted',
  'campaign.loyalty_tier.updated',
  'campaign.promotion_stack.created',
  'campaign.promotion_stack.updated',
  'campaign.promotion_tier.created',
  'campaign.promotion_tier.deleted',
  'campaign.promotion_tier.disabled',
  'campaign.promotion_tier.enabled',
  'campaign.promotion_tier.updated',
  'campaign.referral_tier.created',
  'campaign.referral_tier.deleted',
  'campaign.referral_tier.updated',
  'campaign.reward.assignment.created',
  'campaign.reward.assignment.deleted',
  'campaign.reward.assignment.updated',
  'campaign.updated',
  'campaign.vouchers.added',
  'campaign.vouchers.generation.completed',
  'campaign.vouchers.generation.failed',
  'campaign.vouchers.generation.started',
  'customer.confirmed',
  'customer.created',
  'customer.deleted',
  'customer.rewarded',
  'customer.rewarded.loyalty_points',
  'customer.reward_redemptions.created',
  'customer.reward_redemptions.pending',
  'customer.reward_redemptions.completed',
  'customer.voucher.loyalty_card.pending_points.activated',
  'customer.voucher.loyalty_card.pending_points.added',
  'customer.voucher.loyalty_card.pending_points.canceled',
  'customer.voucher.loyalty_card.pending_points.updated',
  'customer.voucher.loyalty_card.points_added',
  'customer.voucher.loyalty_card.points_expired',
  'customer.loyalty.tier.joined',
  'customer.loyalty.tier.upgraded',
  'customer.loyalty.tier.downgraded',
  'customer.loyalty.tier.prolonged',
  'customer.loyalty.tier.left',
  'customer.order.created',
  'customer.order.paid',
  'customer.order.updated',
  'customer.order.canceled',
  'customer.publication.succeeded',
  'customer.custom_event',
  'customer.segment.entered',
  'customer.segment.left',
  'customer.redemption.rollback.succeeded',
  'publication.succeeded',
  'redemption.failed',
  'redemption.rollback.failed',
  'redemption.rollback.succeeded',
  'redemption.succeeded',
  'voucher.created',
  'voucher.deleted',
  'voucher.disabled',
  'voucher.enabled',
  'voucher.gift.balance_added',
  'voucher.gift.transaction.created',
  'voucher.loyalty_card.pending_points.activated',
  'voucher.loyalty_card.pending_points.added',
  'voucher.loyalty_card.pending_points.canceled',
  'voucher.loyalty_card.pending_points.updated',
  'voucher.loyalty_card.points_added',
  'voucher.loyalty_card.points_expired',
  'voucher.loyalty_card.transaction.created',
  'voucher.published',
  'voucher.updated',
] as const;
export type WebhookEventName = (typeof webhookEventNames)[number];

const knownEvents = new Set<string>(webhookEventNames);

/**
 * The Management API's enum spells "added" as "aded" (`voucher.loyalty_card.points_aded`), while its
 * own examples and every payload say "added": the examples win, and the enum's spelling is taken
 * too, stored as the examples spell it.
 */
export function canonicalWebhookEventName(name: string): string {
  return name.replace(/([._])aded$/, '$1added');
}

/** Bounds the real API leaves open (README, "Webhooks"). */
export const webhookLimits = {
  /** Endpoints per project. */
  perProject: 100,
  targetUrlLength: 2_000,
  /** Custom headers per endpoint, a name's and a value's length, and all of them together as `name: value\r\n`. */
  headers: 20,
  headerNameLength: 100,
  headerValueLength: 1_000,
  headerBytes: 8_192,
} as const;

/** Headers the service sets itself on every sendout; an endpoint may not replace them. */
export const reservedWebhookHeaders = ['content-type', 'content-length', 'host', 'connection', 'transfer-encoding', 'user-agent', 'x-voucherify-signature', 'expect', 'keep-alive', 'upgrade', 'te', 'trailer'];

const headerNamePattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export const webhookHeadersSchema = z.record(z.string(), z.string()).superRefine((headers, ctx) => {
  const names = Object.keys(headers);
  if (names.length > webhookLimits.headers) ctx.addIssue({ code: 'custom', path: [], message: `may hold at most ${webhookLimits.headers} headers, not ${names.length}` });
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (name.length > webhookLimits.headerNameLength) ctx.addIssue({ code: 'custom', path: [], message: `header names must be at most ${webhookLimits.headerNameLength} characters, not ${name.length}` });
    else if (!headerNamePattern.test(name)) ctx.addIssue({ code: 'custom', path: [name], message: 'is not a valid header name' });
    else if (reservedWebhookHeaders.includes(name.toLowerCase())) ctx.addIssue({ code: 'custom', path: [name], message: 'is set by the service itself and cannot be replaced' });
    if (value.length > webhookLimits.headerValueLength) ctx.addIssue({ code: 'custom', path: [name.slice(0, webhookLimits.headerNameLength)], message: `must be at most ${webhookLimits.headerValueLength} characters, not ${value.length}` });
    // eslint-disable-next-line no-control-regex
    else if (/[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) ctx.addIssue({ code: 'custom', path: [name.slice(0, webhookLimits.headerNameLength)], message: 'may not hold control characters' });
    bytes += Buffer.byteLength(`${name}: ${value}\r\n`);
  }
  if (bytes > webhookLimits.headerBytes) ctx.addIssue({ code: 'custom', path: [], message: `must be at most ${webhookLimits.headerBytes} bytes together, not ${bytes}` });
});

const eventsSchema = z
  .array(z.string().max(200))
  .max(webhookEventNames.length * 2)
  .superRefine((events, ctx) => {
    events.forEach((name, index) => {
      if (!knownEvents.has(canonicalWebhookEventName(name))) ctx.addIssue({ code: 'custom', path: [index], message: `${JSON.stringify(name.slice(0, 100))} is not a webhook event` });
    });
  })
  .transform((events) => [...new Set(events.map(canonicalWebhookEventName))] as WebhookEventName[]);

/** Syntax only: whether a private or loopback host is allowed is the service's decision (WEBHOOK_PRIVATE_TARGETS). */
const targetUrlSchema = z
  .string()
  .max(webhookLimits.targetUrlLength)
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be an absolute http or https URL' });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: `must use http or https, not ${url.protocol.replace(/:$/, '')}` });
    else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: 'may not carry a user name or password: use custom headers for credentials' });
    else if (url.hash) ctx.addIssue({ code: 'custom', message: 'may not carry a fragment (#…)' });
  });

/** Create and update take the same body (the contract's ManagementProjectsWebhookBase, target_url and events required). */
export const webhookWriteRequestSchema = z.object({
  target_url: targetUrlSchema,
  events: eventsSchema,
  active: z.boolean().nullable().optional(),
  /** Extension: headers sent with every sendout (the real dashboard's custom headers). */
  headers: webhookHeadersSchema.nullable().optional(),
});
export type WebhookWriteRequest = z.infer<typeof webhookWriteRequestSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  object: z.literal('webhook'),
  created_at: z.string(),
  target_url: z.string(),
  events: z.array(z.string()),
  active: z.boolean(),
  /** Extension: the custom headers. */
  headers: z.record(z.string(), z.string()),
  /** Extension: failed sendouts in a row (the endpoint is disabled at 12). */
  failed_sendouts: z.number().int(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The create answer and the rotation answer carry the signing secret, the only time it is shown. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(webhookSchema),
  total: z.number().int(),
});
export type WebhookList = z.infer<typeof webhookListSchema>;

/** One attempt at a sendout, as an endpoint's log shows it (an extension: the real dashboard's sendout log). */
export const webhookAttemptSchema = z.object({
  sendout_id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  /** 1 for the first try, 2 for the first retry, … */
  attempt: z.number().int(),
  /** The answer's status, or null when none came (refused, timed out, no connection). */
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  /** The first 1 kB of the answer. */
  response: z.string().nullable(),
  /** The project's time of the attempt. */
  created_at: z.string(),
  /** What became of the sendout: PENDING (to be tried again), DELIVERED or FAILED (for good). */
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
  object: z.literal('webhook_attempt'),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookAttemptListSchema = z.object({
  object: z.literal('list'),
  data_ref: z.literal('data'),
  data: z.array(webhookAttemptSchema),
  total: z.number().int(),
});
export type WebhookAttemptList = z.infer<typeof webhookAttemptListSchema>;

export const webhookAttemptListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const webhookSendoutSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  object: z.literal('webhook_sendout'),
});
export type WebhookSendout = z.infer<typeof webhookSendoutSchema>;
