import type { CreateLoyaltyTier, LoyaltyTier, LoyaltyTierEarningRuleList, LoyaltyTierList, LoyaltyTierRewardList, TierMapping } from '../../contract/loyalty-tier';
import { tiersPerProgram } from '../../contract/loyalty-tier';
import { newId } from '../../platform/ids';
import type { ServiceContext } from '../context';
import { getCampaign } from '../db/repositories/campaigns';
import { listCampaignEarningRules } from '../db/repositories/earning-rules';
import { listEventSchemas } from '../db/repositories/event-schemas';
import { findTier, insertTiers, listTiers, lockCampaignForTiers, tiersOfCampaign, type TierOrder } from '../db/repositories/loyalty-tiers';
import { listAssignments, listProgramRewards } from '../db/repositories/reward-assignments';
import { redemptionCounts } from '../db/repositories/rewards';
import { mappedEarning, mappedPrice, overlappingRanges } from '../domain/tier-policy';
import { invalidPayloadAt, notFound } from '../lib/api-error';
import { presentEarningRuleV1 } from '../presenters/earning-rule-v1';
import { presentLoyaltyTier, presentMemberTier } from '../presenters/loyalty-tier';
import { presentReward } from '../presenters/reward';
import { presentRewardAssignment } from '../presenters/reward-assignment';
import { memberCard } from './member-cards';
import { catchUpCardTier, forgetProgramTiers } from './member-tiers';

/**
 * POST /v1/loyalties/{campaignId}/tiers: adds tiers to a program, all or none. Ranges may not
 * overlap each other or the program's tiers; a mapping names an earning rule of the program (by id)
 * or a reward assignment of it (`rewa_…`, as the contract's examples key them) that has a price.
 * The program is locked meanwhile, so parallel creates cannot add overlapping ranges. Each problem
 * is a 400 naming its field; nothing is written.
 */
export async function createLoyaltyTiers(ctx: ServiceContext, projectId: string, campaignRef: string, items: CreateLoyaltyTier[]): Promise<LoyaltyTier[]> {
  const campaign = await getCampaign(ctx.db, projectId, campaignRef);
  const now = ctx.clock.now();
  const created = await ctx.db.transaction(async (tx) => {
    await lockCampaignForTiers(tx, campaign.id);
    const existing = await tiersOfCampaign(tx, campaign.id);
    if (existing.length + items.length > tiersPerProgram) throw invalidPayloadAt([], `a program has at most ${tiersPerProgram} tiers; it has ${existing.length}`);
    const [overlap] = overlappingRanges(
      existing.map((t) => ({ id: t.id, name: t.name, from: t.pointsFrom, to: t.pointsTo })),
      items,
    );
    if (overlap) throw invalidPayloadAt(overlap.path, overlap.message);
    const rules = new Set((await listCampaignEarningRules(tx, projectId, campaign.id, { limit: 1000, page: 1, order: 'created_at' })).rows.map((r) => r.id));
    const assignments = new Map((await listAssignments(tx, campaign.id, { limit: 1000, page: 1 })).rows.map((a) => [a.id, a]));
    items.forEach((item, index) => {
      for (const id of Object.keys(item.earning_rules ?? {})) {
        if (!rules.has(id)) throw invalidPayloadAt([index, 'earning_rules', id], `the program has no earning rule ${id}`);
      }
      for (const id of Object.keys(item.rewards ?? {})) {
        const assignment = assignments.get(id);
        if (!assignment) throw invalidPayloadAt([index, 'rewards', id], `the program offers no reward assignment ${id} (rewards are mapped by their assignment id, rewa_…)`);
        if (assignment.points === null) throw invalidPayloadAt([index, 'rewards', id], `pay with points (COIN) has no price to map`);
      }
    });
    const rows = await insertTiers(
      tx,
      items.map((item) => ({
        id: newId('ltr'),
        projectId,
        campaignId: campaign.id,
        name: item.name,
        pointsFrom: item.points.from,
        pointsTo: item.points.to ?? null,
        earningRules: item.earning_rules ?? {},
        rewards: item.rewards ?? {},
        metadata: item.metadata ?? {},
        createdAt: now,
      })),
    );
    // insert … returning keeps the order of the values.
    return rows.map(presentLoyaltyTier);
  });
  forgetProgramTiers(campaign.id);
  return created;
}

