import { createHash } from 'node:crypto';
import { and, inArray } from 'drizzle-orm';
import type { WebhookEventName } from '../../contract/webhook';
import type { DbOrTx } from '../../platform/db/client';
import { campaigns, customers, eventSchemas, orders, pendingPoints, pointBuckets, redemptionRollbacks, redemptions, rewards, vouchers, webhookOutbox } from '../../platform/db/schema';
import type { CampaignRow } from '../db/repositories/campaigns';
import type { CardTransactionRow } from '../db/repositories/card-transactions';
import type { CustomerRow } from '../db/repositories/customers';
import type { OrderRow } from '../db/repositories/orders';
import type { PendingPointsRow } from '../db/repositories/pending-points';
import type { VoucherRow } from '../db/repositories/vouchers';
import type { SourceRow } from '../db/repositories/webhook-ledger';
import type { TransactionType } from '../domain/card-ledger';
import { eventRowEvents, transactionEvents, outboxEvents, publicationEvents, type EventSource, type OutboxKind, type WebhookSource } from '../domain/webhook-events';
import { presentCardTransaction } from '../presenters/card-transaction';
import { presentOrder } from '../presenters/order';
import { presentPointsBucket } from '../presenters/points-bucket';
import { simpleCustomer } from '../presenters/simple-customer';
import { presentPendingPoints } from './pending-points';

/**
 * Turns rows of the webhook sources into the events they report, with the payloads of
 * webhooks-loyalty.json (`data`). What a row reports is domain/webhook-events.ts; the objects it
 * names (card, program, holder, order) are read when the row is read, the transaction and the
 * order as they were written.
 */

export interface WebhookEvent {
  /** Stable: made from the row and the type, so reading a row again gives the same id. */
  id: string;
  projectId: string;
  type: WebhookEventName;
  createdAt: Date;
  /** The customer for customer.* events, the card for voucher.* events, the publication for publication.*. */
  entityId: string;
  /** The events of one change share it. */
  groupId: string;
  /** The key of the row it was read from. */
  sourceKey: string;
  eventSource: EventSource;
  data: Record<string, unknown>;
}

function stableId(prefix: string, ...parts: string[]): string {
  return `${prefix}_${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 20)}`;
}

interface Loaded {
  cards: Map<string, VoucherRow>;
  campaigns: Map<string, CampaignRow>;
  customers: Map<string, CustomerRow>;
  orders: Map<string, OrderRow>;
  pending: Map<string, PendingPointsRow>;
  rewards: Map<string, typeof rewards.$inferSelect>;
  /** The redemptions rolled back in the batch, and their rollbacks (by rollback id). */
  redemptions: Map<string, typeof redemptions.$inferSelect>;
  rollbacks: Map<string, typeof redemptionRollbacks.$inferSelect>;
  /** Buckets of the cards whose points expired in the batch. */
  buckets: (typeof pointBuckets.$inferSelect)[];
}

async function byIds<T extends { id: string }>(ids: Iterable<string | null | undefined>, read: (ids: string[]) => Promise<T[]>): Promise<Map<string, T>> {
  const wanted = [...new Set([...ids].filter((id): id is string => typeof id === 'string'))];
  if (wanted.length === 0) return new Map();
  return new Map((await read(wanted)).map((row) => [row.id, row]));
}

