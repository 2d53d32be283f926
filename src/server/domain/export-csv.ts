import { stringify, type Options } from 'csv-stringify/sync';
import type { ExportField } from '../../contract/export';

export type CsvCell = string | number | null;

/**
 * RFC 4180: CRLF between records, quotes around cells holding a comma, quote or line break.
 * `escape_formulas` puts a `'` before text cells starting with = + - @ tab or CR (and their
 * full-width forms) so spreadsheets do not run them; numbers, negative ones too, stay numbers.
 * `quote_record_delimiter` must be explicit: with a custom record delimiter the library would
 * otherwise leave a bare LF inside a cell unquoted.
 */
const csvOptions: Options = { escape_formulas: true, record_delimiter: 'windows', quote_record_delimiter: true };

/** csv-stringify is several times faster on short arrays than on long ones (measured: 100 rows ≈ 3× 5,000). */
const slice = 128;

export function csvHeader(fields: readonly ExportField[]): string {
  return stringify([[...fields]], csvOptions);
}

/** CSV records for rows of cells, in the order of the header's fields. */
export function csvRecords(rows: CsvCell[][]): string {
  if (rows.length <= slice) return stringify(rows, csvOptions);
  const parts: string[] = [];
  for (let start = 0; start < rows.length; start += slice) parts.push(stringify(rows.slice(start, start + slice), csvOptions));
  return parts.join('');
}
