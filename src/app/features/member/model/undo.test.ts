import { describe, expect, it } from 'vitest';
import type { CardTransaction } from '../../../../contract/card-transaction';
import { undoErrorText, undoneIds, undoOf } from './undo';

const tx = (id: string, type: CardTransaction['type'], details: Record<string, unknown> = {}): CardTransaction => ({
  id,
  source_id: null,
  voucher_id: 'v_1',
  campaign_id: 'camp_1',
  source: null,
  reason: null,
  type,
  details: { balance: { type: 'loyalty_card', total: 0, object: 'balance', points: 10, balance: 10, related_object: { id: 'v_1', type: 'voucher' } }, ...details } as CardTransaction['details'],
  related_transaction_id: null,
  created_at: '2027-01-01T00:00:00Z',
});

describe('undoing a card transaction', () => {
  it('rolls back a reward redemption and reverses points added or removed by hand, nothing else', () => {
    expect(undoOf(tx('t1', 'POINTS_REDEMPTION', { redemption: { id: 'r_1' }, reward: { id: 'rew_1', name: 'Mug' } }))).toEqual({ kind: 'rollback', redemptionId: 'r_1' });
    expect(undoOf(tx('t2', 'POINTS_ADDITION'))).toEqual({ kind: 'reverse' });
    expect(undoOf(tx('t3', 'POINTS_REMOVAL'))).toEqual({ kind: 'reverse' });
    // A redemption's own addition (points in another program), a rollback's removal, a reversal: no undo of their own.
    expect(undoOf(tx('t4', 'POINTS_ADDITION', { redemption: { id: 'r_1' } }))).toBeNull();
    expect(undoOf(tx('t5', 'POINTS_REMOVAL', { rollback: { id: 'rr_1' }, redemption: { id: 'r_1' } }))).toBeNull();
    expect(undoOf(tx('t6', 'POINTS_REMOVAL', { reversal_of: { id: 't2', type: 'POINTS_ADDITION' } }))).toBeNull();
    for (const type of ['POINTS_ACCRUAL', 'POINTS_EXPIRATION', 'POINTS_TRANSFER_IN', 'POINTS_TRANSFER_OUT', 'POINTS_REFUND', 'PENDING_POINTS_ACTIVATION'] as const) expect(undoOf(tx('t', type))).toBeNull();
  });

  it('knows which transactions on the page were undone already', () => {
    const list = [
      tx('t9', 'POINTS_REFUND', { rollback: { id: 'rr_1' }, redemption: { id: 'r_1' } }),
      tx('t8', 'POINTS_REMOVAL', { reversal_of: { id: 't2', type: 'POINTS_ADDITION' } }),
      tx('t1', 'POINTS_REDEMPTION', { redemption: { id: 'r_1' } }),
      tx('t7', 'POINTS_REDEMPTION', { redemption: { id: 'r_2' } }),
      tx('t2', 'POINTS_ADDITION'),
      tx('t3', 'POINTS_ADDITION'),
    ];
    expect([...undoneIds(list)].sort()).toEqual(['t1', 't2']);
  });

  it('says refusals in a support agent’s words', () => {
    expect(undoErrorText({ code: 400, key: 'already_rolled_back', message: 'x' }, { kind: 'rollback', redemptionId: 'r_1' })).toBe('This redemption was rolled back already.');
    expect(undoErrorText({ code: 400, key: 'loyalty_card_points_exceeded', message: 'x' }, { kind: 'reverse' })).toMatch(/spent since/);
  });
});
