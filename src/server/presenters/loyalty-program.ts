import type { LoyaltyProgram } from '../../contract/loyalty-program';
import type { LoyaltyTiersExpiration } from '../../contract/loyalty-tier';
import type { CampaignRow, CategoryRow } from '../db/repositories/campaigns';
import type { PointsExpiration } from '../../contract/earning-rule';
import { defaultCharset } from '../domain/code-config';
import { v1ExpirationRulesOf } from '../domain/earning-rule-v1';

/** The dates a program keeps for its cards (campaigns.voucher_defaults), as ISO strings. */
export function programDates(campaign: Pick<CampaignRow, 'voucherDefaults'>): { startDate?: string; expirationDate?: string } {
  const defaults = campaign.voucherDefaults as { startDate?: string | null; expirationDate?: string | null };
  return { ...(defaults.startDate && { startDate: defaults.startDate }), ...(defaults.expirationDate && { expirationDate: defaults.expirationDate }) };
}

/** The program's cards as the contract's LoyaltyCampaignVoucher: the code format always as a pattern, as the real API answers it. */
function voucherOf(campaign: CampaignRow, dates: { startDate?: string; expirationDate?: string }): NonNullable<LoyaltyProgram['voucher']> {
  const config = campaign.codeConfig;
  const charset = config.charset || defaultCharset;
  const pattern = config.pattern ?? `${config.prefix ?? ''}${'#'.repeat(config.length ?? 8)}${config.postfix ?? ''}`;
  const rules = v1ExpirationRulesOf(campaign.pointsExpiration as PointsExpiration | null);
  return {
    type: 'LOYALTY_CARD',
    loyalty_card: { points: 0, ...(rules && { expiration_rules: rules }) },
    redemption: { quantity: null },
    code_config: { pattern, length: (pattern.match(/#/g) ?? []).length, charset, ...(config.prefix && { prefix: config.prefix }), ...(config.postfix && { postfix: config.postfix }) },
    is_referral_code: false,
    ...(dates.startDate && { start_date: dates.startDate }),
    ...(dates.expirationDate && { expiration_date: dates.expirationDate }),
  };
}

export function presentProgram(campaign: CampaignRow, cardCount: number, category: CategoryRow | undefined): LoyaltyProgram {
  const dates = programDates(campaign);
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
    ...(dates.startDate && { start_date: dates.startDate }),
    ...(dates.expirationDate && { expiration_date: dates.expirationDate }),
    voucher: voucherOf(campaign, dates),
    categories: category ? [{ id: category.id, name: category.name, hierarchy: category.hierarchy, created_at: category.createdAt.toISOString(), object: 'category' }] : [],
    object: 'campaign',
  };
}
