import type { ServiceContext } from '../context';
import { deleteExportRow } from '../db/repositories/exports';
import { notFound } from '../lib/api-error';
import { exportFileKey, exportFiles } from '../storage/export-files';

/**
 * DELETE /v1/exports/{exportId}: removes the export, then its file. The file is removed by the key
 * the job writes to, not by the row's file_key: a job still running may put the file in place
 * after this, and then removes it itself once it finds the export gone (see runExport). A file
 * left by a crash in between belongs to no export, and the hourly cleanup removes it.
 */
export async function deleteExport(ctx: ServiceContext, projectId: string, exportId: string): Promise<void> {
  const row = await deleteExportRow(ctx.db, projectId, exportId);
  if (!row) throw notFound('export', exportId);
  await exportFiles(ctx.config).remove(exportFileKey(row.projectId, row.id));
}
