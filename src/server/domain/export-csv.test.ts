import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvHeader, csvRecords, type CsvCell } from './export-csv';

/** The library the encoder must agree with: RFC 4180 with CRLF and its formula escaping. */
const oracle = (rows: CsvCell[][]) => stringify(rows, { escape_formulas: true, record_delimiter: 'windows', quote_record_delimiter: true });

describe('export CSV', () => {
  it('writes RFC 4180: CRLF records, quotes around commas, quotes and line breaks', () => {
    expect(csvHeader(['id', 'reason', 'amount'])).toBe('id,reason,amount\r\n');
    expect(csvRecords([['a,b', 'say "hi"', 1]])).toBe('"a,b","say ""hi""",1\r\n');
    expect(csvRecords([['line\nbreak', 'cr\ronly', 'both\r\n']])).toBe('"line\nbreak","cr\ronly","both\r\n"\r\n');
    expect(csvRecords([[null, '', 0]])).toBe(',,0\r\n');
  });

  it('neutralises text cells that spreadsheets would run as formulas; numbers stay numbers', () => {
    expect(csvRecords([['=1+1', '+x', '-x', '@x', '\tx', '\rx', -5, 'a=b', '＝1']])).toBe(`'=1+1,'+x,'-x,'@x,'\tx,"'\rx",-5,a=b,'＝1\r\n`);
    expect(csvRecords([['=HYPERLINK("http://evil","x")']])).toBe(`"'=HYPERLINK(""http://evil"",""x"")"\r\n`);
  });

  it('agrees with csv-stringify on any cells', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'z', ',', '"', '\r', '\n', '=', '+', '-', '@', '\t', ' ', '\uFF1D', "'", 'é') });
    const cellArbitrary = fc.oneof(text, fc.integer({ min: -1e12, max: 1e12 }), fc.constant(null));
    fc.assert(
      fc.property(fc.array(fc.array(cellArbitrary, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), (rows) => {
        expect(csvRecords(rows)).toBe(oracle(rows));
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips through a CSV parser', () => {
    const rows = Array.from({ length: 300 }, (_, i) => [`id,${i}`, i % 2 ? 'plain' : 'quo"te\r\nline', -i]);
    const parsed = parse(csvHeader(['id', 'reason', 'amount']) + csvRecords(rows), { record_delimiter: '\r\n' }) as string[][];
    expect(parsed[0]).toEqual(['id', 'reason', 'amount']);
    expect(parsed.slice(1)).toEqual(rows.map((row) => row.map(String)));
  });
});
