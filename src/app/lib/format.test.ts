import { describe, expect, it } from 'vitest';
import { formatCents, parseCents } from './format';

describe('formatCents', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [100, '1.00'],
    [150, '1.50'],
    [123456, '1,234.56'],
    [100000000, '1,000,000.00'],
    [-250, '−2.50'],
  ])('%d → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });
});

describe('parseCents', () => {
  it.each<[string, number | null]>([
    ['1', 100],
    ['1.5', 150],
    ['1.50', 150],
    [' 12.05 ', 1205],
    ['0.01', 1],
    ['1,234.50', 123450],
    ['1234', 123400],
    ['', null],
    ['1.234', null],
    ['-1', null],
    ['1e3', null],
    ['abc', null],
    ['1,23', null],
  ])('%j → %j', (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });
});
