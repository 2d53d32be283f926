import { queryOptions, useQuery } from '@tanstack/react-query';
import { cardTransactionListQuerySchema, cardTransactionListSchema, type CardTransactionList } from '../../../../contract/card-transaction';
import { apiRequest } from '../../../lib/api-client';
import { contractQuery } from '../../../lib/contract-query';

/** GET /v1/loyalties/members/{code}/transactions: the card's latest transactions, newest first. */
export const cardTransactionsKeys = {
  all: ['card-transactions'] as const,
  latest: (code: string, limit: number) => ['card-transactions', code, { limit }] as const,
};

export function getCardTransactions(code: string, limit: number, signal?: AbortSignal): Promise<CardTransactionList> {
  return apiRequest(`/v1/loyalties/members/${encodeURIComponent(code)}/transactions`, cardTransactionListSchema, { query: contractQuery(cardTransactionListQuerySchema, { limit, order: '-id' }), signal });
}

export function cardTransactionsQueryOptions(code: string, limit: number) {
  return queryOptions({ queryKey: cardTransactionsKeys.latest(code, limit), queryFn: ({ signal }) => getCardTransactions(code, limit, signal) });
}

export function useCardTransactions(code: string, limit: number) {
  return useQuery(cardTransactionsQueryOptions(code, limit));
}
