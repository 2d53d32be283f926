import { describe, expect, it } from 'vitest';
import { lookupReport, unknownLinesText } from './lookup-report';

describe('lookupReport', () => {
  it('sends each customer once, however it was named, and reports unknown entries by line', () => {
    const report = lookupReport(['customer_id', 'demo-customer-01', 'cust_a1', 'nobody'], [1, 2, 3, 9], {
      object: 'customer_lookup',
      found: [
        { reference: 'demo-customer-01', id: 'cust_a1' },
        { reference: 'cust_a1', id: 'cust_a1' },
      ],
      unknown: ['customer_id', 'nobody'],
    });
    expect(report).toEqual({ customerIds: ['cust_a1'], unknown: [{ line: 1, entry: 'customer_id' }, { line: 9, entry: 'nobody' }] });
    expect(unknownLinesText(report.unknown)).toBe('line 1 “customer_id”, line 9 “nobody”');
    expect(unknownLinesText(report.unknown, 1)).toBe('line 1 “customer_id” and 1 more');
  });
});
