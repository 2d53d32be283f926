import { campaigns, categories, publications, vouchers } from '../../../platform/db/schema';
import { generateCardCode } from '../../domain/card-code';
import { newId } from '../../../platform/ids';
import type { Fixture } from '../fixture-schema';
import { FixtureError, ref, type SeedContext } from '../seed-context';

export async function loadCategories(seed: SeedContext, list: Fixture['categories']): Promise<void> {
  for (const c of list) {
    const id = c.id ?? newId('cat');
    await seed.tx.insert(categories).values({ id, projectId: seed.projectId, name: c.name, hierarchy: c.hierarchy, createdAt: seed.now });
    seed.refs.categories.set(c.name, id);
  }
}

/** Campaigns with their cards; a card with a `holder` is published to that customer. */
export async function loadCampaigns(seed: SeedContext, list: Fixture['campaigns']): Promise<void> {
  for (const c of list) {
    const campaignId = c.id ?? newId('camp');
    const categoryId = c.category ? ref(seed.refs.categories, 'category', c.category, `campaign '${c.name}'`) : null;
    await seed.tx.insert(campaigns).values({
      id: campaignId,
      projectId: seed.projectId,
      name: c.name,
      description: c.description ?? null,
      type: c.type,
      codeConfig: c.code_config,
      categoryId,
      metadata: c.metadata,
      pointsExpiration: c.points_expiration ?? null,
      loyaltyTiersExpiration: c.loyalty_tiers_expiration ?? null,
      createdAt: seed.now,
    });
    seed.refs.campaigns.set(c.name, campaignId);

    const listed = c.cards.map((card, i) => ({ ...card, order: i }));
    const generated = Array.from({ length: c.generated_cards }, (_, i) => ({ code: generateCardCode(c.code_config), active: true, metadata: {}, order: listed.length + i }) as (typeof listed)[number]);
    const rows = [...listed, ...generated].map((card) => {
      if (seed.refs.cards.has(card.code)) throw new FixtureError(`campaign '${c.name}': card code '${card.code}' appears twice`);
      const holderId = card.holder ? ref(seed.refs.customers, 'customer', card.holder, `card '${card.code}'`) : null;
      const row = {
        id: card.id ?? newId('v'),
        projectId: seed.projectId,
        campaignId,
        code: card.code,
        categoryId,
        active: card.active,
        startDate: card.start_date ? new Date(card.start_date) : null,
        expirationDate: card.expiration_date ? new Date(card.expiration_date) : null,
        metadata: card.metadata,
        holderId,
        publishCount: holderId ? 1 : 0,
        // Keep fixture order as the publication order: the picker takes the oldest card first.
        createdAt: card.created_at ? new Date(card.created_at) : new Date(seed.now.getTime() + card.order),
      };
      seed.refs.cards.set(row.code, { id: row.id, campaignId });
      return row;
    });
    for (let i = 0; i < rows.length; i += 1000) await seed.tx.insert(vouchers).values(rows.slice(i, i + 1000));
    for (const row of rows.filter((r) => r.holderId)) {
      await seed.tx.insert(publications).values({
        id: newId('pub'),
        projectId: seed.projectId,
        campaignId,
        voucherId: row.id,
        customerId: row.holderId as string,
        channel: 'API',
        metadata: { source_type: 'fixture' },
        createdAt: row.createdAt,
      });
    }
  }
}
