import { describe, expect, it } from 'vitest';
import type { MemberTierProgress } from '../../../../contract/loyalty-tier';
import { formatDay } from '../../../lib/format';
import { currentTierWords, nextTierWords, progressPercent, qualifyingWords, tierChangeWords } from './tier-progress-words';

const base: MemberTierProgress = {
  object: 'loyalty_tier_progress',
  member_id: 'COFFEE-0001',
  campaign_id: 'camp_1',
  has_tiers: true,
  qualification: { type: 'POINTS_IN_PERIOD', period: 'YEAR', period_end_date: '2026-12-31', start: 'IMMEDIATE' },
  qualifying_points: 260,
  tier: { id: 'ltr_s', name: 'Silver', start_date: '2026-05-04', expiration_date: '2027-12-31' },
  reached_tier: { id: 'ltr_s', name: 'Silver' },
  next_tier: { id: 'ltr_g', name: 'Gold', points_from: 500 },
  points_to_next_tier: 240,
  history: [],
};

describe('a member’s tier in words', () => {
  it('the issue’s sentence: points to the next tier by the end of the period', () => {
    expect(nextTierWords(base)).toBe(`240 points to Gold by ${formatDay('2026-12-31')}`);
    expect(qualifyingWords(base)).toBe('260 points earned this year');
    expect(currentTierWords(base)).toBe(`Silver since ${formatDay('2026-05-04')}, until ${formatDay('2027-12-31')}`);
    expect(progressPercent(base)).toBe(52);
  });

  it('by balance: no date; the top tier and no tier at all', () => {
    const balance = { ...base, qualification: { type: 'BALANCE' as const, period: null, period_end_date: null, start: 'IMMEDIATE' as const }, tier: { ...base.tier!, expiration_date: null } };
    expect(nextTierWords(balance)).toBe('240 points to Gold');
    expect(qualifyingWords(balance)).toBe('A balance of 260 points');
    expect(currentTierWords(balance)).toMatch(/while the balance stays in its range$/);
    expect(nextTierWords({ ...base, next_tier: null, points_to_next_tier: null })).toBe('The top tier: there is no higher one.');
    expect(currentTierWords({ ...base, tier: null })).toBe('Not in a tier yet');
  });

  it('a tier that starts next period: reached, and when it starts', () => {
    const later = { ...base, qualification: { ...base.qualification, start: 'NEXT_PERIOD' as const }, tier: null, reached_tier: { id: 'ltr_s', name: 'Silver' } };
    expect(nextTierWords(later)).toBe(`Reached Silver, which starts on ${formatDay('2027-01-01')}. 240 points more by ${formatDay('2026-12-31')}, to be Gold from ${formatDay('2027-01-01')}`);
  });

  it('tier history lines', () => {
    expect(tierChangeWords({ type: 'upgraded', tier_from: { id: 'a', name: 'Silver' }, tier_to: { id: 'b', name: 'Gold' }, created_at: '2026-05-04T00:00:00Z', expiration_date: '2027-12-31' })).toBe(
      `Upgraded from Silver to Gold, until ${formatDay('2027-12-31')}`,
    );
    expect(tierChangeWords({ type: 'left', tier_from: { id: 'b', name: 'Gold' }, tier_to: null, created_at: '2028-01-01T00:00:00Z', expiration_date: null })).toBe('Left Gold');
    expect(tierChangeWords({ type: 'prolonged', tier_from: { id: 'b', name: 'Gold' }, tier_to: { id: 'b', name: 'Gold' }, created_at: '2027-01-01T00:00:00Z', expiration_date: '2028-12-31' })).toBe(
      `Kept Gold, until ${formatDay('2028-12-31')}`,
    );
  });
});
