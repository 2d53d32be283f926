import { describe, expect, it } from 'vitest';
import { formatValidationDetails } from '../../../../contract/validation-details';
import { placeAdjustError, redeemErrorText } from './action-errors';

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
