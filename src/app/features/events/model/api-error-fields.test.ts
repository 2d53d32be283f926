import { describe, expect, it } from 'vitest';
import { formatValidationDetails } from '../../../../contract/validation-details';
import { placeEventError } from './api-error-fields';

const base = { code: 400, request_id: 'r1' };

describe('placeEventError', () => {
  it('puts metadata problems on the field of that property', () => {
    const details = formatValidationDetails([
      { kind: 'required', path: ['metadata'], property: 'store' },
      { kind: 'invalid', path: ['metadata', 'amount'], message: 'expected number' },
    ]);
    expect(placeEventError({ ...base, key: 'invalid_payload', message: 'Invalid payload', details }, ['amount', 'store'])).toEqual([
      { target: 'metadata.1', text: 'Required.' },
      { target: 'metadata.0', text: 'Expected number.' },
    ]);
  });

  it('puts customer and card problems on their fields, in plain words', () => {
    expect(placeEventError({ ...base, code: 404, key: 'not_found', message: 'Resource not found', details: 'Cannot find customer with id cust_x', resource_type: 'customer' }, [])).toEqual([
      { target: 'customer', text: 'No customer has this ID or source ID.' },
    ]);
    expect(placeEventError({ ...base, key: 'loyalty_card_not_held_by_customer', message: 'M', details: 'Loyalty card C is not held by customer cust_x' }, [])).toEqual([
      { target: 'loyaltyCode', text: 'This card belongs to another customer.' },
    ]);
  });

  it('leaves errors no field fits to the top of the form', () => {
    expect(placeEventError({ ...base, key: 'invalid_payload', message: 'Invalid payload', details: "Payload should not have additional property 'x'" }, [])).toEqual([]);
    expect(placeEventError({ ...base, code: 401, key: 'unauthorized', message: 'Unauthorized' }, [])).toEqual([]);
  });
});
