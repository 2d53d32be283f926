import { queryOptions, useQuery } from '@tanstack/react-query';
import { pendingPointsListQuerySchema, pendingPointsListSchema, type PendingPointsList } from '../../contract/pending-points';
import { apiRequest } from '../lib/api-client';
import { contractQuery } from '../lib/contract-query';

/**
 * GET /v1/loyalties/members/{code}/pending-points: points a card's paid orders hold until they
 * activate, newest first. The Events page reads them after recording an order, the member page lists
 * them: one key, so both share the cache and an activation refreshes both.
 */
export const pendingPointsKeys = {
  all: ['pending-points'] as const,
  card: (code: string) => ['pending-points', code] as const,
  page: (code: string, limit: number, startingAfterId?: string) => ['pending-points', code, { limit, startingAfterId }] as const,
};

export function getPendingPoints(code: string, query: { limit: number; startingAfterId?: string }, signal?: AbortSignal): Promise<PendingPointsList> {
  return apiRequest(`/v1/loyalties/members/${encodeURIComponent(code)}/pending-points`, pendingPointsListSchema, {
    query: contractQuery(pendingPointsListQuerySchema, { limit: query.limit, order: '-id', starting_after_id: query.startingAfterId }),
    signal,
  });
}

export function pendingPointsQueryOptions(code: string, limit: number, startingAfterId?: string) {
  return queryOptions({ queryKey: pendingPointsKeys.page(code, limit, startingAfterId), queryFn: ({ signal }) => getPendingPoints(code, { limit, startingAfterId }, signal) });
}

export function usePendingPoints(code: string, limit: number, startingAfterId?: string) {
  return useQuery(pendingPointsQueryOptions(code, limit, startingAfterId));
}
