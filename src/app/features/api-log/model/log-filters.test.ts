import { describe, expect, it } from 'vitest';
import { actionWords, bodyText, filtersFromSearch, noFilters, resultWords, searchOfFilters } from './log-filters';

describe('API log filters', () => {
  it('round-trip through the address, leaving out what is not set', () => {
    const filters = { ...noFilters, status: '4xx' as const, customer: 'cust_1' };
    const search = searchOfFilters(filters);
    expect(search.toString()).toBe('status=4xx&customer=cust_1');
    expect(filtersFromSearch(search)).toEqual(filters);
  });

  it('drop only what is unreadable in an address', () => {
    expect(filtersFromSearch(new URLSearchParams('status=42x&card=FIX-1&since=soon&origin=x'))).toEqual({ ...noFilters, card: 'FIX-1' });
    expect(searchOfFilters({ ...noFilters, origin: 'all' }).toString()).toBe('origin=all');
  });

  it('say results and actions in words', () => {
    expect(resultWords(201).label).toBe('Succeeded (201)');
    expect(resultWords(404)).toEqual({ label: 'Not found (404)', color: 'warning' });
    expect(resultWords(400).label).toBe('Refused (400)');
    expect(resultWords(503).color).toBe('error');
    expect(actionWords('POST')).toBe('Sent');
    expect(bodyText({ a: 1 }, false)).toBe('{\n  "a": 1\n}');
    expect(bodyText('{"a":', true)).toMatch(/^\{"a":\n… \(cut/);
    expect(bodyText(null, false)).toBe('');
  });
});
