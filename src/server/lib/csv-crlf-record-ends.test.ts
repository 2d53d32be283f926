import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRecords, type CsvCell } from '../domain/export-csv';
import { CsvCrlfRecordEnds } from './csv-crlf-record-ends';

/** The CSV the transform makes of `chunks`, and the records it counted. */
async function convert(chunks: Buffer[]): Promise<{ csv: string; records: number }> {
  const transform = new CsvCrlfRecordEnds();
  let out = Buffer.alloc(0);
  await pipeline(Readable.from(chunks), transform, async (source: AsyncIterable<Buffer>) => {
    out = await buffer(source);
  });
  return { csv: out.toString('utf8'), records: transform.records };
}

/** `bytes` cut at the given positions. */
function cut(bytes: Buffer, positions: number[]): Buffer[] {
  const edges = [0, ...positions, bytes.length];
  return edges.slice(1).map((end, i) => bytes.subarray(edges[i], end));
}

/** COPY's CSV of the rows: the export encoder's quoting, records ended by LF alone. */
const withLf = (rows: CsvCell[][]) => rows.map((row) => `${csvRecords([row]).slice(0, -2)}\n`).join('');

describe('CSV record ends LF → CRLF', () => {
  it('ends records with CRLF and keeps line breaks inside quoted cells', async () => {
    expect(await convert([Buffer.from('a,b\n"x\ny",z\n"cr\r\n"\n')])).toEqual({ csv: 'a,b\r\n"x\ny",z\r\n"cr\r\n"\r\n', records: 3 });
    expect(await convert([Buffer.from('no end')])).toEqual({ csv: 'no end', records: 0 });
    expect(await convert([])).toEqual({ csv: '', records: 0 });
  });

  it('keeps the quote state across chunks, at every cut of a quoted cell with doubled quotes and a line break', async () => {
    const input = Buffer.from('"say ""hi""\nthere",1\n"""",\n,"a\n"\n');
    const expected = '"say ""hi""\nthere",1\r\n"""",\r\n,"a\n"\r\n';
    for (let at = 0; at <= input.length; at++) expect((await convert(cut(input, [at]))).csv, `cut at ${at}`).toBe(expected);
    const bytes = Array.from({ length: input.length }, (_, i) => i + 1);
    expect(await convert(cut(input, bytes))).toEqual({ csv: expected, records: 3 });
  });

  it('grows past 4,096 record ends in one chunk', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [`r${i}`, i % 3 ? 'x' : 'two\nlines']);
    expect(await convert([Buffer.from(withLf(rows))])).toEqual({ csv: csvRecords(rows), records: rows.length });
  });

  it('turns COPY-style CSV of any cells, cut anywhere, into the export encoder’s CSV', async () => {
    const text = fc.string({ unit: fc.constantFrom('a', ',', '"', '\r', '\n', ' ', 'é', '\u{1F600}') });
    const rows = fc.array(fc.array(fc.oneof(text, fc.constant(null)), { minLength: 1, maxLength: 4 }), { maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(rows, fc.array(fc.nat(), { maxLength: 8 }), async (cells, cuts) => {
        const input = Buffer.from(withLf(cells));
        const positions = [...new Set(cuts.map((n) => n % (input.length + 1)))].sort((a, b) => a - b);
        expect(await convert(cut(input, positions))).toEqual({ csv: csvRecords(cells), records: cells.length });
      }),
      { numRuns: 1000 },
    );
  });
});