export async function listLoyaltyTiers(ctx: ServiceContext, projectId: string, campaignRef: string, query: { limit: number; order?: TierOrder }): Promise<LoyaltyTierList> {
  const campaign = await getCampaign(ctx.db, projectId, campaignRef);
  const { rows, total } = await listTiers(ctx.db, campaign.id, { ...query, page: 1 });
  return { object: 'list', data_ref: 'data', data: rows.map(presentLoyaltyTier), total };
}

async function tierOf(ctx: ServiceContext, projectId: string, campaignRef: string, tierId: string) {
  const campaign = await getCampaign(ctx.db, projectId, campaignRef);
  const tier = await findTier(ctx.db, campaign.id, tierId);
  if (!tier) throw notFound('loyalty_tier', tierId);
  return { campaign, tier };
}

export async function getLoyaltyTier(ctx: ServiceContext, projectId: string, campaignRef: string, tierId: string): Promise<LoyaltyTier> {
  return presentLoyaltyTier((await tierOf(ctx, projectId, campaignRef, tierId)).tier);
}

/**
 * GET …/tiers/{id}/earning-rules: the program's rules as a member of the tier earns them: a rule
 * the tier maps shows the points it earns there in `loyalty.points` (a fixed rule multiplied, or
 * the CUSTOM points as a fixed rule), as the contract describes.
 */
export async function listLoyaltyTierEarningRules(ctx: ServiceContext, projectId: string, campaignRef: string, tierId: string, query: { limit: number; page: number }): Promise<LoyaltyTierEarningRuleList> {
  const { campaign, tier } = await tierOf(ctx, projectId, campaignRef, tierId);
  const { rows, total } = await listCampaignEarningRules(ctx.db, projectId, campaign.id, { ...query, order: 'created_at' });
  const schemaNames = new Map((await listEventSchemas(ctx.db, projectId)).map((s) => [s.id, s.name]));
  const mappings = tier.earningRules as Record<string, TierMapping>;
  const data = rows.map((row) => {
    const rule = presentEarningRuleV1(row, campaign.id, schemaNames);
    const mapping = mappings[row.id];
    if (!mapping) return rule;
    if (mapping.type === 'CUSTOM') return { ...rule, loyalty: { type: 'FIXED' as const, points: mapping.points } };
    return rule.loyalty.type === 'FIXED' ? { ...rule, loyalty: { ...rule.loyalty, points: mappedEarning(rule.loyalty.points, mapping) } } : rule;
  });
  return { object: 'list', data_ref: 'data', data, total };
}

/** GET …/tiers/{id}/rewards: every reward the program offers, each assignment priced for the tier. */
export async function listLoyaltyTierRewards(ctx: ServiceContext, projectId: string, campaignRef: string, tierId: string): Promise<LoyaltyTierRewardList> {
  const { campaign, tier } = await tierOf(ctx, projectId, campaignRef, tierId);
  const { rows, total } = await listProgramRewards(ctx.db, campaign.id, { limit: 1000, page: 1 });
  const redeemed = await redemptionCounts(ctx.db, rows.map((r) => r.reward.id));
  const mappings = tier.rewards as Record<string, TierMapping>;
  const data = rows.map(({ reward, assignment }) => ({
    reward: presentReward(reward, redeemed.get(reward.id) ?? 0),
    assignment: presentRewardAssignment({ ...assignment, points: assignment.points === null ? null : mappedPrice(assignment.points, mappings[assignment.id]) }),
    object: 'loyalty_tier_reward' as const,
  }));
  return { object: 'list', data_ref: 'data', data, total };
}

/** GET /v1/loyalties/members/{memberId}/tiers: the member's tier now (caught up first), with its dates; none outside every tier. */
export async function listMemberLoyaltyTiers(ctx: ServiceContext, projectId: string, code: string): Promise<LoyaltyTierList> {
  const { card } = await memberCard(ctx.db, projectId, code, undefined);
  const caught = await catchUpCardTier(ctx, ctx.db, card.id);
  const tier = caught?.row.tierId ? caught.tiers.find((t) => t.id === caught.row.tierId) : undefined;
  if (!caught || !tier) return { object: 'list', data_ref: 'data', data: [], total: 0 };
  return { object: 'list', data_ref: 'data', data: [presentMemberTier(tier, caught.row, card.holderId)], total: 1 };
}
