import { describe, expect, it } from 'vitest';
import type { CardTransaction } from '../../../contract/card-transaction';
import { transactionAuthor, transactionReason } from './transaction-author';

const balance = { type: 'loyalty_card' as const, total: 100, object: 'balance' as const, points: 100, balance: 100, related_object: { id: 'v_1', type: 'voucher' as const } };
const tx = (over: Partial<CardTransaction> & { staff?: string }): Pick<CardTransaction, 'type' | 'source' | 'reason' | 'details'> => ({
  type: over.type ?? 'POINTS_ADDITION',
  source: over.source ?? (over.staff ? 'voucherify-web-ui' : 'API'),
  reason: over.reason ?? null,
  details: { balance, ...(over.staff && { event_source: { channel: 'USER_PORTAL' as const, user: { id: over.staff } } }), ...over.details },
});
const staff = new Map([
  ['usr_sam', { username: 'sam', role: 'support' as const }],
  ['usr_maria', { username: 'maria', role: 'marketing' as const }],
]);
const maria = { id: 'usr_maria' };

describe('transactionAuthor', () => {
  it('names the staff user and their role, "you" for the signed-in one, never an id', () => {
    expect(transactionAuthor(tx({ staff: 'usr_sam' }), maria, staff)).toBe('by sam (support)');
    expect(transactionAuthor(tx({ staff: 'usr_maria', type: 'POINTS_REDEMPTION' }), maria, staff)).toBe('by maria (marketing, you)');
    expect(transactionAuthor(tx({ staff: 'usr_gone' }), maria, staff)).toBe('by another dashboard user');
    // The directory not loaded yet: yourself still reads as you.
    expect(transactionAuthor(tx({ staff: 'usr_maria' }), maria)).toBe('by you');
  });

  it('says the API, the dashboard before staff were recorded, or the hourly run; nothing for earnings and expiries', () => {
    expect(transactionAuthor(tx({ type: 'POINTS_REMOVAL' }), maria, staff)).toBe('via the API');
    expect(transactionAuthor(tx({ source: 'voucherify-web-ui' }), maria, staff)).toBe('from the dashboard');
    expect(transactionAuthor(tx({ type: 'PENDING_POINTS_ACTIVATION', source: 'Automation' }), maria, staff)).toBe('automatically');
    expect(transactionAuthor(tx({ type: 'POINTS_ACCRUAL' }), maria, staff)).toBeUndefined();
    expect(transactionAuthor(tx({ type: 'POINTS_EXPIRATION', source: 'Automation' }), maria, staff)).toBeUndefined();
  });
});

describe('transactionReason', () => {
  it('is the reward, the earning rule or the reason given', () => {
    expect(transactionReason(tx({ staff: 'usr_sam', reason: 'goodwill, ticket 4711' }))).toBe('goodwill, ticket 4711');
    expect(transactionReason(tx({ type: 'POINTS_REDEMPTION', details: { balance, reward: { id: 'rew_1', name: 'Free coffee' } } }))).toBe('Free coffee');
    expect(transactionReason(tx({ type: 'POINTS_ACCRUAL', details: { balance, earning_rule: { id: 'ern_1', source: { banner: 'Purchase' } } } }))).toBe('Purchase');
    expect(transactionReason(tx({ type: 'POINTS_EXPIRATION', source: 'Automation' }))).toBeUndefined();
  });

  it('tells a rollback’s refund by its reward and the reason the agent gave', () => {
    const details = { balance, rollback: { id: 'rr_1' }, redemption: { id: 'r_1' }, reward: { id: 'rew_1', name: 'Free coffee' } };
    expect(transactionReason(tx({ type: 'POINTS_REFUND', reason: 'Redeemed by mistake', details }))).toBe('Free coffee: Redeemed by mistake');
    expect(transactionAuthor(tx({ type: 'POINTS_REFUND', source: 'API' }), undefined)).toBe('via the API');
  });
});
