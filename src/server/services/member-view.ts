import type { LoyaltyMember } from '../../contract/loyalty-member';
import type { DbOrTx } from '../../platform/db/client';
import type { ServiceContext } from '../context';
import { categoriesById, type CampaignRow } from '../db/repositories/campaigns';
import { nextExpirations, type VoucherRow } from '../db/repositories/vouchers';
import { presentMember } from '../presenters/loyalty-member';

type CampaignName = Pick<CampaignRow, 'id' | 'name'>;

/**
 * Cards as loyalty member objects, in the order given: loads what the member object shows beyond the
 * card row (category, next expiration) in one query each for all cards, then presents them.
 * `knownExpirations` gives, per card id, its next expiration when the caller already read it (null:
 * none), so it is not read again.
 */
export async function presentMembers(
  ctx: ServiceContext,
  db: DbOrTx,
  campaign: CampaignName | Map<string, CampaignName>,
  cards: VoucherRow[],
  knownExpirations: Map<string, { date: string; points: number } | null> = new Map(),
): Promise<LoyaltyMember[]> {
  const categories = await categoriesById(db, cards.map((c) => c.categoryId));
  // Point buckets hold exactly a card's balance (the ledger property test), so a card without a
  // balance has no points due to expire: a freshly published card costs no query here.
  const expirations = await nextExpirations(db, cards.filter((c) => c.balance > 0 && !knownExpirations.has(c.id)).map((c) => c.id));
  for (const [id, known] of knownExpirations) if (known) expirations.set(id, known);
  return cards.map((card) =>
    presentMember(ctx, card, {
      campaign: campaign instanceof Map ? campaign.get(card.campaignId) : campaign,
      category: card.categoryId ? categories.get(card.categoryId) : undefined,
      nextExpiration: expirations.get(card.id),
    }),
  );
}
