import { createHmac } from 'node:crypto';
import type { CredentialLife } from '../domain/credential-life';

/** How long a finished export's download link works: long enough to pass it on, short enough to go stale. */
export const downloadTokenLifetimeMs = 24 * 60 * 60 * 1000;

/**
 * The token in an export's `result.url`. It is derived (HMAC-SHA256 under the installation key)
 * rather than stored, so the database keeps only its hash, yet every read of the export returns
 * the same link. It is bound to the export and to its expiry: a new expiry makes a new token.
 */
export function downloadToken(key: Buffer, exportId: string, expiresAt: Date): string {
  return createHmac('sha256', key).update(`export-download\n${exportId}\n${expiresAt.toISOString()}`).digest('base64url');
}

/**
 * A DONE export's link's two ends (domain/credential-life): `download_token_expires_at` is in the
 * project's time, and `updated_at` is the REAL time the export became DONE (run-export; the
 * project's time it did is the expiry less the lifetime, so nothing is lost, and nothing updates a
 * DONE export's `updated_at` after), so a link made while the project's clock ran ahead lives no
 * longer than 24 real hours once the clock returns (issue 35).
 */
export function downloadLinkLife(row: { downloadTokenExpiresAt: Date; updatedAt: Date | null }): CredentialLife {
  const madeAt = row.updatedAt ?? new Date(row.downloadTokenExpiresAt.getTime() - downloadTokenLifetimeMs);
  return { expiresAt: row.downloadTokenExpiresAt, realDeadline: new Date(madeAt.getTime() + downloadTokenLifetimeMs) };
}
