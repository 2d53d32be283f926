import { products, rewardAssignments, rewards } from '../../../platform/db/schema';
import { newId } from '../../../platform/ids';
import type { Fixture } from '../fixture-schema';
import { FixtureError, ref, type SeedContext } from '../seed-context';

export async function loadProducts(seed: SeedContext, list: Fixture['products']): Promise<void> {
  for (const p of list) {
    if (seed.refs.products.has(p.source_id)) throw new FixtureError(`product source_id '${p.source_id}' appears twice`);
    const id = p.id ?? newId('prod');
    await seed.tx.insert(products).values({
      id,
      projectId: seed.projectId,
      sourceId: p.source_id,
      name: p.name,
      price: p.price ?? null,
      attributes: p.attributes,
      metadata: p.metadata,
      imageUrl: p.image_url ?? null,
      createdAt: seed.now,
    });
    seed.refs.products.set(p.source_id, id);
  }
}

/** Rewards, stored as POST /v1/rewards stores them, and their assignments to loyalty programs. */
export async function loadRewards(seed: SeedContext, list: Fixture['rewards']): Promise<void> {
  for (const [index, r] of list.entries()) {
    if (seed.refs.rewards.has(r.name)) throw new FixtureError(`reward '${r.name}' appears twice`);
    const where = `reward '${r.name}'`;
    const id = r.id ?? newId('rew');
    const productId = r.product !== undefined ? ref(seed.refs.products, 'product', r.product, where) : null;
    const targetCampaignId = r.campaign ? ref(seed.refs.campaigns, 'campaign', r.campaign.name, where) : null;
    const [type, parameters] = productId
      ? (['MATERIAL', { product: { id: productId, sku_id: null } }] as const)
      : r.coin
        ? (['COIN', { coin: { exchange_ratio: r.coin.exchange_ratio, points_ratio: r.coin.points_ratio } }] as const)
        : (['CAMPAIGN', { campaign: { id: targetCampaignId, balance: r.campaign?.balance, type: 'LOYALTY_PROGRAM' } }] as const);
    // Rewards listed first are the oldest, as the API lists them newest first.
    const createdAt = new Date(seed.now.getTime() + index);
    await seed.tx.insert(rewards).values({
      id,
      projectId: seed.projectId,
      name: r.name,
      type,
      parameters,
      productId,
      targetCampaignId,
      stock: type === 'MATERIAL' ? (r.stock ?? null) : null,
      attributes: r.attributes,
      metadata: r.metadata,
      createdAt,
    });
    seed.refs.rewards.set(r.name, id);
    for (const a of r.assignments) {
      const key = `${r.name}@${a.campaign}`;
      if (seed.refs.rewardAssignments.has(key)) throw new FixtureError(`${where}: assigned to '${a.campaign}' twice`);
      const assignmentId = newId('rewa');
      await seed.tx.insert(rewardAssignments).values({
        id: assignmentId,
        projectId: seed.projectId,
        rewardId: id,
        campaignId: ref(seed.refs.campaigns, 'campaign', a.campaign, where),
        points: a.points ?? null,
        createdAt,
      });
      seed.refs.rewardAssignments.set(key, assignmentId);
    }
  }
}
