import type { Readable } from 'node:stream';
import type { ServiceContext } from '../context';
import { findExportById } from '../db/repositories/exports';
import { credentialEnd, credentialLive } from '../domain/credential-life';
import { ApiError, unauthorized } from '../lib/api-error';
import { downloadLinkLife } from '../lib/download-token';
import { secretMatches } from '../../platform/secrets';
import { exportFiles } from '../storage/export-files';

export interface ExportDownload {
  stream: Readable;
  bytes: number;
  fileName: string;
}

/**
 * GET /v1/exports/{exportId}?token=…: the file of a DONE export, for whoever holds its link. The
 * token is checked against its stored hash in constant time; a wrong token, an unknown export, an
 * unfinished one and an expired link are all 401, so the answer reveals nothing about other ids.
 */
export async function openExportDownload(ctx: ServiceContext, exportId: string, token: string): Promise<ExportDownload> {
  const row = await findExportById(ctx.db, exportId);
  if (!row || row.status !== 'DONE' || !row.downloadTokenHash || !row.downloadTokenExpiresAt || !secretMatches(token, row.downloadTokenHash)) {
    throw unauthorized('The download token is not valid for this export');
  }
  // Before the file: once a link expires the hourly cleanup removes the file, and the answer stays the same.
  // A public route: the project is known only now, and its link expires by its clock.
  // By its clock and, since the clock may have returned from ahead, by real time (issue 35).
  const life = downloadLinkLife({ downloadTokenExpiresAt: row.downloadTokenExpiresAt, updatedAt: row.updatedAt });
  const now = await ctx.clock.nowOf(row.projectId);
  const realNow = ctx.clock.realNow();
  if (!credentialLive(life, now, realNow)) {
    throw unauthorized(`The download link expired at ${credentialEnd(life, now, realNow).toISOString()}; export the transactions again`);
  }
  const file = row.fileKey ? await exportFiles(ctx.config).open(row.fileKey) : undefined;
  if (!file) throw new ApiError(410, 'gone', 'Gone', `The file of export ${row.id} is no longer stored`);
  return { ...file, fileName: `${row.id}.csv` };
}
