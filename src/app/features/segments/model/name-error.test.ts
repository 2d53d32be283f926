import { describe, expect, it } from 'vitest';
import { formatValidationDetails } from '../../../../contract/validation-details';
import { nameErrorOf } from './name-error';

describe('nameErrorOf', () => {
  it('says a problem with the name in plain words', () => {
    const details = formatValidationDetails([{ kind: 'invalid', path: ['name'], message: 'Too big: expected string to have <=200 characters' }]);
    expect(nameErrorOf({ code: 400, key: 'invalid_payload', message: 'Invalid payload', details })).toBe('Use at most 200 characters.');
  });

  it('leaves other errors to the form', () => {
    const details = formatValidationDetails([{ kind: 'invalid', path: ['filter', 'x'], message: 'bad' }]);
    expect(nameErrorOf({ code: 400, key: 'invalid_payload', message: 'Invalid payload', details })).toBeNull();
    expect(nameErrorOf({ code: 404, key: 'not_found', message: 'Resource not found', resource_type: 'customer' })).toBeNull();
  });
});
