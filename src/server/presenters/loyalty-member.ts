import type { LoyaltyMember } from '../../contract/loyalty-member';
import type { ServiceContext } from '../context';
import type { DbOrTx } from '../../platform/db/client';
import { categoriesById, type CampaignRow } from '../db/repositories/campaigns';
import { nextExpirations, type VoucherRow } from '../db/repositories/vouchers';
import { sealAssetId } from '../lib/asset-id';
import { iso } from './timestamps';

function assetUrl(ctx: ServiceContext, kind: 'qr' | 'barcode', id: string): string {
  return `${ctx.config.publicBaseUrl}/v1/assets/${kind}/${encodeURIComponent(id)}`;
}

/**
 * Cards as the loyalty member object of SERVICE_SPEC §2.1, in the order given. `knownExpirations`
 * gives, per card id, its next expiration when the caller already knows it (null: none), so it is
 * not read again.
 */
export async function presentMembers(
  ctx: ServiceContext,
  db: DbOrTx,
  campaign: Pick<CampaignRow, 'id' | 'name'> | Map<string, Pick<CampaignRow, 'id' | 'name'>>,
  cards: VoucherRow[],
  knownExpirations: Map<string, { date: string; points: number } | null> = new Map(),
): Promise<LoyaltyMember[]> {
  const categories = await categoriesById(db, cards.map((c) => c.categoryId));
  // Point buckets hold exactly a card's balance (the ledger property test), so a card without a
  // balance has no points due to expire: a freshly published card costs no query here.
  const expirations = await nextExpirations(db, cards.filter((c) => c.balance > 0 && !knownExpirations.has(c.id)).map((c) => c.id));
  for (const [id, known] of knownExpirations) if (known) expirations.set(id, known);
  return cards.map((card) => {
    const campaignOf = campaign instanceof Map ? campaign.get(card.campaignId) : campaign;
    const category = card.categoryId ? categories.get(card.categoryId) : undefined;
    const next = expirations.get(card.id);
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
  });
}
