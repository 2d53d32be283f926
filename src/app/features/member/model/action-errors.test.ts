import { describe, expect, it } from 'vitest';
import { formatValidationDetails } from '../../../../contract/validation-details';
import { pendingPointsErrorText, placeAdjustError, redeemErrorText } from './action-errors';
import { cancelPendingFormSchema } from './cancel-pending-form';

describe('placeAdjustError', () => {
  it('puts each validation problem beside its field, in plain words', () => {
    const invalid = (details: Parameters<typeof formatValidationDetails>[0]) => ({ code: 400, key: 'invalid_payload', message: 'Invalid payload', details: formatValidationDetails(details) });
    expect(placeAdjustError(invalid([{ kind: 'required', path: [], property: 'points' }]))).toEqual({ field: 'points', text: expect.any(String) });
    expect(placeAdjustError(invalid([{ kind: 'invalid', path: ['expiration_date'], message: 'Invalid ISO date' }])).field).toBe('expiresOn');
    expect(placeAdjustError({ code: 400, key: 'invalid_expiration_date', message: 'Invalid Expiration Date', details: 'Expiration date cannot be set in the past' }).field).toBe('expiresOn');
    const tooLong = placeAdjustError(invalid([{ kind: 'invalid', path: ['reason'], message: 'Too big: expected string to have <=1000 characters' }]));
    expect(tooLong.field).toBe('reason');
    expect(tooLong.text).not.toMatch(/Too big|<=/);
  });

  it('gives the form what no field owns, never a developer message for a failed service', () => {
    expect(placeAdjustError({ code: 502, key: 'upstream_unreachable', message: 'Bad gateway' })).toEqual({ field: 'form', text: expect.stringMatching(/could not reach the API/) });
  });
});

describe('redeemErrorText', () => {
  it('says why a redemption was refused', () => {
    expect(redeemErrorText({ code: 400, key: 'loyalty_card_points_exceeded', message: 'x' })).toMatch(/enough points/);
    expect(redeemErrorText({ code: 404, key: 'not_found', message: 'Resource not found' })).toMatch(/no longer offered/);
  });
});

describe('pending points actions', () => {
  it('says why an activation or cancellation failed, in plain words', () => {
    expect(pendingPointsErrorText({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'pending_points' }, 'activate')).toMatch(/^These points are no longer pending/);
    expect(pendingPointsErrorText({ code: 403, key: 'forbidden', message: 'Forbidden' }, 'cancel')).toBe('Your role may not cancel pending points.');
    expect(pendingPointsErrorText({ code: 502, key: 'upstream_unreachable', message: 'Bad gateway' }, 'activate')).toMatch(/could not reach the API/);
  });

  it('asks for a reason before cancelling, up to 1,000 characters', () => {
    expect(cancelPendingFormSchema.safeParse({ reason: '  ' }).error?.issues[0].message).toBe('Say why the points are cancelled, such as the returned order.');
    expect(cancelPendingFormSchema.safeParse({ reason: 'x'.repeat(1001) }).error?.issues[0].message).toBe('Use at most 1,000 characters.');
    expect(cancelPendingFormSchema.parse({ reason: ' Order returned ' })).toEqual({ reason: 'Order returned' });
  });
});
