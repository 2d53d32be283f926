import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { exportListQuerySchema, exportListSchema, type ExportList } from '../../../../contract/export';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';

/** GET /v1/exports: one page of the project's exports, newest first. */
export interface ExportsPage {
  /** 1-based, as the API counts. */
  page: number;
  limit: number;
}

export const exportsKeys = {
  all: ['exports'] as const,
  page: (params: ExportsPage) => ['exports', 'list', params] as const,
};

export function getExports({ page, limit }: ExportsPage, signal?: AbortSignal): Promise<ExportList> {
  return apiRequest('/v1/exports', exportListSchema, { query: contractQuery(exportListQuerySchema, { page, limit, order: '-created_at' }), signal });
}

/** Milliseconds until the next poll, from the data and how many times it has arrived; false stops polling (model/polling). */
export type ExportsPollDelay = (data: ExportList | undefined, dataUpdateCount: number) => number | false;

export function exportsQueryOptions(params: ExportsPage, pollDelay?: ExportsPollDelay) {
  return queryOptions({
    queryKey: exportsKeys.page(params),
    queryFn: ({ signal }) => getExports(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: pollDelay ? (query) => pollDelay(query.state.data, query.state.dataUpdateCount) : undefined,
    staleTime: 0,
  });
}

export function useExports(params: ExportsPage, pollDelay?: ExportsPollDelay) {
  return useQuery(exportsQueryOptions(params, pollDelay));
}
