import type { ExportObject, ExportStatus } from '../../../../contract/export';
import type { StaffUser } from '../../../../contract/staff-session';

/** The card an export holds: the service records it as `filters.voucher_id.conditions.$in[0]`. */
export function exportedCardCode(item: ExportObject): string | undefined {
  if (item.exported_object !== 'voucher_transactions') return undefined;
  const voucher = item.parameters.filters?.voucher_id as { conditions?: { $in?: unknown } } | undefined;
  const scope = voucher?.conditions?.$in;
  const code = Array.isArray(scope) ? scope[0] : scope;
  return typeof code === 'string' ? code : undefined;
}

/**
 * What an export holds, in words, when it is not one card's history: exports of orders are
 * started through the API (the page itself starts only card exports).
 */
export function exportedContentsLabel(item: Pick<ExportObject, 'exported_object'>): string {
  return item.exported_object === 'order' ? 'Orders' : '—';
}

/**
 * `result.url` points at the download host; the browser fetches the same path and token through
 * the dashboard's proxy instead, on its own origin (docs/architecture.md, one request end to end). The token authorises the file.
 */
export function proxiedDownloadUrl(resultUrl: string): string {
  const url = new URL(resultUrl, 'http://download.invalid');
  return `/api${url.pathname}${url.search}`;
}

/** `m:ss`, or `h:mm:ss` from an hour on. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

export const statusCopy: Record<ExportStatus, { label: string; color: 'default' | 'info' | 'success' | 'error' }> = {
  SCHEDULED: { label: 'Scheduled', color: 'default' },
  IN_PROGRESS: { label: 'In progress', color: 'info' },
  DONE: { label: 'Done', color: 'success' },
  ERROR: { label: 'Error', color: 'error' },
};

/**
 * Who started an export, for the "Started by" column. An export records the dashboard user's id
 * (`user_id`, as the real API); `staffNames` (the proxy's staff directory) turns it into a name.
 * An id it does not know (an account since deleted, or a cloud user) reads as "Another dashboard
 * user", never as an id.
 */
export function startedBy(
  item: Pick<ExportObject, 'channel' | 'user_id'>,
  signedIn: Pick<StaffUser, 'id' | 'username'> | undefined,
  staffNames: ReadonlyMap<string, Pick<StaffUser, 'username'>> = new Map(),
): string {
  if (item.channel !== 'WEBSITE') return item.channel === 'API' ? 'API client' : item.channel;
  if (!item.user_id) return 'Dashboard';
  if (signedIn && signedIn.id === item.user_id) return `${signedIn.username} (you)`;
  return staffNames.get(item.user_id)?.username ?? 'Another dashboard user';
}
