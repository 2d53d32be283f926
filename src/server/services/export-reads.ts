import type { ExportList, ExportObject } from '../../contract/export';
import type { ServiceContext } from '../context';
import { findExport, listExports as listExportRows, type ExportListOrder } from '../db/repositories/exports';
import { notFound } from '../lib/api-error';
import { presentExport } from '../presenters/export';

/** GET /v1/exports/{exportId}: the export object, polled until DONE or ERROR. */
export async function getExport(ctx: ServiceContext, projectId: string, exportId: string): Promise<ExportObject> {
  const row = await findExport(ctx.db, projectId, exportId);
  if (!row) throw notFound('export', exportId);
  return presentExport(ctx, row);
}

/** GET /v1/exports: the project's exports, a page at a time (EXP list-exports). */
export async function listExports(ctx: ServiceContext, projectId: string, query: { limit: number; page: number; order: ExportListOrder }): Promise<ExportList> {
  const { rows, total } = await listExportRows(ctx.db, projectId, query);
  return { object: 'list', data_ref: 'exports', exports: rows.map((row) => presentExport(ctx, row)), total };
}
