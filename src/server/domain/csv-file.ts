import { CsvError, parse } from 'csv-parse/sync';
import { invalidPayloadAt } from '../lib/api-error';

/**
 * A CSV file of an import (customers, products, SKUs: POST …/importCSV), read whole before
 * anything is recorded: a file that is not CSV, has no header line, repeats a header, has a header
 * with white space (the contract: "No spaces allowed in field names"), a line of another length or
 * a NUL (which no text column stores) is refused with the line it is on, and nothing is written.
 */
export interface CsvTable {
  /** The header line's names, as written. */
  headers: string[];
  /** Each record after the header with its line number in the file (the header is line 1). */
  rows: { line: number; cells: string[] }[];
}

/** Where a problem with the file is named in the error object: `Property .file.<line>.<column>`. */
export function fileProblem(message: string, line?: number, column?: string) {
  return invalidPayloadAt(['file', ...(line === undefined ? [] : [line]), ...(column === undefined ? [] : [column])], message);
}

const nul = '\u0000';

/** PostgreSQL stores no NUL in text or jsonb: the first cell holding one is refused by its line and column. */
function refuseNul(headers: string[], body: { record: string[]; info: { lines: number } }[]): void {
  for (const { record, info } of body) {
    const at = record.findIndex((cell) => cell.includes(nul));
    if (at !== -1) throw fileProblem('contains a NUL character, which cannot be stored', info.lines, headers[at]);
  }
}

export function readCsv(text: string, maxRows: number): CsvTable {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, info: true }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    if (error instanceof CsvError) throw fileProblem(`is not a valid CSV file: ${error.message}`);
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw fileProblem('is empty: the first line must name the columns');
  const headers = header.record.map((name) => name.trim());
  headers.forEach((name, at) => {
    if (name.includes(nul)) throw fileProblem(`the name of column ${at + 1} contains a NUL character, which cannot be stored`, 1);
    if (name === '') throw fileProblem(`column ${at + 1} has no name in the header line`, 1);
    if (/\s/.test(name)) throw fileProblem('a column name may not contain white space', 1, name);
    if (headers.indexOf(name) !== at) throw fileProblem('the column is named twice in the header line', 1, name);
  });
  if (body.length === 0) throw fileProblem('has no rows after the header line');
  if (body.length > maxRows) throw fileProblem(`has ${body.length} rows: at most ${maxRows} are imported at once`);
  if (text.includes(nul)) refuseNul(headers, body);
  return { headers, rows: body.map(({ record, info }) => ({ line: info.lines, cells: record })) };
}

/** A row's cells by column name, an empty cell left out (it sets nothing). */
export function cellsOf(table: CsvTable, cells: string[]): Map<string, string> {
  const byName = new Map<string, string>();
  table.headers.forEach((name, at) => {
    const value = cells[at]?.trim() ?? '';
    if (value !== '') byName.set(name, value);
  });
  return byName;
}

/** A whole number cell (prices in cents, as the API has them), or the error naming it. */
export function wholeNumber(value: string, line: number, column: string): number {
  if (!/^\d{1,15}$/.test(value)) throw fileProblem(`expected a whole number of cents, got "${value}"`, line, column);
  return Number(value);
}
