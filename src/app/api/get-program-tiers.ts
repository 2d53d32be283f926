import { queryOptions, useQuery } from '@tanstack/react-query';
import { loyaltyTierListQuerySchema, loyaltyTierListSchema, type LoyaltyTier } from '../../contract/loyalty-tier';
import { apiRequest } from '../lib/api-client';
import { contractQuery } from '../lib/contract-query';

export const programTiersKeys = {
  all: ['loyalty-tiers'] as const,
  program: (campaignId: string) => ['loyalty-tiers', campaignId] as const,
};

/** GET /v1/loyalties/{campaignId}/tiers: a program's tiers (at most 100, one page), lowest first. */
export async function getProgramTiers(campaignId: string, signal?: AbortSignal): Promise<LoyaltyTier[]> {
  const list = await apiRequest(`/v1/loyalties/${encodeURIComponent(campaignId)}/tiers`, loyaltyTierListSchema, { query: contractQuery(loyaltyTierListQuerySchema, { limit: 100 }), signal });
  return [...list.data].sort((a, b) => a.points.from - b.points.from);
}

export function programTiersQueryOptions(campaignId: string) {
  return queryOptions({ queryKey: programTiersKeys.program(campaignId), queryFn: ({ signal }) => getProgramTiers(campaignId, signal) });
}

export function useProgramTiers(campaignId: string | undefined) {
  return useQuery({ ...programTiersQueryOptions(campaignId ?? ''), enabled: campaignId !== undefined });
}
