import type { LoyaltyTiersExpiration } from '../../contract/loyalty-tier';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { newId } from '../../platform/ids';
import { vouchers } from '../../platform/db/schema';
import type { ServiceContext } from '../context';
import type { CampaignRow } from '../db/repositories/campaigns';
import { campaignsWithTiers, tiersOfCampaign, type LoyaltyTierRow } from '../db/repositories/loyalty-tiers';
import { cardVersion, cardsDueForTiers, insertTierChanges, ledgerSince, lockMemberTier, tierHistoryStart, saveMemberTier, type MemberTierRow } from '../db/repositories/member-tiers';
import type { VoucherRow } from '../db/repositories/vouchers';
import { lockCards } from '../db/repositories/loyalty-cards';
import { campaigns } from '../../platform/db/schema';
import { foldTier, initialTierState, nextBoundary, type TierRange, type TierState } from '../domain/tier-engine';
import { mappedPrice, tierPolicyOf } from '../domain/tier-policy';
import { tierHeadroom } from '../domain/tier-headroom';
import type { RewardAssignmentRow } from '../db/repositories/reward-assignments';
import type { CardChange } from './card-changes';
import { LookupCache } from '../db/lookup-cache';
import type { TierMapping } from '../../contract/loyalty-tier';
import { tiersOfCampaigns } from '../db/repositories/loyalty-tiers';
import { eq, inArray } from 'drizzle-orm';

/**
 * A member's tier, kept exact (docs/architecture.md, "Loyalty tiers"). The tier is a function of
 * the card's ledger and the project's clock (domain/tier-engine.ts); `member_tiers` holds that
 * function's fold up to the last card transaction counted and the last instant evaluated. Every
 * reader that needs the tier (the engine applying a tier's multiplier, a reward's tier price, the
 * member's tiers) first catches it up, under the row's lock, in its own transaction; the
 * announcement of each card change (card-changes.ts) and the hourly job (and a clock move) catch
 * up the rest, so tier changes are recorded at the instant they happened whoever folds them.
 */

export function tierRanges(tiers: readonly LoyaltyTierRow[]): TierRange[] {
  return tiers.map((t) => ({ id: t.id, from: t.pointsFrom, to: t.pointsTo }));
}

/**
 * Folds the card's new transactions and the clock up to `now` into its tier row, recording each
 * tier change. Call inside a transaction holding the card's lock (always taken before the tier
 * row's). Undefined when the program has no tiers.
 */
export async function catchUpMemberTier(
  tx: Tx,
  card: Pick<VoucherRow, 'id' | 'projectId' | 'campaignId' | 'createdAt'>,
  campaign: Pick<CampaignRow, 'id' | 'loyaltyTiersExpiration'>,
  tiers: readonly LoyaltyTierRow[],
  now: Date,
): Promise<MemberTierRow | undefined> {
  if (tiers.length === 0) return undefined;
  const policy = tierPolicyOf(campaign.loyaltyTiersExpiration as LoyaltyTiersExpiration | null);
  const row = await lockMemberTier(tx, card.id, async () => ({
    voucherId: card.id,
    projectId: card.projectId,
    campaignId: card.campaignId,
    state: initialTierState(((await tierHistoryStart(tx, card.id)) ?? card.createdAt).getTime(), policy) as unknown as Record<string, unknown>,
    createdAt: now,
  }));
  const before = row.state as unknown as TierState;
  const ranges = tierRanges(tiers);
  const { state, changes } = foldTier(before, policy, ranges, await ledgerSince(tx, card.id, row.lastSeq), now.getTime());
  // What the one-statement event path checks before it folds an earning itself (event-accruals.ts): the fold
  // current with this version of the card, the points left before the range ends, the tiers it knew.
  const fastPath = { headroom: tierHeadroom(state, policy, ranges), cardVersion: await cardVersion(tx, card.id), tiersSeen: tiers.length };
  const fastPathKept = fastPath.headroom === row.headroom && fastPath.cardVersion === row.cardVersion && fastPath.tiersSeen === row.tiersSeen;
  // Only the instant moved (no boundary, no transaction): nothing to write, so reads do not write. The fold
  // from the older instant reaches the same state, since no boundary lies between.
  if (changes.length === 0 && fastPathKept && JSON.stringify({ ...state, asOf: 0 }) === JSON.stringify({ ...before, asOf: 0 })) return row;
  const date = (ms: number | null) => (ms === null ? null : new Date(ms));
  const boundary = nextBoundary(state, policy);
  const saved = {
    tierId: state.tier,
    since: date(state.since),
    expiresAt: date(state.expires),
    state: state as unknown as Record<string, unknown>,
    lastSeq: state.seq,
    nextCheckAt: date(boundary),
    ...fastPath,
    updatedAt: now,
  };
  await saveMemberTier(tx, card.id, saved);
  await insertTierChanges(
    tx,
    changes.map((c) => ({
      id: newId('evcus'),
      projectId: card.projectId,
      voucherId: card.id,
      campaignId: card.campaignId,
      type: c.type,
      tierFrom: c.from,
      tierTo: c.to,
      since: date(c.since),
      expiresAt: date(c.expires),
      previousExpiresAt: date(c.previousExpires),
      createdAt: new Date(c.at),
    })),
  );
  return { ...row, ...saved };
}

