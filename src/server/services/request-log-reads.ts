import type { RequestLogList, RequestLogQuery } from '../../contract/request-log';
import type { ServiceContext } from '../context';
import { listRequestLog } from '../db/repositories/request-log';
import { presentRequestLogEntry } from '../presenters/request-log';

/**
 * GET /_local/requests: this process's waiting entries are written first, so a client reads its
 * own requests at once; another process's appear within its batch delay (0.25 s).
 */
export async function readRequestLog(ctx: ServiceContext, projectId: string, query: RequestLogQuery): Promise<RequestLogList> {
  const writer = ctx.requestLog;
  if (!writer) return { object: 'list', data_ref: 'requests', requests: [], total: 0 };
  await writer.flush();
  const { rows, total } = await listRequestLog(ctx.db, projectId, writer.size, query);
  return { object: 'list', data_ref: 'requests', requests: rows.map(presentRequestLogEntry), total };
}
