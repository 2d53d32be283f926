import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { memberListQuerySchema, memberListSchema, type MemberList } from '../../contract/loyalty-member';
import { apiRequest } from '../lib/api-client';
import { contractQuery } from '../lib/contract-query';

/** GET /v1/loyalties/{campaignId}/members: one page of a program's cards, recently changed first. */
export interface MembersPage {
  /** 1-based, as the API counts. */
  page: number;
  limit: number;
  /** Only the cards of this customer (id or source id), as the real API's `customer` filter. */
  customer?: string;
  /** true: only cards with a holder (members); false: only cards not issued yet; unset: every card. */
  published?: boolean;
}

export const programMembersKeys = {
  all: (campaignId: string) => ['loyalties', campaignId, 'members'] as const,
  page: (campaignId: string, params: MembersPage) => ['loyalties', campaignId, 'members', params] as const,
};

export function getProgramMembers(campaignId: string, { page, limit, customer, published }: MembersPage, signal?: AbortSignal): Promise<MemberList> {
  return apiRequest(`/v1/loyalties/${encodeURIComponent(campaignId)}/members`, memberListSchema, {
    query: contractQuery(memberListQuerySchema, { limit, page, order: '-updated_at', customer, published: published === undefined ? undefined : published ? 'true' : 'false' }),
    signal,
  });
}

export function programMembersQueryOptions(campaignId: string, params: MembersPage) {
  return queryOptions({
    queryKey: programMembersKeys.page(campaignId, params),
    queryFn: ({ signal }) => getProgramMembers(campaignId, params, signal),
    // Paging keeps the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useProgramMembers(campaignId: string, params: MembersPage) {
  return useQuery(programMembersQueryOptions(campaignId, params));
}

/** The card a customer holds in a program (a program gives a customer one card), or null. */
export function useCustomerCard(campaignId: string, customerId: string | null) {
  return useQuery({
    ...programMembersQueryOptions(campaignId, { page: 1, limit: 1, customer: customerId ?? '' }),
    placeholderData: undefined,
    enabled: customerId !== null,
    select: (list) => list.vouchers[0] ?? null,
  });
}

/** The export form's card chooser offers a program's 100 most recently changed cards: the first page of 100. */
export const memberChoicesLimit = 100;

export function useMemberChoices(campaignId: string | undefined) {
  // No placeholder: another program's cards must never be offered while this one's load.
  return useQuery({
    ...programMembersQueryOptions(campaignId ?? '', { page: 1, limit: memberChoicesLimit }),
    placeholderData: undefined,
    enabled: Boolean(campaignId),
  });
}