async function load(db: DbOrTx, wanted: { expiredOn?: Iterable<string>; cards?: Iterable<string>; campaigns?: Iterable<string>; customers?: Iterable<string | null>; orders?: Iterable<string | undefined>; pending?: Iterable<string | undefined>; rewards?: Iterable<string | undefined>; rollbacks?: Iterable<string | undefined> }): Promise<Loaded> {
  const cards = await byIds(wanted.cards ?? [], (ids) => db.select().from(vouchers).where(inArray(vouchers.id, ids)));
  const pending = await byIds(wanted.pending ?? [], (ids) => db.select().from(pendingPoints).where(inArray(pendingPoints.id, ids)));
  const orderRows = await byIds([...(wanted.orders ?? []), ...[...pending.values()].map((p) => p.orderId)], (ids) => db.select().from(orders).where(inArray(orders.id, ids)));
  const campaignRows = await byIds([...(wanted.campaigns ?? []), ...[...cards.values()].map((c) => c.campaignId)], (ids) => db.select().from(campaigns).where(inArray(campaigns.id, ids)));
  const customerIds = [...(wanted.customers ?? []), ...[...cards.values()].map((c) => c.holderId), ...[...orderRows.values()].flatMap((o) => [o.customerId, o.referrerId])];
  const customerRows = await byIds(customerIds, (ids) => db.select().from(customers).where(inArray(customers.id, ids)));
  const rewardRows = await byIds(wanted.rewards ?? [], (ids) => db.select().from(rewards).where(inArray(rewards.id, ids)));
  const rollbackRows = await byIds(wanted.rollbacks ?? [], (ids) => db.select().from(redemptionRollbacks).where(inArray(redemptionRollbacks.id, ids)));
  const redemptionRows = await byIds([...rollbackRows.values()].map((r) => r.redemptionId), (ids) => db.select().from(redemptions).where(inArray(redemptions.id, ids)));
  const expiring = [...new Set(wanted.expiredOn ?? [])];
  const buckets = expiring.length ? await db.select().from(pointBuckets).where(and(inArray(pointBuckets.voucherId, [...cards.keys()]), inArray(pointBuckets.expiresOn, expiring))) : [];
  return { cards, campaigns: campaignRows, customers: customerRows, orders: orderRows, pending, rewards: rewardRows, redemptions: redemptionRows, rollbacks: rollbackRows, buckets };
}

export function simpleCampaign(campaign: CampaignRow | undefined) {
  if (!campaign) return null;
  return {
    id: campaign.id,
    name: campaign.name,
    campaign_type: campaign.campaignType,
    type: campaign.type,
    is_referral_code: false,
    active: campaign.active,
    metadata: campaign.metadata,
    created_at: campaign.createdAt.toISOString(),
    object: 'campaign' as const,
  };
}

export function simpleVoucher(card: VoucherRow | undefined, campaign: CampaignRow | undefined) {
  if (!card) return null;
  return {
    id: card.id,
    code: card.code,
    type: 'LOYALTY_CARD' as const,
    ...(campaign && { campaign: campaign.name }),
    campaign_id: card.campaignId,
    is_referral_code: false,
    ...(card.holderId && { holder_id: card.holderId }),
    category_id: card.categoryId,
    active: card.active,
    loyalty_card: { points: card.points, balance: card.balance, pending_points: card.pendingPoints, expired_points: card.expiredPoints, subtracted_points: card.subtractedPoints },
    metadata: card.metadata,
    created_at: card.createdAt.toISOString(),
    ...(card.updatedAt && { updated_at: card.updatedAt.toISOString() }),
    object: 'voucher' as const,
  };
}

function customerOf(loaded: Loaded, id: string | null | undefined) {
  const row = id ? loaded.customers.get(id) : undefined;
  return row ? simpleCustomer(row) : null;
}

/** Who made the change, as its record says: a dashboard user, the API, or the service itself (expiry, activation runs). */
function sourceOf(source: string | null, details: Record<string, unknown>): EventSource {
  const recorded = details.event_source as EventSource | undefined;
  if (recorded) return recorded;
  return source === 'API' || source === null ? { channel: 'API' } : source === 'voucherify-web-ui' ? { channel: 'USER_PORTAL' } : { channel: 'AUTOMATION' };
}

function entityOf(type: string, ids: { customer: string | null | undefined; card: string | null | undefined; other?: string }): string {
  if (type.startsWith('customer.')) return ids.customer ?? ids.card ?? ids.other ?? '';
  if (type.startsWith('voucher.')) return ids.card ?? ids.other ?? '';
  return ids.other ?? ids.card ?? '';
}

function balanceOf(row: CardTransactionRow) {
  return presentCardTransaction(row).details.balance;
}

