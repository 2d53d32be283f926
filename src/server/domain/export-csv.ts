
export type CsvCell = string | number | null;

/** A cell that must be quoted (RFC 4180): it holds a comma, a quote or a line break. */
const needsQuotes = /[",\r\n]/;
/**
 * First characters of text that spreadsheets would run as a formula: = + - @ tab CR, and the
 * full-width ＝ ＋ － ＠, as code points (all in the BMP, so one UTF-16 unit each). Such text gets a
 * leading `'` (OWASP CSV injection); numbers, negative ones too, are numbers and stay as they are.
 * The COPY path of the export applies the same guard in SQL from this list.
 */
export const formulaStartCodes: readonly number[] = [0x3d, 0x2b, 0x2d, 0x40, 0x09, 0x0d, 0xff1d, 0xff0b, 0xff0d, 0xff20];
const formulaStart = new Set(formulaStartCodes);

function cell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = formulaStart.has(value.charCodeAt(0)) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function record(cells: readonly CsvCell[]): string {
  let line = cells.length > 0 ? cell(cells[0]) : '';
  for (let i = 1; i < cells.length; i++) line += `,${cell(cells[i])}`;
  return `${line}\r\n`;
}

/**
 * The export's CSV: RFC 4180 (CRLF between records; quotes around cells holding a comma, quote
 * or line break, quotes doubled) with the formula guard. Written by hand rather than through
 * csv-stringify because the export's throughput target (half of COPY's) needs it: the library
 * spent most of its time in per-cell allocations and GC (figures in README, "Why the hot paths look the way they do"). The test
 * checks this encoder against csv-stringify (escape_formulas, CRLF, quote_record_delimiter) as
 * the oracle, on arbitrary cells. On PostgreSQL, COPY writes the records of exports of two or more
 * fields instead, by the same rules (export-rows.ts); the header is always this one.
 */
export function csvHeader(fields: readonly string[]): string {
  return record(fields);
}

/** CSV records for rows of cells, in the order of the header's fields. */
export function csvRecords(rows: readonly (readonly CsvCell[])[]): string {
  let out = '';
  for (const row of rows) out += record(row);
  return out;
}
