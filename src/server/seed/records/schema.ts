import { z } from 'zod';
import { recordTableByName, recordTables, type ColumnKind, type RecordColumn, type RecordTable } from './tables';

/** A row as the document holds it: SQL column names, dates as ISO instants. */
export type RecordRow = Record<string, unknown>;
export type Records = Partial<Record<string, RecordRow[]>>;

const valueSchemas: Record<ColumnKind, z.ZodType> = {
  text: z.string(),
  boolean: z.boolean(),
  integer: z.number().int().refine(Number.isSafeInteger, 'must be a safe integer'),
  number: z.number(),
  json: z.json(),
  timestamp: z.iso.datetime({ offset: true }),
};

function columnSchema(column: RecordColumn): z.ZodType {
  const value = column.nullable ? valueSchemas[column.kind].nullable() : valueSchemas[column.kind];
  return column.optional ? value.optional() : value;
}

function rowSchema(table: RecordTable) {
  return z.strictObject(Object.fromEntries(table.columns.map((c) => [c.name, columnSchema(c)])));
}

/** The `records` section: known tables only, each row with known columns of the right types. */
export const recordsSchema = z.strictObject(Object.fromEntries(recordTables.map((t) => [t.name, z.array(rowSchema(t)).optional()]))) as unknown as z.ZodType<Records>;

const tupleOf = (row: RecordRow, columns: string[]) => JSON.stringify(columns.map((c) => row[c] ?? null));

/**
 * What zod cannot say of the records: no key twice, and every reference (foreign key, or an id the
 * schema names by convention) to a row of the same document. Issues name the place, e.g.
 * `records.card_transactions.3.voucher_id`.
 */
export function checkRecordReferences(records: Records, ctx: z.RefinementCtx): void {
  const keysOf = new Map<string, Set<string>>();
  const keySet = (table: string, columns: string[]) => {
    const id = `${table}(${columns.join(',')})`;
    let set = keysOf.get(id);
    if (!set) {
      set = new Set((records[table] ?? []).map((row) => tupleOf(row, columns)));
      keysOf.set(id, set);
    }
    return set;
  };
  for (const [name, rows] of Object.entries(records)) {
    const table = recordTableByName.get(name);
    if (!table || !rows) continue;
    for (const key of table.keys) {
      const seen = new Set<unknown>();
      rows.forEach((row, i) => {
        if (row[key] === undefined) return;
        if (seen.has(row[key])) ctx.addIssue({ code: 'custom', path: ['records', name, i, key], message: `${String(row[key])} is listed twice` });
        seen.add(row[key]);
      });
    }
    for (const reference of table.references) {
      const targets = keySet(reference.table, reference.foreignColumns);
      rows.forEach((row, i) => {
        if (reference.columns.some((c) => row[c] === null || row[c] === undefined)) return;
        if (!targets.has(tupleOf(row, reference.columns))) {
          const value = reference.columns.map((c) => String(row[c])).join(', ');
          ctx.addIssue({ code: 'custom', path: ['records', name, i, reference.columns[0]], message: `no ${reference.table} row with ${reference.foreignColumns.join(', ')} ${value} in records` });
        }
      });
    }
  }
}
