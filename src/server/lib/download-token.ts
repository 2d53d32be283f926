import { createHmac } from 'node:crypto';

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
