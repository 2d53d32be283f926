import type { ServiceContext } from '../context';
import { exportFiles } from '../storage/export-files';

/**
 * Removes every export file of a project (`<project>/…` in the export store) once a reset or a
 * restore deleted its exports: after the commit, so a rolled-back reset keeps them. A file an
 * export still running writes afterwards names an export that no longer exists: the hourly orphan
 * sweep removes it (services/export-file-cleanup).
 */
export async function removeProjectExportFiles(ctx: ServiceContext, projectId: string): Promise<number> {
  const files = exportFiles(ctx.config);
  let removed = 0;
  for await (const file of files.list()) {
    if (!file.key.startsWith(`${projectId}/`)) continue;
    await files.remove(file.key);
    removed++;
  }
  return removed;
}
