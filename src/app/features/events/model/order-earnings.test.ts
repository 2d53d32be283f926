import { describe, expect, it } from 'vitest';
import type { CardTransaction } from '../../../../contract/card-transaction';
import type { PendingPoints } from '../../../../contract/pending-points';
import { cardEarnings, describeCardEarnings, orderIdOf, summarizeEarnings } from './order-earnings';
import { formatDay } from '../../../lib/format';

const card = { code: 'COFFEE-0001', programName: 'Coffee Club' };
const transaction = (id: string, type: CardTransaction['type'], points: number, order?: string): CardTransaction => ({
  id,
  source_id: null,
  voucher_id: 'v_1',
  campaign_id: 'camp_1',
  source: null,
  reason: null,
  type,
  details: {
    balance: { type: 'loyalty_card', total: 100, object: 'balance', points, balance: 100, related_object: { id: 'v_1', type: 'voucher' } },
    ...(order && { order: { id: order, source_id: null } }),
    earning_rule: { id: 'ern_1', source: { banner: '10 points per 1.00' } },
  },
  related_transaction_id: null,
  created_at: '2026-11-26T10:00:00Z',
});
const pending = (id: string, points: number, order: string | null, activatesAt: string): PendingPoints => ({
  id,
  voucher_id: 'v_1',
  campaign_id: 'camp_1',
  customer_id: 'cust_1',
  order_id: order,
  points,
  activates_at: activatesAt,
  details: {},
  created_at: '2026-11-26T10:00:00Z',
  updated_at: null,
});

describe('what an order earned on a card', () => {
  it('keeps only the accruals and pending points of that order', () => {
    const result = cardEarnings(
      'ord_1',
      card,
      [transaction('t1', 'POINTS_ACCRUAL', 70, 'ord_1'), transaction('t2', 'POINTS_ACCRUAL', 5, 'ord_0'), transaction('t3', 'POINTS_ADDITION', 9, 'ord_1'), transaction('t4', 'POINTS_ACCRUAL', 10)],
      [pending('p1', 30, 'ord_1', '2026-12-10'), pending('p2', 8, 'ord_0', '2026-12-01')],
    );
    expect(result.earned).toBe(70);
    expect(result.accruals.map((t) => t.id)).toEqual(['t1']);
    expect(result.held).toBe(30);
    expect(result.pending.map((p) => p.id)).toEqual(['p1']);
    expect(describeCardEarnings(result)).toBe(`Coffee Club card COFFEE-0001 earned 70 points now, and holds 30 pending points that activate on ${formatDay('2026-12-10')}.`);
  });

  it('says each outcome in words', () => {
    expect(describeCardEarnings(cardEarnings('ord_1', card, [transaction('t1', 'POINTS_ACCRUAL', 1, 'ord_1')], []))).toBe('Coffee Club card COFFEE-0001 earned 1 point.');
    expect(describeCardEarnings(cardEarnings('ord_1', card, [], [pending('p1', 1, 'ord_1', '2026-12-10')]))).toBe(`Coffee Club card COFFEE-0001 holds 1 pending point that activates on ${formatDay('2026-12-10')}.`);
    expect(describeCardEarnings(cardEarnings('ord_1', card, [], [pending('p1', 5, 'ord_1', '2026-12-10'), pending('p2', 5, 'ord_1', '2026-12-03')]))).toBe(
      `Coffee Club card COFFEE-0001 holds 10 pending points that activate on ${formatDay('2026-12-03')} and ${formatDay('2026-12-10')}.`,
    );
    expect(describeCardEarnings(cardEarnings('ord_1', card, [], []))).toBe('Coffee Club card COFFEE-0001 earned nothing from this order.');
  });

  it('sums the outcome over the cards', () => {
    const earned = cardEarnings('ord_1', card, [transaction('t1', 'POINTS_ACCRUAL', 1200, 'ord_1')], [pending('p1', 30, 'ord_1', '2026-12-10')]);
    expect(summarizeEarnings([earned])).toBe('The order earned 1,200 points and holds 30 pending points.');
    expect(summarizeEarnings([cardEarnings('ord_1', card, [], [])])).toBe('The order earned no points: no active order rule matched, or a limit applied.');
    expect(summarizeEarnings([])).toBe('The customer holds no loyalty card, so the order earned no points.');
  });

  it('reads the order a transaction names, and days in UTC', () => {
    expect(orderIdOf(transaction('t1', 'POINTS_ACCRUAL', 1, 'ord_9'))).toBe('ord_9');
    expect(orderIdOf(transaction('t1', 'POINTS_ACCRUAL', 1))).toBeNull();
    const inUtc = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 0, 5)));
    expect(formatDay('2026-01-05')).toBe(inUtc);
    expect(formatDay('2026-01-05T23:30:00Z')).toBe(inUtc);
    expect(formatDay('soon')).toBe('soon');
  });
});
