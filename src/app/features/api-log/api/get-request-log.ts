import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestLogListSchema, requestLogQuerySchema, type RequestLogList } from '../../../../contract/request-log';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';
import type { LogFilters } from '../model/log-filters';

export interface RequestLogPage {
  filters: LogFilters;
  /** 1-based, as the API counts. */
  page: number;
  limit: number;
}

export const requestLogKeys = {
  all: ['request-log'] as const,
  page: (params: RequestLogPage) => ['request-log', 'list', params] as const,
};

/** GET /_local/requests: one page of the project's request log, newest first, filtered. */
export function getRequestLog({ filters, page, limit }: RequestLogPage, signal?: AbortSignal): Promise<RequestLogList> {
  return apiRequest('/_local/requests', requestLogListSchema, {
    query: contractQuery(requestLogQuerySchema, {
      page,
      limit,
      status: filters.status || undefined,
      origin: filters.origin === 'all' ? undefined : filters.origin,
      path: filters.path || undefined,
      customer: filters.customer || undefined,
      card: filters.card || undefined,
      since: filters.since ? new Date(filters.since).toISOString() : undefined,
    }),
    signal,
  });
}

export function requestLogQueryOptions(params: RequestLogPage) {
  return queryOptions({ queryKey: requestLogKeys.page(params), queryFn: ({ signal }) => getRequestLog(params, signal), placeholderData: keepPreviousData, staleTime: 0 });
}

export function useRequestLog(params: RequestLogPage) {
  return useQuery(requestLogQueryOptions(params));
}
