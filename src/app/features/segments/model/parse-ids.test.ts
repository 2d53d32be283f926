import { describe, expect, it } from 'vitest';
import { parseIds } from './parse-ids';

describe('parseIds', () => {
  it('splits on commas, semicolons, whitespace and new lines, and counts what it finds', () => {
    const parsed = parseIds('cust_a1, cust_b2;cust_c3\tcust_d4\r\ncust_e5\n\n cust_a1 ;; cust_b2');
    expect(parsed).toMatchObject({ pasted: 7, ids: ['cust_a1', 'cust_b2', 'cust_c3', 'cust_d4', 'cust_e5'], duplicates: 2, malformed: 0, overLimit: false });
  });

  it('drops CSV quotes and counts anything that is not a customer id as malformed, keeping a few examples', () => {
    const parsed = parseIds('customer_id\n"cust_a1"\n\'cust_b2\'\nalice@example.com\ncust_\ncust-x1\nCUST_a1\ncust_ok');
    expect(parsed.ids).toEqual(['cust_a1', 'cust_b2', 'cust_ok']);
    expect(parsed.malformed).toBe(5);
    expect(parsed.malformedExamples).toEqual(['customer_id', 'alice@example.com', 'cust_', 'cust-x1', 'CUST_a1']);
  });

  it('handles empty text', () => {
    expect(parseIds('  \n ')).toMatchObject({ pasted: 0, ids: [], duplicates: 0, malformed: 0 });
  });

  it('flags more than 20,000 distinct ids', () => {
    const ids = Array.from({ length: 20_001 }, (_, i) => `cust_${i}`);
    expect(parseIds(ids.slice(0, 20_000).join('\n')).overLimit).toBe(false);
    expect(parseIds(ids.join('\n')).overLimit).toBe(true);
    // Repeats do not count toward the limit.
    expect(parseIds([...ids.slice(0, 20_000), ...ids.slice(0, 500)].join(',')).overLimit).toBe(false);
  });

  it('parses 20,000 ids quickly', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `cust_demobulk${String(i).padStart(5, '0')}`).join('\n');
    const start = performance.now();
    expect(parseIds(text).ids).toHaveLength(20_000);
    expect(performance.now() - start).toBeLessThan(500);
  });
});
