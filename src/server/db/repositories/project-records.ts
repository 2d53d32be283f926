import { asc, eq } from 'drizzle-orm';
import type { Tx } from '../../../platform/db/client';
import type { Records, RecordRow } from '../../seed/records/schema';
import { recordTables, type RecordTable } from '../../seed/records/tables';

function encode(table: RecordTable, row: Record<string, unknown>): RecordRow {
  const out: RecordRow = {};
  for (const column of table.columns) {
    const value = row[column.key];
    out[column.name] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return out;
}

/**
 * Every row of the project in the snapshot's tables, as the `records` section holds them, each
 * table in its key's order; empty tables left out. Run it in a REPEATABLE READ transaction so all
 * tables are read at one moment.
 */
export async function readProjectRecords(tx: Tx, projectId: string): Promise<Records> {
  const records: Records = {};
  for (const table of recordTables) {
    const rows = await tx
      .select()
      .from(table.table)
      .where(eq(table.column('project_id'), projectId))
      .orderBy(...table.order.map((name) => asc(table.column(name))));
    if (rows.length > 0) records[table.name] = rows.map((row) => encode(table, row as Record<string, unknown>));
  }
  return records;
}
