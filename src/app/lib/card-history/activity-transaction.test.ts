import { describe, expect, it } from 'vitest';
import type { MemberActivity } from '../../../contract/member-activity';
import { activityTransaction } from './activity-transaction';
import { signedPoints, transactionTypeLabel } from './transaction-labels';

const campaign = { id: 'camp_1', name: 'Coffee Club', campaign_type: 'LOYALTY_PROGRAM' as const, type: 'STATIC' as const, object: 'campaign' as const };
const transaction = {
  id: 'vtx_1',
  source_id: null,
  voucher_id: 'v_1',
  campaign_id: 'camp_1',
  source: 'voucherify-web-ui',
  reason: 'Duplicate visit',
  type: 'POINTS_REMOVAL',
  details: { balance: { type: 'loyalty_card', total: 90, object: 'balance', points: -10, balance: 90, related_object: { id: 'v_1', type: 'voucher' } } },
  related_transaction_id: null,
  created_at: '2026-11-02T09:00:00.000Z',
};
const activity = (data: Record<string, unknown>): Pick<MemberActivity, 'data'> => ({ data: { data: { campaign, ...data }, event_source: { channel: 'USER_PORTAL' } } });

describe('the card history vocabulary', () => {
  it('reads the transaction an activity tells of, so it shows in the history words', () => {
    const found = activityTransaction(activity({ transaction }));
    expect(found?.type).toBe('POINTS_REMOVAL');
    expect(transactionTypeLabel(found!.type)).toBe('Removed');
    expect(signedPoints(found!.details.balance.points)).toBe('-10');
  });

  it('has no transaction for a publication or a tier change', () => {
    expect(activityTransaction(activity({ publication: { id: 'pub_1' } }))).toBeUndefined();
    expect(activityTransaction(activity({ transaction: { id: 'not a transaction' } }))).toBeUndefined();
  });

  it('writes amounts signed: added with a plus, removed with a minus', () => {
    expect(signedPoints(1500)).toBe('+1,500');
    expect(signedPoints(-100)).toBe('-100');
    expect(signedPoints(0)).toBe('0');
  });
});
