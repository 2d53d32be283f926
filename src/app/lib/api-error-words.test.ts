import { describe, expect, it } from 'vitest';
import { sayApiError, serviceWords, technicalReference } from './api-error-words';

describe('sayApiError', () => {
  it('says what is missing without ids', () => {
    expect(sayApiError({ code: 404, key: 'not_found', message: 'Resource not found', details: 'Cannot find voucher with id X', resource_type: 'voucher' })).toBe('No card has this code.');
    expect(sayApiError({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'gizmo_part' })).toBe('No gizmo part with this ID exists.');
  });

  it('says validation details in plain words, naming their fields', () => {
    expect(sayApiError({ code: 400, key: 'invalid_payload', message: 'Invalid payload', details: 'Property .name: Too big: expected string to have <=1000 characters' })).toBe(
      'name: Use at most 1,000 characters.',
    );
  });

  it('uses the catalogue for known keys and the service’s words for unknown ones', () => {
    expect(sayApiError({ code: 400, key: 'voucher_cannot_be_published', message: 'M', details: 'Customer cust_1 …' })).toBe('The customer already holds a card in this program.');
    expect(sayApiError({ code: 418, key: 'teapot', message: 'I am a teapot', details: 'short and stout' })).toBe('I am a teapot: short and stout');
    expect(sayApiError({ code: 423, key: 'account_locked', message: 'Account locked', details: 'Too many failed sign-ins; try again in 15 minutes' })).toBe(
      'Too many failed sign-ins; try again in 15 minutes',
    );
  });

  it('keeps the service’s words and references for support', () => {
    const error = { code: 400, key: 'x', message: 'M', details: 'D', request_id: 'r1' };
    expect(serviceWords(error)).toBe('M: D');
    expect(technicalReference(error)).toBe('Error key: x · HTTP 400 · Request id: r1');
  });
});
