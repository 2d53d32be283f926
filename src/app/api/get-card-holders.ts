import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { publicationListSchema } from '../../contract/publication';
import { apiRequest } from '../lib/api-client';

/** Who holds a card: what the members table shows instead of the customer's id. */
export interface CardHolder {
  id: string;
  name: string | null;
  email: string | null;
  source_id: string | null;
}

export const cardHoldersKeys = {
  all: ['publications', 'holders'] as const,
  of: (programName: string, customerIds: readonly string[]) => ['publications', 'holders', programName, customerIds] as const,
};

/**
 * GET /v1/publications?campaign=…&filters[customer_id][conditions][$in]=…: the customers of one
 * page of a program's cards, in one request (the members list names only `holder_id`). A
 * publication carries its customer's name, email and source id; a program gives a customer one card.
 */
export async function getCardHolders(programName: string, customerIds: readonly string[], signal?: AbortSignal): Promise<Map<string, CardHolder>> {
  const list = await apiRequest('/v1/publications', publicationListSchema, {
    query: { campaign: programName, 'filters[customer_id][conditions][$in]': customerIds, limit: 100 },
    signal,
  });
  return new Map(list.publications.map(({ customer }) => [customer.id, { id: customer.id, name: customer.name, email: customer.email, source_id: customer.source_id }]));
}

export function useCardHolders(programName: string, customerIds: readonly string[]) {
  return useQuery({
    queryKey: cardHoldersKeys.of(programName, customerIds),
    queryFn: ({ signal }) => getCardHolders(programName, customerIds, signal),
    enabled: programName !== '' && customerIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
