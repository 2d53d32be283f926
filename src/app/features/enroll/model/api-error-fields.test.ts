import { describe, expect, it } from 'vitest';
import { placeApiError, propertyPathOfDetail } from './api-error-fields';

const base = { code: 400, request_id: 'r1' };

describe('propertyPathOfDetail', () => {
  it.each([
    ['Property .customer.email: Invalid input: expected string', ['customer', 'email']],
    ["Property .customer should have required property 'id'", ['customer', 'id']],
    ["Payload should have required property 'customer'", ['customer']],
    ["Property .customer should not have additional property 'foo'", ['customer', 'foo']],
    ['Property .metadata.tier: bad', ['metadata', 'tier']],
    ['Something else entirely', null],
  ])('%s', (detail, path) => {
    expect(propertyPathOfDetail(detail)).toEqual(path);
  });
});

describe('placeApiError', () => {
  it('puts card problems on the card code field', () => {
    for (const key of ['voucher_already_published', 'voucher_disabled', 'voucher_expired', 'voucher_not_active']) {
      expect(placeApiError({ ...base, key, message: 'M', details: 'D', resource_type: 'voucher' })).toEqual([{ target: 'voucher', text: 'M: D' }]);
    }
    expect(placeApiError({ ...base, code: 404, key: 'not_found', message: 'Resource not found', details: 'Cannot find voucher with id X', resource_type: 'voucher' })[0].target).toBe('voucher');
  });

  it('puts customer problems on the identifier field', () => {
    expect(placeApiError({ ...base, code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'customer' })[0].target).toBe('customer.identifier');
    expect(
      placeApiError({ ...base, key: 'voucher_cannot_be_published', message: 'Voucher cannot be published. Customer already joined program.', details: 'Customer c already holds a card', resource_type: 'customer' }),
    ).toEqual([{ target: 'customer.identifier', text: 'Voucher cannot be published. Customer already joined program. Customer c already holds a card' }]);
  });

  it('puts a duplicate source id on the publication source id field', () => {
    expect(placeApiError({ ...base, key: 'duplicate_source_id', message: 'Duplicate source_id', details: 'x' })[0].target).toBe('publication.source_id');
  });

  it('puts an unknown program on the program select', () => {
    expect(placeApiError({ ...base, code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'campaign' })[0].target).toBe('program');
  });

  it('places each validation detail on its field', () => {
    expect(
      placeApiError({ ...base, key: 'invalid_payload', message: 'Invalid payload', details: 'Property .customer.email: too long; Property .channel: too long' }),
    ).toEqual([
      { target: 'customer.email', text: 'Invalid payload: Property .customer.email: too long' },
      { target: 'publication.channel', text: 'Invalid payload: Property .channel: too long' },
    ]);
  });

  it('leaves anything else to the form-level alert', () => {
    expect(placeApiError({ ...base, key: 'no_voucher_suitable_for_publication', message: 'M' })).toEqual([]);
    expect(placeApiError({ ...base, key: 'invalid_payload', message: 'Invalid payload', details: "Payload should not have additional property 'x'" })).toEqual([]);
    expect(placeApiError({ ...base, code: 401, key: 'unauthorized', message: 'Unauthorized' })).toEqual([]);
  });
});
