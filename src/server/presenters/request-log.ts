import type { RequestLogEntry } from '../../contract/request-log';
import type { RequestLogRow } from '../db/repositories/request-log';

/** A kept body: the JSON value when whole, the cut text when not (or when it was never JSON). */
function body(text: string | null, truncated: boolean): unknown {
  if (text === null) return null;
  if (truncated) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function presentRequestLogEntry(row: RequestLogRow): RequestLogEntry {
  return {
    id: row.requestId,
    object: 'request',
    at: row.at.toISOString(),
    method: row.method,
    path: row.path,
    query: row.query,
    status: row.status,
    duration_ms: row.durationMs,
    credential: { type: row.authMethod as RequestLogEntry['credential']['type'], key_id: row.apiKeyId, token_id: row.tokenId, dashboard_user_id: row.dashboardUserId },
    request_body: body(row.requestBody, row.requestBodyTruncated),
    request_body_truncated: row.requestBodyTruncated,
    response_body: body(row.responseBody, row.responseBodyTruncated),
    response_body_truncated: row.responseBodyTruncated,
    customer_ids: row.customerIds,
    card_ids: row.cardIds,
    injected_fault: row.injectedFault ?? null,
  };
}
