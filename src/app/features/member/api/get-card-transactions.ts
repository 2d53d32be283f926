import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cardTransactionListQuerySchema, cardTransactionListSchema, type CardTransactionList } from '../../../../contract/card-transaction';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';
import { memberKeys } from './get-member';

/** GET /v1/loyalties/members/{code}/transactions: newest first, a page after a cursor. */
export function getCardTransactions(code: string, query: { limit: number; startingAfterId?: string }, signal?: AbortSignal): Promise<CardTransactionList> {
  return apiRequest(`/v1/loyalties/members/${encodeURIComponent(code)}/transactions`, cardTransactionListSchema, {
    query: contractQuery(cardTransactionListQuerySchema, { limit: query.limit, order: '-id', starting_after_id: query.startingAfterId }),
    signal,
  });
}

/** One page of the history table. */
export function useCardTransactionsPage(code: string, limit: number, startingAfterId: string | undefined) {
  return useQuery({
    queryKey: [...memberKeys.card(code), 'transactions', { limit, startingAfterId }],
    queryFn: ({ signal }) => getCardTransactions(code, { limit, startingAfterId }, signal),
    placeholderData: keepPreviousData,
  });
}

/** The chart's points: the latest 100 transactions (the API's largest page). */
export const chartTransactionLimit = 100;

export function useChartTransactions(code: string) {
  return useQuery({ queryKey: [...memberKeys.card(code), 'transactions', 'chart'], queryFn: ({ signal }) => getCardTransactions(code, { limit: chartTransactionLimit }, signal) });
}
