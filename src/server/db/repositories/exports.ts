import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { exports } from '../schema';

export type ExportRow = typeof exports.$inferSelect;
export type ExportStatus = ExportRow['status'];

export async function insertExport(db: DbOrTx, row: typeof exports.$inferInsert): Promise<ExportRow> {
  const [inserted] = await db.insert(exports).values(row).returning();
  return inserted;
}

/** An export of the project, or undefined: exports never cross projects. */
export async function findExport(db: DbOrTx, projectId: string, id: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(exports).where(and(eq(exports.projectId, projectId), eq(exports.id, id))).limit(1);
  return row;
}

/** By id alone: for the job, which carries only the export id, and for token downloads. */
export async function findExportById(db: DbOrTx, id: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(exports).where(eq(exports.id, id)).limit(1);
  return row;
}

export type ExportListOrder = 'created_at' | '-created_at' | 'status' | '-status';

export async function listExports(db: DbOrTx, projectId: string, opts: { limit: number; page: number; order: ExportListOrder }) {
  const column = opts.order.endsWith('status') ? exports.status : exports.createdAt;
  const direction = opts.order.startsWith('-') ? desc : asc;
  const rows = await db
    .select()
    .from(exports)
    .where(eq(exports.projectId, projectId))
    .orderBy(direction(column), direction(exports.createdAt), direction(exports.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const [{ total }] = await db.select({ total: count() }).from(exports).where(eq(exports.projectId, projectId));
  return { rows, total };
}

/** Moves an export that is not finished yet to `status`; false when it was already DONE or ERROR. */
export async function updateUnfinishedExport(db: DbOrTx, id: string, set: Partial<typeof exports.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(exports)
    .set(set)
    .where(and(eq(exports.id, id), inArray(exports.status, ['SCHEDULED', 'IN_PROGRESS'])))
    .returning({ id: exports.id });
  return rows.length === 1;
}
