import { z } from 'zod';
import { webhookSendoutSchema } from './webhook';

/**
 * Fire a webhook (`POST /_local/webhooks/fire`, LOCAL_CONTROL=on): any event type the contract's
 * webhook payloads list, as the Stripe CLI's `trigger` does, sent as a real sendout (signed,
 * logged, retried) to one endpoint or every endpoint that subscribes to it.
 */

/**
 * Every event type of the published webhook payloads (promotion/webhooks.json's `webhooks`, which
 * holds webhooks-loyalty.json's too), in its order: the webhook's name (`EVENTS.CUSTOMER.CREATED`)
 * in lower case, `bus_val_rule` spelled `business_validation_rule` as its examples and the
 * Management API's events spell it (`webhookEventTypeOf`; a test holds this list to the file).
 */
export const fireableWebhookEvents = [
  'redemption.succeeded',
  'redemption.failed',
  'redemption.rollback.succeeded',
  'redemption.rollback.failed',
  'customer.created',
  'customer.updated',
  'customer.deleted',
  'customer.redemption.succeeded',
  'customer.redemption.rollback.succeeded',
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
  'customer.voucher.gift.balance_added',
  'customer.segment.entered',
  'customer.segment.left',
  'customer.loyalty.tier.joined',
  'customer.loyalty.tier.upgraded',
  'customer.loyalty.tier.downgraded',
  'customer.loyalty.tier.prolonged',
  'customer.loyalty.tier.left',
  'customer.holder.assignment.created',
  'customer.holder.assignment.deleted',
  'customer.order.created',
  'customer.order.paid',
  'customer.order.updated',
  'customer.order.canceled',
  'customer.publication.succeeded',
  'customer.custom_event',
  'publication.succeeded',
  'voucher.created',
  'voucher.disabled',
  'voucher.enabled',
  'voucher.updated',
  'voucher.published',
  'voucher.loyalty_card.transaction.created',
  'voucher.loyalty_card.pending_points.activated',
  'voucher.loyalty_card.pending_points.added',
  'voucher.loyalty_card.pending_points.canceled',
  'voucher.loyalty_card.pending_points.updated',
  'voucher.loyalty_card.points_added',
  'voucher.loyalty_card.points_expired',
  'voucher.gift.transaction.created',
  'voucher.gift.balance_added',
  'voucher.deleted',
  'campaign.created',
  'campaign.vouchers.generation.completed',
  'campaign.disabled',
  'campaign.enabled',
  'campaign.updated',
  'campaign.deleted',
  'campaign.loyalty_tier.created',
  'campaign.loyalty_tier.deleted',
  'campaign.loyalty_tier.updated',
  'campaign.promotion_tier.created',
  'campaign.promotion_tier.disabled',
  'campaign.promotion_tier.enabled',
  'campaign.promotion_tier.updated',
  'campaign.promotion_tier.deleted',
  'business_validation_rule.created',
  'business_validation_rule.updated',
  'business_validation_rule.assignment.created',
  'business_validation_rule.assignment.deleted',
  'business_validation_rule.deleted',
  'distribution.manual_distribution_schedule',
] as const;
export type FireableWebhookEvent = (typeof fireableWebhookEvents)[number];

/** The event type a webhook of the payload contract (`EVENTS.…`) stands for. */
export function webhookEventTypeOf(contractName: string): string {
  const type = contractName.replace(/^EVENTS\./, '').toLowerCase();
  return type.replace(/^bus_val_rule\./, 'business_validation_rule.');
}

export const fireWebhookSchema = z.strictObject({
  type: z.enum(fireableWebhookEvents).describe('The event type, as the webhook payload contract lists it.'),
  webhook_id: z.string().min(1).max(100).optional().describe('Send to this endpoint only, whether or not it subscribes to the type; every active endpoint that subscribes when absent.'),
  customer: z.string().min(1).max(200).optional().describe('The customer the payload names (an id or a source id); the card\'s holder, or the project\'s latest member, when absent.'),
  card: z.string().min(1).max(200).optional().describe('The loyalty card the payload names (an id or a code); a card of the customer, or the project\'s latest held card, when absent.'),
});
export type FireWebhook = z.infer<typeof fireWebhookSchema>;

export const firedWebhookSchema = z.object({
  object: z.literal('webhook_event_fired'),
  type: z.string(),
  event_id: z.string().describe('The event\'s id, as each sendout\'s `event.id` carries it.'),
  data: z.record(z.string(), z.unknown()).describe('The payload sent (`data` of each sendout).'),
  sendouts: z.array(webhookSendoutSchema.extend({ webhook_id: z.string() })).describe('One per endpoint it was sent to; empty when no endpoint subscribes.'),
});
export type FiredWebhook = z.infer<typeof firedWebhookSchema>;
