import { z } from 'zod';

/** One key/value row of a metadata editor; both are text as typed. */
export const metadataRowSchema = z.object({ key: z.string(), value: z.string() });
export type MetadataRow = z.infer<typeof metadataRowSchema>;

/** Rows with a key but no duplicate; a fully empty row is ignored, a value without a key is an error. */
export const metadataRowsSchema = z.array(metadataRowSchema).superRefine((rows, ctx) => {
  const firstRowOfKey = new Map<string, number>();
  rows.forEach((row, index) => {
    const key = row.key.trim();
    if (!key) {
      if (row.value.trim() !== '') ctx.addIssue({ code: 'custom', path: [index, 'key'], message: 'Enter a key for this value, or remove the row' });
      return;
    }
    const first = firstRowOfKey.get(key);
    if (first !== undefined) ctx.addIssue({ code: 'custom', path: [index, 'key'], message: `Key "${key}" is already used in row ${first + 1}` });
    else firstRowOfKey.set(key, index);
  });
});

const plainNumber = /^-?(0|[1-9]\d*)(\.\d+)?$/;
const quoted = /^"(.*)"$/s;

/**
 * The metadata value a typed text stands for. The choice: values stay text unless they are
 * clearly something else —
 *  - `true` / `false` become booleans;
 *  - plain decimal numbers (`42`, `-3`, `12.5`) become numbers, but not text that only looks
 *    numeric: leading zeros (`007`, postal codes), exponents, `+31…` phone numbers, spaces,
 *    or integers beyond what a JSON number holds exactly;
 *  - a value in double quotes is the text inside, so `"42"` or `"true"` stay strings;
 *  - everything else, including an empty value, is sent as typed.
 */
export function parseMetadataValue(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  const inQuotes = quoted.exec(trimmed);
  if (inQuotes) return inQuotes[1];
  if (plainNumber.test(trimmed)) {
    const value = Number(trimmed);
    if (Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value))) return value;
  }
  return text;
}

/** The metadata object of the rows, or undefined when no row has a key. */
export function rowsToMetadata(rows: readonly MetadataRow[]): Record<string, unknown> | undefined {
  const entries = rows.filter((row) => row.key.trim() !== '').map((row) => [row.key.trim(), parseMetadataValue(row.value)] as const);
  return entries.length ? Object.fromEntries(entries) : undefined;
}
