import type { LoyaltyProgram } from '../../contract/loyalty-program';
import type { LoyaltyTiersExpiration } from '../../contract/loyalty-tier';
import type { CampaignRow, CategoryRow } from '../db/repositories/campaigns';

export function presentProgram(campaign: CampaignRow, cardCount: number, category: CategoryRow | undefined): LoyaltyProgram {
  return {
    id: campaign.id,
    name: campaign.name,
    ...(campaign.description !== null && { description: campaign.description }),
    campaign_type: 'LOYALTY_PROGRAM',
    type: campaign.type,
    auto_join: false,
    join_once: true,
    use_voucher_metadata_schema: false,
    vouchers_count: cardCount,
    active: campaign.active,
    metadata: campaign.metadata,
    created_at: campaign.createdAt.toISOString(),
    ...(campaign.updatedAt && { updated_at: campaign.updatedAt.toISOString() }),
    creation_status: 'DONE',
    vouchers_generation_status: 'DONE',
    protected: false,
    category_id: category?.id ?? null,
    ...(campaign.loyaltyTiersExpiration !== null && { loyalty_tiers_expiration: campaign.loyaltyTiersExpiration as LoyaltyTiersExpiration }),
    categories: category ? [{ id: category.id, name: category.name, hierarchy: category.hierarchy, created_at: category.createdAt.toISOString(), object: 'category' }] : [],
    object: 'campaign',
  };
}