function transactionPayload(type: WebhookEventName, row: CardTransactionRow, loaded: Loaded): Record<string, unknown> {
  const card = loaded.cards.get(row.voucherId);
  const campaign = loaded.campaigns.get(row.campaignId);
  const details = row.details as Record<string, { id?: string } | undefined>;
  const voucher = simpleVoucher(card, campaign);
  const customer = customerOf(loaded, card?.holderId);
  const transaction = presentCardTransaction(row);
  const order = details.order?.id ? loaded.orders.get(details.order.id) : undefined;
  const pending = (details.pending_points as { id?: string } | undefined)?.id;
  const reward = details.reward?.id ? loaded.rewards.get(details.reward.id) : undefined;
  switch (type) {
    case 'voucher.loyalty_card.transaction.created':
      return {
        transaction,
        voucher,
        campaign: simpleCampaign(campaign),
        holder: customer,
        holder_loyalty_tier: null,
        balance: balanceOf(row),
        order: order ? { ...presentOrder(order), object: 'order' } : null,
        event: null,
        earning_rule: null,
        segment: null,
        loyalty_tier: null,
        redemption: null,
        rollback: null,
        reward: null,
        custom_event: null,
        source_voucher: null,
        destination_voucher: null,
      };
    case 'voucher.loyalty_card.points_added':
    case 'customer.voucher.loyalty_card.points_added':
      return { customer, campaign: simpleCampaign(campaign), voucher, balance: balanceOf(row), transaction };
    case 'voucher.loyalty_card.points_expired':
    case 'customer.voucher.loyalty_card.points_expired':
    {
      // The buckets whose last day it was, emptied by this expiry (a list, as the contract's example has it).
      const day = (row.details as { points_expiration?: { expiration_date?: string } }).points_expiration?.expiration_date;
      const buckets = loaded.buckets.filter((b) => b.voucherId === row.voucherId && b.expiresOn === day).map((b) => ({ ...presentPointsBucket(b, row.campaignId), bucket: { total_points: b.points }, status: 'EXPIRED' }));
      return { customer, campaign: simpleCampaign(campaign), points: -row.amount, voucher, buckets, transaction };
    }
    case 'voucher.loyalty_card.pending_points.activated':
    case 'customer.voucher.loyalty_card.pending_points.activated': {
      const entry = pending ? loaded.pending.get(pending) : undefined;
      const entryOrder = entry?.orderId ? loaded.orders.get(entry.orderId) : undefined;
      return { customer, campaign: simpleCampaign(campaign), voucher, balance: balanceOf(row), order: entryOrder ? { ...presentOrder(entryOrder), object: 'order' } : null, transaction, pending_points: entry ? pendingPointsOf(entry) : null };
    }
    case 'customer.redemption.rollback.succeeded': {
      // The redemption undone and its rollback, as SimpleRedemption: the refund's details name both.
      const rollback = loaded.rollbacks.get((details.rollback as { id: string }).id);
      const redemptionId = (details.redemption as { id: string }).id;
      const redeemed = loaded.redemptions.get(redemptionId);
      const rewardObject = reward ? { id: reward.id, name: reward.name, type: reward.type, object: 'reward' as const } : undefined;
      const simple = (id: string, amount: number, status: string, metadata: unknown) => ({
        id,
        ...(redeemed?.trackingId && { tracking_id: redeemed.trackingId }),
        metadata: metadata ?? {},
        ...(card?.holderId && { customer_id: card.holderId }),
        date: row.createdAt.toISOString(),
        amount,
        ...(customer && { customer }),
        result: 'SUCCESS',
        status,
        ...(voucher && { voucher }),
        ...(rewardObject && { reward: rewardObject }),
        object: 'redemption',
      });
      return {
        customer,
        holder: customer,
        campaign: simpleCampaign(campaign),
        voucher,
        order: null,
        promotion_tier: null,
        promotion_stack: null,
        redemption: simple(redemptionId, row.amount, 'ROLLED BACK', redeemed?.metadata),
        redemption_rollback: { ...simple(rollback?.id ?? (details.rollback as { id: string }).id, -row.amount, 'SUCCEEDED', rollback?.metadata), redemption: redemptionId, ...(row.reason !== null && { reason: row.reason }), object: 'redemption_rollback' },
      };
    }
    default: {
      // The reward redemptions and customer.rewarded: the card, the reward and the points it took.
      const rewardObject = reward ? { id: reward.id, name: reward.name, type: reward.type, object: 'reward' as const } : null;
      return { customer, holder: customer, voucher, campaign: simpleCampaign(campaign), reward: rewardObject, balance: { points: row.amount } };
    }
  }
}

/** The entry as the contract's LoyaltyPendingPoints; `updated_at` left out until it has one (typed as a string). */
function pendingPointsOf(entry: PendingPointsRow) {
  const { updated_at, ...rest } = presentPendingPoints(entry);
  return updated_at === null ? rest : { ...rest, updated_at };
}

function pendingPayload(entry: PendingPointsRow, delta: number, loaded: Loaded): Record<string, unknown> {
  const card = loaded.cards.get(entry.voucherId);
  const campaign = loaded.campaigns.get(entry.campaignId);
  const order = entry.orderId ? loaded.orders.get(entry.orderId) : undefined;
  return {
    customer: customerOf(loaded, entry.customerId),
    campaign: simpleCampaign(campaign),
    voucher: simpleVoucher(card, campaign),
    voucher_pending_points_balance: { type: 'loyalty_card', points: delta, total: card?.pendingPoints ?? 0, object: 'balance', related_object: { type: 'voucher', id: entry.voucherId }, operation_type: 'AUTOMATIC' },
    order: order ? { ...presentOrder(order), object: 'order' } : null,
    pending_points: pendingPointsOf(entry),
  };
}

