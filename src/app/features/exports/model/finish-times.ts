import type { ExportObject, ExportStatus } from '../../../../contract/export';
import { statusCopy } from './export-display';
import { isFinished } from './polling';

/** What the page has seen of each export: its last status, when it saw it finish, the last change to announce. */
export interface SeenExports {
  statuses: Readonly<Record<string, ExportStatus>>;
  finishedAt: Readonly<Record<string, number>>;
  announcement: string;
}

export const nothingSeen: SeenExports = { statuses: {}, finishedAt: {}, announcement: '' };

/**
 * Folds one answer of the exports list, received at `receivedAt`, into what was seen. The export
 * object has no finish time, so the page records when it saw an export turn DONE or ERROR: its
 * elapsed time is then known to within one poll. Exports first seen finished get none.
 */
export function seeExports(seen: SeenExports, exports: readonly ExportObject[], receivedAt: number): SeenExports {
  let changed = false;
  const statuses = { ...seen.statuses };
  const finishedAt = { ...seen.finishedAt };
  let announcement = seen.announcement;
  for (const item of exports) {
    const before = seen.statuses[item.id];
    if (before === item.status) continue;
    changed = true;
    statuses[item.id] = item.status;
    if (before === undefined) continue;
    if (!isFinished(before) && isFinished(item.status)) finishedAt[item.id] = receivedAt;
    announcement = `Export ${item.id}: ${statusCopy[item.status].label.toLowerCase()}`;
  }
  return changed ? { statuses, finishedAt, announcement } : seen;
}
