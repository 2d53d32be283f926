import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvHeader, csvRecords } from './export-csv';

describe('export CSV', () => {
  it('writes RFC 4180: CRLF records, quotes around commas, quotes and line breaks', () => {
    expect(csvHeader(['id', 'reason', 'amount'])).toBe('id,reason,amount\r\n');
    expect(csvRecords([['a,b', 'say "hi"', 1]])).toBe('"a,b","say ""hi""",1\r\n');
    expect(csvRecords([['line\nbreak', 'cr\ronly', 'both\r\n']])).toBe('"line\nbreak","cr\ronly","both\r\n"\r\n');
    expect(csvRecords([[null, '', 0]])).toBe(',,0\r\n');
  });

  it('neutralises text cells that spreadsheets would run as formulas; numbers stay numbers', () => {
    expect(csvRecords([['=1+1', '+x', '-x', '@x', '\tx', '\rx', -5, 'a=b']])).toBe(`'=1+1,'+x,'-x,'@x,'\tx,"'\rx",-5,a=b\r\n`);
    expect(csvRecords([['=HYPERLINK("http://evil","x")']])).toBe(`"'=HYPERLINK(""http://evil"",""x"")"\r\n`);
  });

  it('round-trips through a CSV parser, in batches longer than one slice', () => {
    const rows = Array.from({ length: 300 }, (_, i) => [`id,${i}`, i % 2 ? 'plain' : 'quo"te', -i]);
    const text = csvHeader(['id', 'reason', 'amount']) + csvRecords(rows);
    const parsed = parse(text, { record_delimiter: '\r\n' }) as string[][];
    expect(parsed).toHaveLength(301);
    expect(parsed[0]).toEqual(['id', 'reason', 'amount']);
    expect(parsed.slice(1)).toEqual(rows.map((row) => row.map((cell) => (typeof cell === 'string' && cell.startsWith('-') ? `'${cell}` : String(cell)))));
  });
});
