import type { ExportObject, OrderExportObject, PointsExpirationExportObject, TransactionsExportObject } from '../../contract/export';
import type { ServiceContext } from '../context';
import type { ExportRow } from '../db/repositories/exports';
import { downloadToken } from '../lib/download-token';

/** The URL of a finished export's file: the download host, the export, and its token. */
export function downloadUrl(ctx: ServiceContext, row: ExportRow): string | null {
  if (row.status !== 'DONE' || !row.downloadTokenExpiresAt) return null;
  const token = downloadToken(ctx.assetKey, row.id, row.downloadTokenExpiresAt);
  return `${ctx.config.downloadBaseUrl}/v1/exports/${encodeURIComponent(row.id)}?token=${token}`;
}

/**
 * The export object (SERVICE_SPEC §2.10): `result` holds the file's URL once DONE, and keeps it
 * after the link expires and the cleanup removes the file: the contract knows no other `result`
 * for DONE, and the URL then answers 401 "expired", as it did before the file was gone.
 */
export function presentExport(ctx: ServiceContext, row: ExportRow): ExportObject {
  const url = downloadUrl(ctx, row);
  const base = {
    id: row.id,
    object: 'export' as const,
    created_at: row.createdAt.toISOString(),
    status: row.status,
    channel: row.channel,
    result: url ? { url } : null,
    user_id: row.userId,
    ...(row.status === 'ERROR' && { error: { message: row.errorMessage ?? 'The export failed.' } }),
  };
  if (row.exportedObject === 'order') return { ...base, exported_object: 'order', parameters: row.parameters as OrderExportObject['parameters'] };
  if (row.exportedObject === 'points_expiration') {
    // The program of the path is stored beside the parameters given (create-export.ts), not echoed as one of them.
    const { campaign_id: _program, ...parameters } = row.parameters as PointsExpirationExportObject['parameters'] & { campaign_id?: string };
    return { ...base, exported_object: 'points_expiration', parameters };
  }
  // A card's transactions, or a program's (stored as `campaign_transactions`): the same exported object.
  return { ...base, exported_object: 'voucher_transactions', parameters: row.parameters as TransactionsExportObject['parameters'] };
}
