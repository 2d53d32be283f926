import { describe, expect, it } from 'vitest';
import { placeAdjustError, redeemErrorText } from './action-errors';

describe('placeAdjustError', () => {
  it('puts each validation problem beside its field, in plain words', () => {
    expect(placeAdjustError({ code: 400, key: 'invalid_payload', message: 'Invalid payload', details: 'Property .points: must not be 0: give the points to add' })).toEqual({ field: 'points', text: 'Enter a number of points other than 0.' });
    expect(placeAdjustError({ code: 400, key: 'invalid_expiration_date', message: 'Invalid Expiration Date', details: 'Expiration date cannot be set in the past' }).field).toBe('expiresOn');
    expect(placeAdjustError({ code: 400, key: 'invalid_payload', message: 'Invalid payload', details: 'Property .reason: Too big' }).field).toBe('reason');
  });

  it('gives the form what no field owns, never a developer message for a failed service', () => {
    expect(placeAdjustError({ code: 502, key: 'upstream_unreachable', message: 'Bad gateway' })).toEqual({ field: 'form', text: expect.stringMatching(/could not be reached/) });
  });
});

describe('redeemErrorText', () => {
  it('says why a redemption was refused', () => {
    expect(redeemErrorText({ code: 400, key: 'loyalty_card_points_exceeded', message: 'x' })).toMatch(/enough points/);
    expect(redeemErrorText({ code: 404, key: 'not_found', message: 'Resource not found' })).toMatch(/no longer offered/);
  });
});
