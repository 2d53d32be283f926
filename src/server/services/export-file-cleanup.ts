import type { ServiceContext } from '../context';
import { exportsWithExpiredFiles, fileKeysOfExports, forgetExportFile } from '../db/repositories/exports';
import { exportFiles, exportIdOfFileKey } from '../storage/export-files';
import type { FileStore } from '../storage/file-store';

/**
 * How old an unclaimed file must be before it counts as an orphan. A job puts its file in place a
 * moment before it records it on the export (and a job is expired after 15 minutes), so an hour
 * never takes a file a job is about to claim.
 */
export const orphanFileAgeMs = 60 * 60 * 1000;
const batchSize = 500;

export interface ExportFileCleanup {
  /** Files of DONE exports whose download link had expired. */
  expired: number;
  /** Files that belonged to no export (deleted while their job ran, or left by a crash). */
  orphans: number;
  /** Partial files of writes a crash cut off. */
  abandoned: number;
}

/**
 * Removes the files of DONE exports whose link expired (nothing can download them any more) by
 * project time `now` or real time `realNow`, and records that on the export, which keeps its
 * status and its (expired) `result.url`.
 */
export async function removeExpiredFiles(ctx: ServiceContext, files: FileStore, now: Date, realNow: Date, projectId?: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const due = await exportsWithExpiredFiles(ctx.db, now, realNow, batchSize, projectId);
    for (const { id, fileKey } of due) {
      // File first: a crash in between leaves the key, and the next run removes the file again.
      await files.remove(fileKey);
      await forgetExportFile(ctx.db, id, fileKey);
    }
    removed += due.length;
    if (due.length < batchSize) return removed;
  }
}

/** Removes stored files last written before `before` that no export holds. */
async function removeOrphanFiles(ctx: ServiceContext, files: FileStore, before: Date): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const ids = batch.map(exportIdOfFileKey).filter((id): id is string => id !== undefined);
    const held = await fileKeysOfExports(ctx.db, ids);
    for (const key of batch.filter((key) => !held.has(key))) {
      await files.remove(key);
      removed++;
    }
    batch = [];
  };
  for await (const file of files.list()) {
    if (file.modifiedAt >= before) continue;
    batch.push(file.key);
    if (batch.length === batchSize) await sweep();
  }
  await sweep();
  return removed;
}

/** One run of the hourly export file cleanup (jobs/export-cleanup-worker), as of real time `now`. */
export async function cleanUpExportFiles(ctx: ServiceContext, now: Date = ctx.clock.realNow()): Promise<ExportFileCleanup> {
  const files = exportFiles(ctx.config);
  const expired = await removeExpiredFiles(ctx, files, now, now);
  const before = new Date(now.getTime() - orphanFileAgeMs);
  const orphans = await removeOrphanFiles(ctx, files, before);
  const abandoned = await files.removeAbandonedWrites(before);
  return { expired, orphans, abandoned };
}
