import type { LoyaltyMember } from '../../contract/loyalty-member';
import type { ServiceContext } from '../context';
import type { CampaignRow, CategoryRow } from '../db/repositories/campaigns';
import type { VoucherRow } from '../db/repositories/vouchers';
import { sealAssetId } from '../lib/asset-id';
import { iso } from './timestamps';

function assetUrl(ctx: ServiceContext, kind: 'qr' | 'barcode', id: string): string {
  return `${ctx.config.publicBaseUrl}/v1/assets/${kind}/${encodeURIComponent(id)}`;
}

/** What a card's member object shows beyond the card row, loaded by the service (services/member-view.ts). */
export interface MemberExtras {
  /** The card's campaign (its name is shown). */
  campaign: Pick<CampaignRow, 'id' | 'name'> | undefined;
  category: CategoryRow | undefined;
  /** The card's next points expiration; undefined when no points are due to expire. */
  nextExpiration: { date: string; points: number } | undefined;
}

/** A card as the loyalty member object (SERVICE_SPEC §2.1). */
export function presentMember(ctx: ServiceContext, card: VoucherRow, { campaign: campaignOf, category, nextExpiration: next }: MemberExtras): LoyaltyMember {
  const assetId = sealAssetId(ctx.assetKey, card.projectId, card.code);
  return {
    id: card.id,
    code: card.code,
    campaign: campaignOf?.name ?? '',
    campaign_id: card.campaignId,
    category: category?.name ?? null,
    category_id: category?.id ?? null,
    categories: category
      ? [{ id: category.id, name: category.name, hierarchy: category.hierarchy, created_at: category.createdAt.toISOString(), object: 'category' as const }]
      : [],
    type: 'LOYALTY_CARD' as const,
    discount: null,
    gift: null,
    loyalty_card: {
      points: card.points,
      balance: card.balance,
      // Omitted while no points are due to expire, as the contract types them non-nullable.
      ...(next && { next_expiration_date: next.date, next_expiration_points: next.points }),
      pending_points: card.pendingPoints,
      expired_points: card.expiredPoints,
      subtracted_points: card.subtractedPoints,
    },
    start_date: iso(card.startDate),
    expiration_date: iso(card.expirationDate),
    validity_timeframe: (card.validityTimeframe as LoyaltyMember['validity_timeframe']) ?? null,
    validity_day_of_week: card.validityDayOfWeek ?? null,
    ...(card.validityHours ? { validity_hours: card.validityHours as LoyaltyMember['validity_hours'] } : {}),
    active: card.active,
    additional_info: card.additionalInfo ?? null,
    metadata: card.metadata,
    assets: { qr: { id: assetId, url: assetUrl(ctx, 'qr', assetId) }, barcode: { id: assetId, url: assetUrl(ctx, 'barcode', assetId) } },
    is_referral_code: false as const,
    created_at: card.createdAt.toISOString(),
    updated_at: iso(card.updatedAt),
    holder_id: card.holderId,
    object: 'voucher' as const,
    publish: { object: 'list' as const, count: card.publishCount, url: `/v1/vouchers/${encodeURIComponent(card.code)}/publications?page=1&limit=10` },
    redemption: {
      quantity: card.redemptionQuantity,
      redeemed_quantity: card.redeemedQuantity,
      redeemed_points: card.redeemedPoints,
      object: 'list' as const,
      url: `/v1/vouchers/${encodeURIComponent(card.code)}/redemptions?page=1&limit=10`,
    },
  };
}
