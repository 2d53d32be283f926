import type { FiredWebhook, FireWebhook } from '../../contract/webhook-fire';
import { newId } from '../../platform/ids';
import type { ServiceContext } from '../context';
import { findCampaign } from '../db/repositories/campaigns';
import { listCardTransactions } from '../db/repositories/card-transactions';
import { findCustomer, findCustomerBySourceId, type CustomerRow } from '../db/repositories/customers';
import { tiersOfCampaign } from '../db/repositories/loyalty-tiers';
import { listOrders } from '../db/repositories/orders';
import { cardsHeldBy, findVoucherByCode, findVoucherById, latestHeldCard, type VoucherRow } from '../db/repositories/vouchers';
import { findSendout, insertSendouts, type SendoutRow } from '../db/repositories/webhook-sendouts';
import { findWebhook, listWebhooks, type WebhookRow } from '../db/repositories/webhooks';
import { authorOf } from '../domain/card-change-author';
import { firedWebhookData, type FiredWebhookSubjects } from '../domain/fired-webhook-payload';
import { notFound } from '../lib/api-error';
import { presentCardTransaction } from '../presenters/card-transaction';
import { presentLoyaltyTier } from '../presenters/loyalty-tier';
import { presentOrder } from '../presenters/order';
import { simpleCustomer } from '../presenters/simple-customer';
import { envelopeOf } from './webhook-dispatch';
import { simpleCampaign, simpleVoucher } from './webhook-payloads';
import { presentSendout } from './webhooks';

async function customerNamed(ctx: ServiceContext, projectId: string, ref: string): Promise<CustomerRow> {
  const row = (await findCustomer(ctx.db, projectId, ref)) ?? (await findCustomerBySourceId(ctx.db, projectId, ref));
  if (!row) throw notFound('customer', ref);
  return row;
}

async function cardNamed(ctx: ServiceContext, projectId: string, ref: string): Promise<VoucherRow> {
  const byId = await findVoucherById(ctx.db, ref);
  const row = byId?.projectId === projectId ? byId : await findVoucherByCode(ctx.db, projectId, ref);
  if (!row) throw notFound('voucher', ref);
  return row;
}

/**
 * The customer and card a fired webhook names: as asked, else each other's (the card's holder, the
 * customer's first card), else the project's latest held card and its holder.
 */
async function subjectsOf(ctx: ServiceContext, projectId: string, body: FireWebhook): Promise<FiredWebhookSubjects> {
  let card = body.card === undefined ? undefined : await cardNamed(ctx, projectId, body.card);
  let customer = body.customer === undefined ? undefined : await customerNamed(ctx, projectId, body.customer);
  if (!card && customer) card = (await cardsHeldBy(ctx.db, projectId, customer.id)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
  if (!card && !customer) card = await latestHeldCard(ctx.db, projectId);
  if (!customer && card?.holderId) customer = await findCustomer(ctx.db, projectId, card.holderId);
  const campaign = card ? await findCampaign(ctx.db, projectId, card.campaignId) : undefined;
  const [tiers, orders, transactions] = await Promise.all([
    campaign ? tiersOfCampaign(ctx.db, campaign.id) : [],
    customer ? listOrders(ctx.db, projectId, { limit: 1, page: 1, order: '-created_at', customerId: customer.id }) : undefined,
    card ? listCardTransactions(ctx.db, card.id, { limit: 1, order: '-id' }) : [],
  ]);
  return {
    customer: customer && simpleCustomer(customer),
    card: card && (simpleVoucher(card, campaign) ?? undefined),
    campaign: simpleCampaign(campaign) ?? undefined,
    tiers: [...tiers].sort((a, b) => a.pointsFrom - b.pointsFrom).map(presentLoyaltyTier),
    order: orders?.rows[0] && { ...presentOrder(orders.rows[0]), object: 'order' },
    transaction: transactions[0] && presentCardTransaction(transactions[0]),
  };
}

/** The endpoint asked for (whatever it subscribes to), or every active endpoint that subscribes to the type. */
async function targetsOf(ctx: ServiceContext, projectId: string, body: FireWebhook): Promise<WebhookRow[]> {
  if (body.webhook_id !== undefined) {
    const webhook = await findWebhook(ctx.db, projectId, body.webhook_id);
    if (!webhook) throw notFound('webhook', body.webhook_id);
    return [webhook];
  }
  return (await listWebhooks(ctx.db, projectId)).filter((w) => w.active && w.events.includes(body.type));
}

/** The entity the envelope's event is about: the customer of customer.* events, the card of voucher.*, else the program. */
function entityOf(type: string, subjects: FiredWebhookSubjects): string | undefined {
  const id = type.startsWith('customer.') ? subjects.customer?.id : type.startsWith('voucher.') ? subjects.card?.id : subjects.campaign?.id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * POST /_local/webhooks/fire: one event of the type with a payload from the contract's example and
 * the project's objects, sent as a sendout to each target (signed when sent, logged, retried on the
 * project clock, sent again on demand), as "Send test webhook" sends one. Nothing in the project
 * changes: it reports nothing that happened, so it is no ledger or outbox row.
 */
export async function fireWebhook(ctx: ServiceContext, projectId: string, body: FireWebhook, dashboardUser: string | null): Promise<FiredWebhook> {
  const [subjects, targets] = await Promise.all([subjectsOf(ctx, projectId, body), targetsOf(ctx, projectId, body)]);
  const data = firedWebhookData(body.type, subjects);
  const now = ctx.clock.now();
  const eventId = newId('evcus');
  const eventSource = authorOf(dashboardUser).details?.event_source ?? { channel: 'API' as const };
  const event = { id: eventId, projectId, type: body.type, createdAt: now, entityId: entityOf(body.type, subjects) ?? eventId, groupId: eventId, eventSource, data };
  const rows = targets.map((webhook) => {
    const id = newId('whs');
    return { id, projectId, webhookId: webhook.id, eventId, eventType: body.type, body: envelopeOf(id, event, webhook), nextAttemptAt: now, createdAt: now };
  });
  await insertSendouts(ctx.db, rows);
  if (rows.length > 0) ctx.webhooks?.wake();
  const sendouts = await Promise.all(rows.map(async (row) => (await findSendout(ctx.db, row.webhookId, row.id)) as SendoutRow));
  return { object: 'webhook_event_fired', type: body.type, event_id: eventId, data, sendouts: sendouts.map((row) => ({ ...presentSendout(row), webhook_id: row.webhookId })) };
}
