import { describe, expect, it } from 'vitest';
import type { VoucherRow } from '../db/repositories/vouchers';
import { redeemableStatus } from './customer-redeemable';

const now = new Date('2026-07-01T12:00:00.000Z');
const card = (over: Partial<VoucherRow>) => ({ active: true, startDate: null, expirationDate: null, redemptionQuantity: null, redeemedQuantity: 0, balance: 0, ...over }) as VoucherRow;

describe('redeemableStatus', () => {
  it('names why a card cannot be used now, else ACTIVE (also without points: a loyalty card still earns)', () => {
    expect(redeemableStatus(card({}), now)).toBe('ACTIVE');
    expect(redeemableStatus(card({ active: false }), now)).toBe('DISABLED');
    expect(redeemableStatus(card({ startDate: new Date('2026-07-02T00:00:00Z') }), now)).toBe('NOT_ACTIVE_YET');
    expect(redeemableStatus(card({ expirationDate: new Date('2026-06-30T00:00:00Z') }), now)).toBe('EXPIRED');
    expect(redeemableStatus(card({ redemptionQuantity: 2, redeemedQuantity: 2 }), now)).toBe('USED');
    expect(redeemableStatus(card({ redemptionQuantity: 2, redeemedQuantity: 1, balance: 5 }), now)).toBe('ACTIVE');
  });
});
