import { describe, expect, it } from 'vitest';
import type { CardTransaction } from '../../../../contract/card-transaction';
import { balanceSeries } from './balance-series';

function transaction(id: string, at: string, points: number, balance: number): CardTransaction {
  return {
    id,
    source_id: null,
    voucher_id: 'v_1',
    campaign_id: 'camp_1',
    source: null,
    reason: null,
    type: points > 0 ? 'POINTS_ADDITION' : 'POINTS_REMOVAL',
    details: { balance: { type: 'loyalty_card', total: balance, object: 'balance', points, balance, related_object: { id: 'v_1', type: 'voucher' } } },
    related_transaction_id: null,
    created_at: at,
  };
}

describe('balanceSeries', () => {
  const newestFirst = [transaction('t3', '2026-03-01T00:00:00Z', -30, 70), transaction('t2', '2026-02-01T00:00:00Z', 50, 100), transaction('t1', '2026-01-01T00:00:00Z', 50, 50)];

  it('lists the balance after each transaction, oldest first, starting from the balance before the first', () => {
    const series = balanceSeries(newestFirst, true);
    expect(series.map((p) => p.balance)).toEqual([0, 50, 100, 70]);
    expect(series[1].at.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(series[0].at.getTime()).toBeLessThan(series[1].at.getTime());
  });

  it('adds no starting point when older transactions are not in the page', () => {
    expect(balanceSeries(newestFirst, false).map((p) => p.balance)).toEqual([50, 100, 70]);
  });

  it('carries the latest balance on to now', () => {
    const series = balanceSeries(newestFirst, false, new Date('2026-04-01T00:00:00Z'));
    expect(series.map((p) => p.balance)).toEqual([50, 100, 70, 70]);
    expect(series[3].at.toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('is empty for a card without transactions', () => {
    expect(balanceSeries([], true)).toEqual([]);
  });

  it('makes one point of the changes of one day: at the first, with the balance after the last', () => {
    const busyDay = [
      transaction('t4', '2026-03-01T16:00:00', -50, 1520),
      transaction('t3', '2026-03-01T15:00:00', 1500, 1570),
      transaction('t2', '2026-03-01T09:00:00', 20, 70),
      transaction('t1', '2026-02-20T10:00:00', 50, 50),
    ];
    const series = balanceSeries(busyDay, true);
    expect(series.map((p) => p.balance)).toEqual([0, 50, 1520]);
    expect(series[2].at.getTime()).toBe(new Date('2026-03-01T09:00:00').getTime());
  });
});
