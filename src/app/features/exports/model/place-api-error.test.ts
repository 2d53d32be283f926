import { describe, expect, it } from 'vitest';
import { apiErrorText, fieldOfApiError } from './place-api-error';

describe('placing API errors on the export form', () => {
  it('puts an unknown card at the card field in use, an unknown program at the program', () => {
    const card = { code: 404, key: 'not_found', message: 'Resource not found', details: 'Cannot find voucher with id NOPE', resource_type: 'voucher' };
    expect(fieldOfApiError(card, 'member')).toBe('memberCode');
    expect(fieldOfApiError(card, 'code')).toBe('code');
    expect(apiErrorText(card)).toBe('No card has this code.');
    expect(fieldOfApiError({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'campaign' }, 'member')).toBe('programId');
  });

  it('puts payload errors at the fields or the date range, and anything else above the form', () => {
    expect(fieldOfApiError({ code: 400, key: 'invalid_payload', message: 'Invalid payload', details: 'Property .parameters.fields.1: unknown field "x"' }, 'code')).toBe('fields');
    expect(fieldOfApiError({ code: 400, key: 'invalid_payload', message: 'Invalid payload', details: 'Property .parameters.filters.created_at.conditions.$after: bad' }, 'code')).toBe(
      'createdAfter',
    );
    expect(fieldOfApiError({ code: 500, key: 'internal_error', message: 'Internal Server Error' }, 'code')).toBeNull();
    expect(apiErrorText({ code: 500, key: 'internal_error', message: 'Internal Server Error' })).toBe('Something failed on the server; quote the request id to support.');
  });
});
