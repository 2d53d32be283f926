import { describe, expect, it } from 'vitest';
import { fieldPathOf, formatValidationDetail, formatValidationDetails, parseValidationDetail, parseValidationDetails, type ValidationDetail } from './validation-details';
import { sayValidationDetail, sayValidationDetails, sayValidationMessage } from './validation-wording';

const samples: ValidationDetail[] = [
  { kind: 'required', path: [], property: 'customer' },
  { kind: 'required', path: ['customer'], property: 'id' },
  { kind: 'required', path: ['metadata'], property: 'store name' },
  { kind: 'additional', path: [], property: 'extra' },
  { kind: 'additional', path: ['parameters', 'filters'], property: 'x' },
  { kind: 'invalid', path: ['customer', 'email'], message: 'Too big: expected string to have <=1000 characters' },
  { kind: 'invalid', path: ['metadata', '0'], message: 'Invalid input: expected string, received number' },
  { kind: 'invalid', path: [], message: 'expected object: with a colon' },
];

describe('validation details', () => {
  it('reads back every detail it writes', () => {
    for (const detail of samples) expect(parseValidationDetail(formatValidationDetail(detail))).toEqual(detail);
    const parsed = parseValidationDetails(formatValidationDetails(samples)).map(({ detail }) => detail);
    expect(parsed).toEqual(samples);
  });

  it('writes the real API’s words', () => {
    expect(formatValidationDetail(samples[0])).toBe("Payload should have required property 'customer'");
    expect(formatValidationDetail(samples[1])).toBe("Property .customer should have required property 'id'");
    expect(formatValidationDetail(samples[5])).toBe('Property .customer.email: Too big: expected string to have <=1000 characters');
  });

  it('keeps a message that holds the separator in one detail', () => {
    const details: ValidationDetail[] = [
      { kind: 'invalid', path: ['reward', 'points'], message: 'Mug costs 25 points; only pay with points takes a number of points' },
      { kind: 'required', path: [], property: 'order' },
    ];
    expect(parseValidationDetails(formatValidationDetails(details)).map(({ detail }) => detail)).toEqual(details);
  });

  it('gives null for text in another format, keeping the text', () => {
    expect(parseValidationDetail('A value in the request is too large or cannot be stored')).toBeNull();
    expect(parseValidationDetails('free text; more; Payload: bad')).toEqual([
      { text: 'free text; more', detail: null },
      { text: 'Payload: bad', detail: { kind: 'invalid', path: [], message: 'bad' } },
    ]);
  });

  it('names the field a detail concerns', () => {
    expect(fieldPathOf(samples[1])).toEqual(['customer', 'id']);
    expect(fieldPathOf(samples[5])).toEqual(['customer', 'email']);
  });
});

describe('validation wording', () => {
  it('says zod’s messages in plain words', () => {
    expect(sayValidationMessage('Too big: expected string to have <=1000 characters')).toBe('Use at most 1,000 characters.');
    expect(sayValidationMessage('Too small: expected string to have >=1 characters')).toBe('Enter a value.');
    expect(sayValidationMessage('Invalid input: expected string, received number')).toBe('Enter text.');
    expect(sayValidationMessage('Invalid option: expected one of "a"|"b"')).toBe('Choose one of a, b.');
    expect(sayValidationMessage('Too big: expected number to be <=100')).toBe('Enter 100 or less.');
    expect(sayValidationMessage('Invalid ISO date')).toBe('Enter a date as YYYY-MM-DD.');
    expect(sayValidationMessage('must be a customer id')).toBe('Must be a customer id.');
  });

  it('says a missing property is required, and names fields when shown away from them', () => {
    expect(sayValidationDetail(samples[1])).toBe('Required.');
    expect(sayValidationDetails(formatValidationDetails([samples[1], samples[5]]))).toBe('customer.id: Required.\ncustomer.email: Use at most 1,000 characters.');
  });
});
