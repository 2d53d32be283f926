import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { memberSearchListQuerySchema, memberSearchListSchema, type MemberSearchList } from '../../contract/member-search';
import { apiRequest } from '../lib/api-client';
import { contractQuery } from '../lib/contract-query';

/**
 * GET /v1/loyalties/members (our extension, see README): cards across programs whose code or
 * holder's email, name or source id contains the text; or every card of one customer.
 */
export const findMembersKeys = {
  all: ['member-search'] as const,
  text: (q: string) => ['member-search', 'text', q] as const,
  customer: (customerId: string) => ['member-search', 'customer', customerId] as const,
};

export function findMembers(query: { q?: string; customer?: string }, signal?: AbortSignal): Promise<MemberSearchList> {
  return apiRequest('/v1/loyalties/members', memberSearchListSchema, { query: contractQuery(memberSearchListQuerySchema, { ...query, limit: 10 }), signal });
}

/** The header search: nothing is asked until there is text. */
export function useFindMembers(text: string) {
  const q = text.trim();
  return useQuery({ queryKey: findMembersKeys.text(q), queryFn: ({ signal }) => findMembers({ q }, signal), enabled: q.length > 0, placeholderData: keepPreviousData });
}

/** Every card a customer holds, with the holder's profile. */
export function useCustomerCards(customerId: string | null | undefined) {
  return useQuery({ queryKey: findMembersKeys.customer(customerId ?? ''), queryFn: ({ signal }) => findMembers({ customer: customerId ?? '' }, signal), enabled: Boolean(customerId) });
}
