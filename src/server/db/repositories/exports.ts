import { and, asc, count, desc, eq, inArray, isNotNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { exports } from '../../../platform/db/schema';
import { downloadTokenLifetimeMs } from '../../lib/download-token';

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

/** Deletes an export of the project: the deleted row, or undefined when the project has no such export. */
export async function deleteExportRow(db: DbOrTx, projectId: string, id: string): Promise<ExportRow | undefined> {
  const [row] = await db.delete(exports).where(and(eq(exports.projectId, projectId), eq(exports.id, id))).returning();
  return row;
}

/**
 * DONE exports whose file is still stored though its link expired at or before `now` (project
 * time) or 24 hours after it was made by `realNow` (real time, lib/download-token
 * `downloadLinkLife`), soonest expired first.
 */
export async function exportsWithExpiredFiles(db: DbOrTx, now: Date, realNow: Date, limit: number, projectId?: string): Promise<{ id: string; fileKey: string }[]> {
  const rows = await db
    .select({ id: exports.id, fileKey: exports.fileKey })
    .from(exports)
    .where(
      and(
        eq(exports.status, 'DONE'),
        isNotNull(exports.fileKey),
        or(lte(exports.downloadTokenExpiresAt, now), lte(exports.updatedAt, new Date(realNow.getTime() - downloadTokenLifetimeMs))),
        projectId === undefined ? undefined : eq(exports.projectId, projectId),
      ),
    )
    .orderBy(asc(exports.downloadTokenExpiresAt), asc(exports.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, fileKey: row.fileKey as string }));
}

/**
 * Records that an export's file is gone (the export stays, with its expired link); only if it
 * still names that file. A DONE export's `updated_at` stays the real time it was made, which its
 * link's real-time end is counted from.
 */
export async function forgetExportFile(db: DbOrTx, id: string, fileKey: string): Promise<void> {
  await db
    .update(exports)
    .set({ fileKey: null })
    .where(and(eq(exports.id, id), eq(exports.fileKey, fileKey)));
}

/** Of the given exports, the file keys they hold: a stored file named by none of them belongs to no export. */
export async function fileKeysOfExports(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ fileKey: exports.fileKey })
    .from(exports)
    .where(and(inArray(exports.id, ids), isNotNull(exports.fileKey)));
  return new Set(rows.map((row) => row.fileKey as string));
}
