import { describe, expect, it } from 'vitest';
import { parseIds } from './parse-ids';

describe('parseIds', () => {
  it('splits on commas, semicolons, whitespace and new lines, and counts what it finds', () => {
    const parsed = parseIds('cust_a1, cust_b2;cust_c3\tcust_d4\r\ncust_e5\n\n cust_a1 ;; cust_b2');
    expect(parsed).toMatchObject({ pasted: 7, ids: ['cust_a1', 'cust_b2', 'cust_c3', 'cust_d4', 'cust_e5'], lines: [1, 1, 1, 1, 2], duplicates: 2, malformed: 0, overLimit: false });
  });

  it('drops CSV quotes and reads anything that is not a cust_ id as a source id, with the line it is on', () => {
    const parsed = parseIds('customer_id\n"cust_a1"\n\'demo-customer-02\'\nalice@example.com\ncust_ok');
    expect(parsed.ids).toEqual(['customer_id', 'cust_a1', 'demo-customer-02', 'alice@example.com', 'cust_ok']);
    expect(parsed.lines).toEqual([1, 2, 3, 4, 5]);
    expect(parsed.malformed).toBe(0);
  });

  it('counts entries too long to name a customer as malformed, by line', () => {
    const parsed = parseIds(`cust_a1\n${'x'.repeat(201)}`);
    expect(parsed).toMatchObject({ ids: ['cust_a1'], malformed: 1 });
    expect(parsed.malformedExamples[0]).toMatch(/^line 2: x{40}…$/);
  });

  it('handles empty text', () => {
    expect(parseIds('  \n ')).toMatchObject({ pasted: 0, ids: [], duplicates: 0, malformed: 0 });
  });

  it('flags more than 20,000 distinct ids (more than a segment holds), and refuses more than 40,000 (more than one lookup takes)', () => {
    const ids = Array.from({ length: 40_001 }, (_, i) => `cust_${i}`);
    expect(parseIds(ids.slice(0, 20_000).join('\n'))).toMatchObject({ overSegment: false, overLimit: false });
    expect(parseIds(ids.slice(0, 20_001).join('\n'))).toMatchObject({ overSegment: true, overLimit: false });
    expect(parseIds(ids.join('\n'))).toMatchObject({ overSegment: true, overLimit: true });
    // Repeats do not count toward the limit.
    expect(parseIds([...ids.slice(0, 20_000), ...ids.slice(0, 500)].join(',')).overSegment).toBe(false);
  });

  it('parses 20,000 ids quickly', () => {
    const text = Array.from({ length: 20_000 }, (_, i) => `cust_demobulk${String(i).padStart(5, '0')}`).join('\n');
    const start = performance.now();
    expect(parseIds(text).ids).toHaveLength(20_000);
    expect(performance.now() - start).toBeLessThan(500);
  });
});