/** catchUpMemberTier in a transaction of its own, for a card by id; undefined when its program has no tiers (or it is gone). */
export async function catchUpCardTier(ctx: ServiceContext, db: DbOrTx, cardId: string): Promise<{ row: MemberTierRow; tiers: LoyaltyTierRow[] } | undefined> {
  const [program] = await db.select({ campaignId: vouchers.campaignId }).from(vouchers).where(eq(vouchers.id, cardId)).limit(1);
  if (!program) return undefined;
  const tiers = await tiersOfCampaign(db, program.campaignId);
  if (tiers.length === 0) return undefined;
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, program.campaignId)).limit(1);
  const row = await db.transaction(async (tx) => {
    // The card's lock first, as every writer of the card takes it: then this row's. One order, no deadlock
    // (the tier row's references to the card wait on the card's lock), and no change of the card in flight meanwhile.
    const [card] = await lockCards(tx, [cardId]);
    // Deleted with its program (Delete Loyalty Campaign) since it was read: nothing to catch up.
    if (!card || !campaign) return undefined;
    return catchUpMemberTier(tx, card, campaign, tiers, ctx.clock.now());
  });
  return row && { row, tiers };
}

/**
 * Whether a program has tiers, for the listener only, remembered a second: every card change would
 * otherwise ask. A program that got its first tiers in another process within that second has its
 * changes caught up by the next reader or the hourly job instead (a card without a tier row, or
 * with transactions after its last_seq, is due), never lost.
 */
const programsWithTiers = new LookupCache<{ tiered: boolean }>(1_000);

/** This process created tiers for the program: the listener follows its cards from now on. */
export function forgetProgramTiers(campaignId: string): void {
  programsWithTiers.forget(campaignId);
}

/**
 * The listener on card changes: each changed card of a program with tiers is caught up in its
 * project's time, after the change committed and off the request's path.
 */
export async function followCardChanges(ctx: ServiceContext, changes: readonly CardChange[]): Promise<void> {
  const tiered = new Set<string>();
  for (const campaignId of new Set(changes.map((c) => c.campaignId))) {
    const found = await programsWithTiers.get(campaignId, async () => ({ tiered: (await campaignsWithTiers(ctx.db, [campaignId])).has(campaignId) }));
    if (found?.tiered) tiered.add(campaignId);
  }
  // A one-statement earning that folded itself into the tier row (tierFolded) left nothing to catch up.
  const cards = new Map(changes.filter((c) => tiered.has(c.campaignId) && !c.tierFolded).map((c) => [c.cardId, c.projectId]));
  for (const [cardId, projectId] of cards) await ctx.clock.within(projectId, () => catchUpCardTier(ctx, ctx.db, cardId));
}

/**
 * Catches up every card whose tier is due by `now` (a period end or grace that came, a change not
 * yet folded): the hourly job in real time and for each project ahead, and a clock move for its
 * project. Call in the project's time when `projectId` is given.
 */
export async function catchUpDueTiers(ctx: ServiceContext, now: Date, projectId?: string): Promise<number> {
  let done = 0;
  let after = '';
  for (;;) {
    const due = await cardsDueForTiers(ctx.db, now, { limit: 200, after, projectId });
    for (const { voucherId, projectId: ofCard } of due) await ctx.clock.within(ofCard, () => catchUpCardTier(ctx, ctx.db, voucherId));
    done += due.length;
    if (due.length < 200) return done;
    after = due[due.length - 1].voucherId;
  }
}

/** The tier a card's holder is in as an earning is applied, with its earning rule mappings. */
export interface CardTier {
  tier: LoyaltyTierRow;
  earningRules: Record<string, TierMapping>;
}

/**
 * The tier of each card of a tiered program, caught up to `now` first, for an earning about to be
 * applied to these cards (locked by the caller: the engine's transaction). One read of the cards'
 * programs' tiers; nothing more for cards of programs without tiers. Cards outside every tier are
 * left out.
 */
export async function tiersOfLockedCards(tx: Tx, cards: readonly VoucherRow[], now: Date): Promise<Map<string, CardTier>> {
  const found = new Map<string, CardTier>();
  const tiersByCampaign = await tiersOfCampaigns(tx, [...new Set(cards.map((c) => c.campaignId))]);
  if (tiersByCampaign.size === 0) return found;
  const programs = new Map((await tx.select().from(campaigns).where(inArray(campaigns.id, [...tiersByCampaign.keys()]))).map((c) => [c.id, c]));
  for (const card of cards) {
    const tiers = tiersByCampaign.get(card.campaignId);
    if (!tiers) continue;
    const row = await catchUpMemberTier(tx, card, programs.get(card.campaignId) as CampaignRow, tiers, now);
    const tier = tiers.find((t) => t.id === row?.tierId);
    if (tier) found.set(card.id, { tier, earningRules: tier.earningRules as Record<string, TierMapping> });
  }
  return found;
}

/**
 * A reward assignment as the card's holder pays for it: the price their tier maps it to (caught up
 * under the card's lock, which the caller holds), else as it is.
 */
export async function tierPricedAssignment(tx: Tx, card: VoucherRow, assignment: RewardAssignmentRow, now: Date): Promise<RewardAssignmentRow> {
  if (assignment.points === null) return assignment;
  const tiers = await tiersOfCampaign(tx, card.campaignId);
  if (tiers.length === 0) return assignment;
  const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, card.campaignId)).limit(1);
  const row = await catchUpMemberTier(tx, card, campaign, tiers, now);
  const mapping = (tiers.find((t) => t.id === row?.tierId)?.rewards as Record<string, TierMapping> | undefined)?.[assignment.id];
  return mapping ? { ...assignment, points: mappedPrice(assignment.points, mapping) } : assignment;
}
