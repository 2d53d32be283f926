import { describe, expect, it } from 'vitest';
import { adjustFormSchema, adjustRequest, largeAdditionThreshold, needsConfirmation } from './adjust-form';

describe('adjust-points form', () => {
  it('requires a reason and a positive whole number of points', () => {
    const result = adjustFormSchema.safeParse({ direction: 'add', points: '0', reason: ' ', expiresOn: '' });
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(['points', 'reason']));
    expect(adjustFormSchema.safeParse({ direction: 'add', points: '1.5', reason: 'x', expiresOn: '' }).success).toBe(false);
  });

  it('sends added points with a custom expiry, removed points negative and without one', () => {
    expect(adjustRequest({ direction: 'add', points: '50', reason: ' Goodwill ', expiresOn: '2027-01-31' })).toEqual({ points: 50, reason: 'Goodwill', expiration_type: 'CUSTOM_DATE', expiration_date: '2027-01-31' });
    expect(adjustRequest({ direction: 'add', points: '50', reason: 'Goodwill', expiresOn: '' })).toEqual({ points: 50, reason: 'Goodwill' });
    expect(adjustRequest({ direction: 'remove', points: '20', reason: 'Duplicate', expiresOn: '2027-01-31' })).toEqual({ points: -20, reason: 'Duplicate' });
  });

  it('asks before every removal and before an addition above the threshold of 1,000 points', () => {
    expect(largeAdditionThreshold).toBe(1_000);
    expect(needsConfirmation({ direction: 'remove', points: '1' })).toBe(true);
    expect(needsConfirmation({ direction: 'add', points: '1000' })).toBe(false);
    expect(needsConfirmation({ direction: 'add', points: '1001' })).toBe(true);
    expect(needsConfirmation({ direction: 'add', points: '50' })).toBe(false);
  });
});