/** JSON read back (the outbox's snapshot): its dates as Dates again, as the presenters take them. */
function revived<T>(json: Record<string, unknown>, dateKeys: string[]): T {
  const out: Record<string, unknown> = { ...json };
  for (const key of dateKeys) if (typeof out[key] === 'string') out[key] = new Date(out[key] as string);
  return out as T;
}

type Rows = { [S in WebhookSource]: { source: S; rows: SourceRow<S>[]; keys: string[] } }[WebhookSource];

/** The events a batch of one source's rows reports, in the rows' order. */
export async function eventsOfRows(db: DbOrTx, batch: Rows): Promise<WebhookEvent[]> {
  const out: WebhookEvent[] = [];
  const push = (source: WebhookSource, key: string, projectId: string, type: WebhookEventName, createdAt: Date, ids: { customer: string | null | undefined; card: string | null | undefined; other?: string }, eventSource: EventSource, data: Record<string, unknown>) =>
    out.push({ id: stableId('evcus', source, key, type), projectId, type, createdAt, entityId: entityOf(type, ids), groupId: stableId('evgr', source, key), sourceKey: key, eventSource, data });

  switch (batch.source) {
    case 'card_transactions': {
      const rows = batch.rows;
      const detail = (row: CardTransactionRow, name: string) => ((row.details as Record<string, { id?: string } | undefined>)[name])?.id;
      const expiredOn = rows.flatMap((r) => (r.type === 'POINTS_EXPIRATION' ? [(r.details as { points_expiration?: { expiration_date?: string } }).points_expiration?.expiration_date ?? ''] : []));
      const loaded = await load(db, { expiredOn, cards: rows.map((r) => r.voucherId), campaigns: rows.map((r) => r.campaignId), orders: rows.map((r) => detail(r, 'order')), pending: rows.map((r) => detail(r, 'pending_points')), rewards: rows.map((r) => detail(r, 'reward')), rollbacks: rows.map((r) => detail(r, 'rollback')) });
      rows.forEach((row, i) => {
        const holder = loaded.cards.get(row.voucherId)?.holderId;
        for (const type of transactionEvents(row.type as TransactionType, row.details)) {
          push('card_transactions', batch.keys[i], row.projectId, type, row.createdAt, { customer: holder, card: row.voucherId }, sourceOf(row.source, row.details), transactionPayload(type, row, loaded));
        }
      });
      break;
    }
    case 'events': {
      const paidOrders = batch.rows.filter((r) => r.type === 'customer.order.paid').map((r) => String((r.metadata as { order_id?: unknown }).order_id));
      // Which of these orders had their outbox rows written in the event's own transaction.
      const inOutbox = paidOrders.length
        ? new Set((await db.select({ subjectId: webhookOutbox.subjectId, xid: webhookOutbox.xid }).from(webhookOutbox).where(inArray(webhookOutbox.subjectId, paidOrders))).map((o) => `${o.subjectId}:${o.xid}`))
        : new Set<string>();
      const typesOf = (row: SourceRow<'events'>) => eventRowEvents(row.type, row.type !== 'customer.order.paid' || inOutbox.has(`${String((row.metadata as { order_id?: unknown }).order_id)}:${row.xid}`));
      const rows = batch.rows.filter((row) => typesOf(row).length > 0);
      const codes = rows.map((r) => (r.loyalty as { code?: string } | null)?.code).filter((c): c is string => typeof c === 'string');
      const named = codes.length ? await db.select().from(vouchers).where(inArray(vouchers.code, codes)) : [];
      const loaded = await load(db, { customers: rows.map((r) => r.customerId), cards: named.map((c) => c.id), orders: rows.map((r) => (r.type === 'customer.order.paid' ? String((r.metadata as { order_id?: unknown }).order_id) : undefined)) });
      const schemaRows = rows.length ? await db.select().from(eventSchemas).where(inArray(eventSchemas.projectId, [...new Set(rows.map((r) => r.projectId))])) : [];
      for (const row of rows) {
        if (row.type === 'customer.order.paid') {
          const order = loaded.orders.get(String((row.metadata as { order_id?: unknown }).order_id));
          if (!order) continue;
          const data = { customer: customerOf(loaded, order.customerId), referrer: customerOf(loaded, order.referrerId), order: { ...presentOrder(order), object: 'order' }, redemption: null };
          for (const type of typesOf(row)) push('events', row.id, row.projectId, type, row.createdAt, { customer: order.customerId, card: null, other: order.id }, { channel: 'API' }, data);
          continue;
        }
        const loyaltyOf = (event: typeof row) => {
          const code = (event.loyalty as { code?: string } | null)?.code;
          const card = named.find((c) => c.projectId === event.projectId && c.code === code);
          const campaign = card && loaded.campaigns.get(card.campaignId);
          return card ? { voucher: simpleVoucher(card, campaign), campaign: simpleCampaign(campaign) } : null;
        };
        const schema = schemaRows.find((s) => s.projectId === row.projectId && s.name === row.type);
        const customer = customerOf(loaded, row.customerId);
        const data = {
          event: { id: row.id, object: 'event', type: row.type, customer: { id: row.customerId, object: 'customer' }, referral: row.referral, loyalty: row.loyalty, metadata: row.metadata, created_at: row.createdAt.toISOString() },
          event_schema: schema ? { id: schema.id, name: schema.name } : { name: row.type },
          customer,
          referral: null,
          loyalty: loyaltyOf(row),
        };
        for (const type of typesOf(row)) push('events', row.id, row.projectId, type, row.createdAt, { customer: row.customerId, card: null }, { channel: 'API' }, data);
      }
      break;
    }
    case 'publications': {
      const rows = batch.rows;
      const loaded = await load(db, { cards: rows.map((r) => r.voucherId), campaigns: rows.map((r) => r.campaignId), customers: rows.map((r) => r.customerId) });
      for (const row of rows) {
        const campaign = loaded.campaigns.get(row.campaignId);
        // `publication` is null: its schema asks for the full customer object (summary, loyalty,
        // referrals), which this service does not compute; the card, program and holder are here.
        const data = { customer: customerOf(loaded, row.customerId), campaign: simpleCampaign(campaign), publication: null, voucher: simpleVoucher(loaded.cards.get(row.voucherId), campaign) };
        for (const type of publicationEvents) push('publications', row.id, row.projectId, type, row.createdAt, { customer: row.customerId, card: row.voucherId, other: row.id }, { channel: 'API' }, data);
      }
      break;
    }
    case 'webhook_outbox': {
      const rows = batch.rows;
      const orderOf = (r: SourceRow<'webhook_outbox'>) => (r.kind.startsWith('order.') ? revived<OrderRow>(r.payload.order as Record<string, unknown>, ['createdAt', 'updatedAt', 'paidAt']) : undefined);
      const entryOf = (r: SourceRow<'webhook_outbox'>) => (r.kind.startsWith('pending_points.') ? revived<PendingPointsRow>(r.payload.entry as Record<string, unknown>, ['createdAt', 'updatedAt']) : undefined);
      const entries = rows.map(entryOf);
      const ordersAsWritten = rows.map(orderOf);
      const loaded = await load(db, {
        cards: entries.flatMap((e) => (e ? [e.voucherId] : [])),
        campaigns: entries.flatMap((e) => (e ? [e.campaignId] : [])),
        customers: [...entries.map((e) => e?.customerId ?? null), ...ordersAsWritten.flatMap((o) => [o?.customerId ?? null, o?.referrerId ?? null])],
        orders: entries.map((e) => e?.orderId ?? undefined),
      });
      rows.forEach((row, i) => {
        const kind = row.kind as OutboxKind;
        const order = ordersAsWritten[i];
        const entry = entries[i];
        for (const type of outboxEvents[kind] ?? []) {
          if (order) {
            const data = { customer: customerOf(loaded, order.customerId), referrer: customerOf(loaded, order.referrerId), order: { ...presentOrder(order), object: 'order' }, redemption: null };
            push('webhook_outbox', batch.keys[i], row.projectId, type, row.createdAt, { customer: order.customerId, card: null, other: order.id }, { channel: 'API' }, data);
          } else if (entry) {
            push('webhook_outbox', batch.keys[i], row.projectId, type, row.createdAt, { customer: entry.customerId, card: entry.voucherId }, sourceOf(null, entry.details as Record<string, unknown>), pendingPayload(entry, Number(row.payload.delta), loaded));
          }
        }
      });
      break;
    }
  }
  return out;
}

