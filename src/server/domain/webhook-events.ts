import type { WebhookEventName } from '../../contract/webhook';
import type { TransactionType } from './card-ledger';

/**
 * The one list of what the service reports as webhooks, and from which durable record (issue 29,
 * docs/architecture.md "Webhooks"). Every event is read from a row written in the same statement
 * or transaction as the change it reports, so a rolled-back change has none:
 *
 * - `card_transactions`: every change to a card's balance (the ledger is the outbox);
 * - `events`: custom events as tracked, and the order-paid event of an order paid in one statement;
 * - `publications`: a card published to a customer;
 * - `webhook_outbox`: changes that are no ledger row: orders, and pending points added, adjusted
 *   and canceled (their activation is a card transaction).
 */

export const webhookSources = ['card_transactions', 'events', 'publications', 'webhook_outbox'] as const;
export type WebhookSource = (typeof webhookSources)[number];

const transactionCreated = 'voucher.loyalty_card.transaction.created' as const;
const pointsAdded = ['voucher.loyalty_card.points_added', 'customer.voucher.loyalty_card.points_added'] as const;

/** What each card transaction type reports, the transaction itself first. */
export const cardTransactionEvents: Record<TransactionType, readonly WebhookEventName[]> = {
  POINTS_ACCRUAL: [transactionCreated, ...pointsAdded],
  POINTS_ADDITION: [transactionCreated, ...pointsAdded],
  POINTS_REFUND: [transactionCreated, ...pointsAdded],
  POINTS_TRANSFER_IN: [transactionCreated, ...pointsAdded],
  PENDING_POINTS_ACTIVATION: [transactionCreated, 'voucher.loyalty_card.pending_points.activated', 'customer.voucher.loyalty_card.pending_points.activated'],
  POINTS_REMOVAL: [transactionCreated],
  POINTS_TRANSFER_OUT: [transactionCreated],
  POINTS_EXPIRATION: [transactionCreated, 'voucher.loyalty_card.points_expired', 'customer.voucher.loyalty_card.points_expired'],
  POINTS_REDEMPTION: [transactionCreated, 'customer.reward_redemptions.created', 'customer.reward_redemptions.completed', 'customer.rewarded'],
};

/**
 * What one card transaction reports: its type's events, and for the refund of a rolled-back
 * redemption (its details name the rollback) the rollback too, after them.
 */
export function transactionEvents(type: TransactionType, details: unknown): readonly WebhookEventName[] {
  const events = cardTransactionEvents[type] ?? [];
  return type === 'POINTS_REFUND' && (details as { rollback?: unknown } | null)?.rollback ? [...events, rollbackSucceeded] : events;
}
const rollbackSucceeded = 'customer.redemption.rollback.succeeded' as const;

/** The kinds of outbox rows, each written by the one function that makes its change. */
export const outboxKinds = ['order.created', 'order.updated', 'order.paid', 'order.canceled', 'pending_points.added', 'pending_points.updated', 'pending_points.canceled'] as const;
export type OutboxKind = (typeof outboxKinds)[number];

export const outboxEvents: Record<OutboxKind, readonly WebhookEventName[]> = {
  'order.created': ['customer.order.created'],
  'order.updated': ['customer.order.updated'],
  'order.paid': ['customer.order.paid'],
  'order.canceled': ['customer.order.canceled'],
  'pending_points.added': ['voucher.loyalty_card.pending_points.added', 'customer.voucher.loyalty_card.pending_points.added'],
  'pending_points.updated': ['voucher.loyalty_card.pending_points.updated', 'customer.voucher.loyalty_card.pending_points.updated'],
  'pending_points.canceled': ['voucher.loyalty_card.pending_points.canceled', 'customer.voucher.loyalty_card.pending_points.canceled'],
};

/**
 * A tracked event's row: a custom event reports itself. An order-paid event is its order's: where
 * the order's transaction wrote the order's outbox rows (services/orders.ts) they report it and
 * the event nothing; the one-statement paid order (services/order-in-one-statement.ts) writes the
 * order and this event only, so the event reports the order created and paid.
 */
export function eventRowEvents(type: string, orderInOutbox = true): readonly WebhookEventName[] {
  if (type === 'customer.order.paid') return orderInOutbox ? [] : ['customer.order.created', 'customer.order.paid'];
  if (type.startsWith('customer.segment.')) return [];
  return ['customer.custom_event'];
}

export const publicationEvents: readonly WebhookEventName[] = ['customer.publication.succeeded', 'publication.succeeded'];

/** Every event the service sends today: what the README lists and the delivery test covers. */
export const producedWebhookEvents: readonly WebhookEventName[] = [
  ...new Set([...Object.values(cardTransactionEvents).flat(), rollbackSucceeded, ...Object.values(outboxEvents).flat(), ...eventRowEvents('any'), ...publicationEvents]),
];

/** The envelope's `event.event_source`: who made the change, as recorded with it. */
export type EventSource = { channel: 'API' | 'USER_PORTAL' | 'AUTOMATION'; user?: { id: string } };

/**
 * Whether the transaction `xid` had committed (or rolled back) for a snapshot written as
 * `pg_snapshot` text (`xmin:xmax:xip,…`): PostgreSQL's pg_visible_in_snapshot, for an xid that did
 * commit. An endpoint is told what was not yet committed when it was created.
 */
export function committedBefore(xid: number, snapshot: string): boolean {
  const [xmin, xmax, running = ''] = snapshot.split(':');
  if (xid < Number(xmin)) return true;
  if (xid >= Number(xmax)) return false;
  return !running.split(',').filter(Boolean).map(Number).includes(xid);
}
