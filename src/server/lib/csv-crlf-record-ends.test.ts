import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRecords, type CsvCell } from '../domain/export-csv';
import { CsvCrlfRecordEnds } from './csv-crlf-record-ends';

/** What the transform makes of `chunks`: the CSV, the records it counted, and the chunks it passed on. */
async function convert(chunks: Buffer[], minChunkBytes = 0): Promise<{ csv: string; records: number; passed: number }> {
  const transform = new CsvCrlfRecordEnds({ minChunkBytes });
  const out: Buffer[] = [];
  // A Writable, not an async iterator: it sees each chunk as passed on, never two joined.
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out.push(chunk);
      done();
    },
  });
  await pipeline(Readable.from(chunks), transform, sink);
  return { csv: Buffer.concat(out).toString('utf8'), records: transform.records, passed: out.length };
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
    expect(await convert([Buffer.from('a,b\n"x\ny",z\n"cr\r\n"\n')])).toMatchObject({ csv: 'a,b\r\n"x\ny",z\r\n"cr\r\n"\r\n', records: 3 });
    expect(await convert([Buffer.from('no end')])).toMatchObject({ csv: 'no end', records: 0 });
    expect(await convert([])).toMatchObject({ csv: '', records: 0 });
  });

  it('keeps the quote state across chunks, at every cut of a quoted cell with doubled quotes and a line break', async () => {
    const input = Buffer.from('"say ""hi""\nthere",1\n"""",\n,"a\n"\n');
    const expected = '"say ""hi""\nthere",1\r\n"""",\r\n,"a\n"\r\n';
    for (let at = 0; at <= input.length; at++) expect((await convert(cut(input, [at]))).csv, `cut at ${at}`).toBe(expected);
    const bytes = Array.from({ length: input.length }, (_, i) => i + 1);
    expect(await convert(cut(input, bytes))).toEqual({ csv: expected, records: 3, passed: input.length });
  });

  it('gathers small chunks into one of at least minChunkBytes, and passes on the rest at the end', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => [`r${i}`, i % 3 ? 'x' : 'two\nlines']);
    const input = Buffer.from(withLf(rows)); // 32,890 bytes: 25,000 in three chunks, then the rest
    const converted = await convert(cut(input, [1000, 2000, 25_000]), 20_000);
    expect(converted).toEqual({ csv: csvRecords(rows), records: rows.length, passed: 2 });
  });

  it('grows past 4,096 record ends in one chunk', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [`r${i}`, i % 3 ? 'x' : 'two\nlines']);
    expect(await convert([Buffer.from(withLf(rows))])).toMatchObject({ csv: csvRecords(rows), records: rows.length });
  });

  it('turns COPY-style CSV of any cells, cut anywhere, into the export encoder’s CSV', async () => {
    const text = fc.string({ unit: fc.constantFrom('a', ',', '"', '\r', '\n', ' ', 'é', '\u{1F600}') });
    const rows = fc.array(fc.array(fc.oneof(text, fc.constant(null)), { minLength: 1, maxLength: 4 }), { maxLength: 6 });
    await fc.assert(
      fc.asyncProperty(rows, fc.array(fc.nat(), { maxLength: 8 }), fc.constantFrom(0, 5, 64 * 1024), async (cells, cuts, minChunkBytes) => {
        const input = Buffer.from(withLf(cells));
        const positions = [...new Set(cuts.map((n) => n % (input.length + 1)))].sort((a, b) => a - b);
        expect(await convert(cut(input, positions), minChunkBytes)).toMatchObject({ csv: csvRecords(cells), records: cells.length });
      }),
      { numRuns: 1000 },
    );
  });
});
