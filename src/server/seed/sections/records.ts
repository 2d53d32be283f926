import { and, inArray, ne, sql } from 'drizzle-orm';
import { newSecret } from '../../../platform/secrets';
import type { Records, RecordRow } from '../records/schema';
import { recordTables, type RecordTable } from '../records/tables';
import { FixtureError, type SeedContext } from '../seed-context';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const rowsPerInsert = 500;
const keysPerProbe = 5_000;

/** A key of the document already used by another project's row (ids are unique across projects): refused, naming the first. */
async function refuseTakenKeys(seed: SeedContext, table: RecordTable, rows: RecordRow[]): Promise<void> {
  const projectColumn = table.column('project_id');
  for (const key of table.keys) {
    const column = table.column(key);
    const values = rows.map((r) => r[key]).filter((v) => v !== undefined && v !== null);
    for (let i = 0; i < values.length; i += keysPerProbe) {
      const [taken] = await seed.tx
        .select({ value: column })
        .from(table.table)
        .where(and(inArray(column, values.slice(i, i + keysPerProbe)), ne(projectColumn, seed.projectId)))
        .limit(1);
      if (taken) {
        const index = rows.findIndex((r) => r[key] === taken.value);
        throw new FixtureError(`${String(taken.value)} is taken by another project on this service`, ['records', table.name, index, key]);
      }
    }
  }
}

function decode(seed: SeedContext, table: RecordTable, row: RecordRow): Record<string, unknown> {
  const values: Record<string, unknown> = { projectId: seed.projectId };
  for (const column of table.columns) {
    const value = row[column.name];
    if (value === undefined) continue;
    values[column.key] = column.kind === 'timestamp' && value !== null ? new Date(value as string) : value;
  }
  if (table.name === 'webhooks') values.secret = seed.webhookSecrets?.get(row.id as string) ?? newSecret();
  return values;
}

/**
 * The `records` section: each table's rows inserted as they are, in reference order, into the
 * project being loaded; then its sequences moved past the loaded values, so new rows come after.
 */
export async function loadRecords(seed: SeedContext, records: Records | undefined): Promise<void> {
  if (!records) return;
  for (const table of recordTables) {
    const rows = records[table.name];
    if (!rows || rows.length === 0) continue;
    await refuseTakenKeys(seed, table, rows);
    for (let i = 0; i < rows.length; i += rowsPerInsert) {
      await seed.tx.insert(table.table).values(rows.slice(i, i + rowsPerInsert).map((row) => decode(seed, table, row)) as never);
    }
    for (const serial of table.serials) {
      await seed.tx.execute(
        sql`SELECT setval(pg_get_serial_sequence(${table.name}, ${serial}), GREATEST((SELECT MAX(${sql.identifier(serial)}) FROM ${sql.identifier(table.name)}), nextval(pg_get_serial_sequence(${table.name}, ${serial}))))`,
      );
    }
  }
}
