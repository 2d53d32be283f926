import type { RequestLogCount, RequestLogList, RequestLogQuery } from '../../contract/request-log';
import type { ServiceContext } from '../context';
import { countRequestLog, listRequestLog, newestRequestLogEntry, requestLogSeqOf, type RequestLogWindow } from '../db/repositories/request-log';
import { invalidQueryAt } from '../lib/api-error';
import { presentRequestLogEntry } from '../presenters/request-log';

/**
 * GET /_local/requests: this process's waiting entries are written first, so a client reads its
 * own requests at once; another process's appear within its batch delay (0.25 s). The read sees the
 * log up to its newest request when it began, whose id it answers as the `marker`: read again
 * `since` that marker, a client gets what was logged after, none twice.
 */
export async function readRequestLog(ctx: ServiceContext, projectId: string, query: RequestLogQuery): Promise<RequestLogList | RequestLogCount> {
  const writer = ctx.requestLog;
  if (!writer) return query.count_only ? { object: 'request_count', total: 0, marker: null } : { object: 'list', data_ref: 'requests', requests: [], total: 0, marker: null };
  await writer.flush();
  const newest = await newestRequestLogEntry(ctx.db, projectId);
  const window: RequestLogWindow = { upToSeq: newest?.seq ?? 0 };
  if (typeof query.since === 'string') window.afterSeq = await markerPlace(ctx, projectId, writer.size, query.since);
  const marker = newest?.requestId ?? null;
  if (query.count_only) return { object: 'request_count', total: await countRequestLog(ctx.db, projectId, writer.size, query, window), marker };
  const { rows, total } = await listRequestLog(ctx.db, projectId, writer.size, query, window);
  return { object: 'list', data_ref: 'requests', requests: rows.map(presentRequestLogEntry), total, marker };
}

/**
 * A marker's place in the log. One the log no longer reaches (pruned, or older than its newest
 * REQUEST_LOG_SIZE) is refused rather than read from the oldest kept: "what was sent since" would
 * silently miss what fell out between.
 */
async function markerPlace(ctx: ServiceContext, projectId: string, keep: number, requestId: string): Promise<number> {
  const seq = await requestLogSeqOf(ctx.db, projectId, keep, requestId);
  if (seq === undefined) throw invalidQueryAt(['since'], `no request ${requestId} among the project's last ${keep} requests (REQUEST_LOG_SIZE): unknown, or no longer kept`);
  return seq;
}
