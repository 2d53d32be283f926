import { describe, expect, it } from 'vitest';
import { formatValidationDetails } from '../../../../contract/validation-details';
import { customerAlreadyEnrolled, placeApiError } from './api-error-fields';

const base = { code: 400, request_id: 'r1' };

describe('placeApiError', () => {
  it('puts card problems on the card code field, in plain words', () => {
    expect(placeApiError({ ...base, key: 'voucher_already_published', message: 'M', details: "Voucher 'v_1' has already been published", resource_type: 'voucher' })).toEqual([
      { target: 'voucher', text: 'This card already belongs to a customer.' },
    ]);
    for (const key of ['voucher_disabled', 'voucher_expired', 'voucher_not_active']) expect(placeApiError({ ...base, key, message: 'M' })[0].target).toBe('voucher');
    expect(placeApiError({ ...base, code: 404, key: 'not_found', message: 'Resource not found', details: 'Cannot find voucher with id X', resource_type: 'voucher' })).toEqual([
      { target: 'voucher', text: 'No card has this code.' },
    ]);
  });

  it('says a duplicate enrollment without ids, on the identifier field, and names the customer for the link', () => {
    const error = {
      ...base,
      key: 'voucher_cannot_be_published',
      message: 'Voucher cannot be published. Customer already joined program.',
      details: 'Customer cust_1 already holds a card of loyalty program camp_1',
      resource_type: 'customer',
      resource_id: 'cust_1',
    };
    const [placed] = placeApiError(error);
    expect(placed).toEqual({ target: 'customer.identifier', text: 'The customer already holds a card in this program.' });
    expect(placed.text).not.toMatch(/cust_|camp_/);
    expect(customerAlreadyEnrolled(error)).toBe('cust_1');
    expect(customerAlreadyEnrolled({ ...base, key: 'not_found', message: 'M', resource_type: 'customer', resource_id: 'cust_1' })).toBeNull();
  });

  it('puts a duplicate source id on the publication source id field', () => {
    expect(placeApiError({ ...base, key: 'duplicate_source_id', message: 'Duplicate source_id', details: 'x' })[0].target).toBe('publication.source_id');
  });

  it('puts an unknown program on the program select', () => {
    expect(placeApiError({ ...base, code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'campaign' })[0].target).toBe('program');
  });

  it('places each validation detail on its field, in plain words', () => {
    const details = formatValidationDetails([
      { kind: 'invalid', path: ['customer', 'email'], message: 'Too big: expected string to have <=1000 characters' },
      { kind: 'invalid', path: ['channel'], message: 'Too big: expected string to have <=1000 characters' },
      { kind: 'required', path: ['customer'], property: 'source_id' },
    ]);
    expect(placeApiError({ ...base, key: 'invalid_payload', message: 'Invalid payload', details })).toEqual([
      { target: 'customer.email', text: 'Use at most 1,000 characters.' },
      { target: 'publication.channel', text: 'Use at most 1,000 characters.' },
      { target: 'customer.identifier', text: 'Required.' },
    ]);
  });

  it('leaves anything else to the form-level alert', () => {
    expect(placeApiError({ ...base, key: 'no_voucher_suitable_for_publication', message: 'M' })).toEqual([]);
    expect(placeApiError({ ...base, key: 'invalid_payload', message: 'Invalid payload', details: "Payload should not have additional property 'x'" })).toEqual([]);
    expect(placeApiError({ ...base, code: 401, key: 'unauthorized', message: 'Unauthorized' })).toEqual([]);
  });
});
