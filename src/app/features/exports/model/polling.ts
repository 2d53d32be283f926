import type { ExportList, ExportObject, ExportStatus } from '../../../../contract/export';

export const firstPollMs = 1_000;
export const slowestPollMs = 10_000;

/** The wait before poll number `step` (0-based) since the last change: 1 s, 2 s, 4 s, 8 s, then 10 s. */
export function pollDelayMs(step: number): number {
  return Math.min(slowestPollMs, firstPollMs * 2 ** Math.max(0, step));
}

export function isFinished(status: ExportStatus): boolean {
  return status === 'DONE' || status === 'ERROR';
}

export function hasUnfinished(exports: readonly ExportObject[]): boolean {
  return exports.some((item) => !isFinished(item.status));
}

/**
 * Polling of the exports list: while an export on the page is SCHEDULED or IN_PROGRESS it asks
 * again, backing off from 1 s to 10 s while nothing changes; any change (a new export, a status
 * moving on) starts again at 1 s; once every export shown is DONE or ERROR it stops.
 */
export class ExportPolling {
  private seen = '';
  private changedAt = 0;

  /** For React Query's refetchInterval: `dataUpdateCount` counts the answers received so far. */
  delay(data: ExportList | undefined, dataUpdateCount: number): number | false {
    if (!data || !hasUnfinished(data.exports)) return false;
    const fingerprint = data.exports.map((item) => `${item.id}:${item.status}`).join(',');
    if (fingerprint !== this.seen) {
      this.seen = fingerprint;
      this.changedAt = dataUpdateCount;
    }
    return pollDelayMs(dataUpdateCount - this.changedAt);
  }
}
