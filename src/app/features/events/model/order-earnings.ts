import { z } from 'zod';
import type { CardTransaction } from '../../../../contract/card-transaction';
import type { PendingPoints } from '../../../../contract/pending-points';
import { formatDay } from '../../../lib/format';

/**
 * What a paid order earned on each of the customer's cards: the card transactions that name the
 * order (accruals its rules made at once) and the pending points it holds (rules that hold points
 * back until a day). Pure, so the Events page's words are tested without a service.
 */

export interface CardRef {
  code: string;
  programName: string;
}

export interface CardEarnings extends CardRef {
  /** Points added to the balance now. */
  earned: number;
  accruals: CardTransaction[];
  /** Points held until they activate. */
  held: number;
  pending: PendingPoints[];
}

const orderRef = z.object({ id: z.string() });

/** The order a transaction names (`details.order`), if any. */
export function orderIdOf(transaction: CardTransaction): string | null {
  const parsed = orderRef.safeParse(transaction.details.order);
  return parsed.success ? parsed.data.id : null;
}

export function cardEarnings(orderId: string, card: CardRef, transactions: readonly CardTransaction[], pending: readonly PendingPoints[]): CardEarnings {
  const accruals = transactions.filter((t) => t.type === 'POINTS_ACCRUAL' && orderIdOf(t) === orderId);
  const held = pending.filter((p) => (p.order_id ?? p.details.order?.id) === orderId);
  return {
    ...card,
    earned: accruals.reduce((sum, t) => sum + t.details.balance.points, 0),
    accruals,
    held: held.reduce((sum, p) => sum + p.points, 0),
    pending: held,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** One card's outcome in a sentence: "Coffee Club card COFFEE-0001 earned 70 points, and holds 30 pending points that activate on 10 Dec 2026." */
export function describeCardEarnings(card: CardEarnings): string {
  const name = `${card.programName} card ${card.code}`;
  const days = [...new Set(card.pending.map((p) => p.activates_at))].sort().map(formatDay);
  const on = days.length > 1 ? `${days.slice(0, -1).join(', ')} and ${days[days.length - 1]}` : days[0];
  const holds = `${plural(card.held, 'pending point')} that ${card.held === 1 ? 'activates' : 'activate'} on ${on}`;
  if (card.earned !== 0 && card.held !== 0) return `${name} earned ${plural(card.earned, 'point')} now, and holds ${holds}.`;
  if (card.earned !== 0) return `${name} earned ${plural(card.earned, 'point')}.`;
  if (card.held !== 0) return `${name} holds ${holds}.`;
  return `${name} earned nothing from this order.`;
}

/** The whole outcome in one line, for the status message. */
export function summarizeEarnings(cards: readonly CardEarnings[]): string {
  if (cards.length === 0) return 'The customer holds no loyalty card, so the order earned no points.';
  const earned = cards.reduce((sum, c) => sum + c.earned, 0);
  const held = cards.reduce((sum, c) => sum + c.held, 0);
  if (earned === 0 && held === 0) return 'The order earned no points: no active order rule matched, or a limit applied.';
  const parts = [earned !== 0 && `earned ${plural(earned, 'point')}`, held !== 0 && `holds ${plural(held, 'pending point')}`].filter(Boolean);
  return `The order ${parts.join(' and ')}.`;
}
