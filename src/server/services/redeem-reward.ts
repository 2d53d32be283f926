import type { PointsExpiration } from '../../contract/earning-rule';
import type { RedeemRewardRequest, Redemption } from '../../contract/redemption';
import type { ServiceContext } from '../context';
import type { DbOrTx } from '../../platform/db/client';
import { violatedUniqueIndex } from '../../platform/db/errors';
import { newId } from '../../platform/ids';
import { getCampaign, type CampaignRow } from '../db/repositories/campaigns';
import { lockCards } from '../db/repositories/loyalty-cards';
import { lockOpenBuckets } from '../db/repositories/point-buckets';
import { countAndRecordRedemption, lockRedemptionContext, takenFromOf, type RedemptionRow } from '../db/repositories/redemption-context';
import type { RewardRow } from '../db/repositories/rewards';
import { findHeldCard, type VoucherRow } from '../db/repositories/vouchers';
import { oauthClientId } from '../domain/oauth-client-id';
import { nextExpirationAfter, takeSoonestExpiring, type Take } from '../domain/point-buckets';
import { bucketExpiryOf } from '../domain/points-expiration';
import { notFound } from '../lib/api-error';
import { presentMembers } from './member-view';
import { presentRedemption } from '../presenters/redemption';
import { authorOf, type CardChangeAuthor } from '../domain/card-change-author';
import { publishNextCard } from './add-member';
import { planPosting, pointsExceeded, postToCard, type Posting } from './card-postings';
import { changeOfTransaction } from './card-changes';
import { tierMapsReward } from '../db/repositories/loyalty-tiers';
import { tierPricedAssignment } from './member-tiers';
import { checkRedemption, missingReward, outOfStock, planRedemption, type CheckedRedemption, type RedemptionPlan } from './redemption-plan';

interface Caller {
  projectId: string;
  apiKeyId: string;
  dashboardUser?: string | null;
}

/** The redemption's request as every path takes it. */
interface Request {
  caller: Caller;
  code: string;
  rewardId: string;
  body: RedeemRewardRequest;
  /** The campaign in the path, when given. */
  named: CampaignRow | undefined;
  now: Date;
}

/** The card's POINTS_REDEMPTION, naming who redeemed. */
const spending = (checked: CheckedRedemption, plan: RedemptionPlan, author: CardChangeAuthor, takes?: Take[]): Posting => ({
  id: plan.spentId,
  type: 'POINTS_REDEMPTION',
  points: checked.price.points,
  reason: null,
  source: author.source,
  details: { ...plan.details, ...author.details },
  takes,
  relatedTransactionId: plan.additionId,
});

/** The redemption as answered: the card as a member object after it (and the target card's, for a CAMPAIGN reward). */
async function answer(
  ctx: ServiceContext,
  db: DbOrTx,
  request: Request,
  written: { checked: CheckedRedemption; plan: RedemptionPlan; row: RedemptionRow; reward: RewardRow; card: VoucherRow; expirations: Map<string, { date: string; points: number } | null> },
  target?: { campaign: CampaignRow; card: VoucherRow },
): Promise<Redemption> {
  const { checked, plan, card } = written;
  const [shownCard] = await presentMembers(ctx, db, checked.campaign, [card], written.expirations);
  const shownTarget = target && target.card.id !== card.id ? (await presentMembers(ctx, db, target.campaign, [target.card]))[0] : undefined;
  return presentRedemption({
    row: written.row,
    card: shownCard,
    holder: checked.holder,
    reward: written.reward,
    order: plan.order,
    channelId: oauthClientId(request.caller.apiKeyId),
    targetCard: target ? (shownTarget ?? shownCard) : null,
    product: checked.product ?? null,
  });
}

/**
 * Cards are locked in id order (loyalty-cards.ts), or two requests locking the same two cards could
 * each wait for the other. A CAMPAIGN reward's target card with a lower id than the redeeming card
 * must be locked first: the transaction starts again, locking it before the redeeming card.
 */
class LockTargetFirst {
  constructor(readonly cardId: string) {}
}

/**
 * The common redemption (a reward with unlimited stock, no points to add to another program) without
 * a lock: the card read with its reward, holder and buckets, the checks, then one statement that
 * writes the card's transaction and the redemption only if the card is still as read, and commits on
 * its own (redemptions-unlocked.ts). Two round trips, no BEGIN or COMMIT, and under load the reads
 * and the writes of parallel redemptions each go together as one statement (statement-batcher.ts).
 * Undefined when the redemption is not of that kind or the card changed in between: the locking
 * path then takes it.
 */
async function redeemIfUnchanged(ctx: ServiceContext, request: Request): Promise<Redemption | undefined> {
  const { projectId } = request.caller;
  const context = await ctx.redemptionReads.run({ projectId, code: request.code, rewardId: request.rewardId });
  // A reward a loyalty tier prices: the member's tier is caught up under the card's lock, on the locked path.
  if (context?.assignment && (await tierMapsReward(ctx.db, context.card.campaignId, context.assignment.id))) return undefined;
  const checked = await checkRedemption(ctx.db, { ...request, projectId }, context);
  if (!context || checked.reward.type === 'CAMPAIGN' || checked.reward.stock !== null) return undefined;
  const plan = planRedemption(checked, request.body, { withTarget: false, now: request.now });
  const posting = planPosting(checked.card, spending(checked, plan, authorOf(request.caller.dashboardUser)), request.now, context.openBuckets);
  const written = await ctx.redemptionWrites.run({ posting, version: context.version, record: plan.record });
  if (!written) return undefined;
  ctx.cardChanges.committed([changeOfTransaction({ ...posting.transaction, amount: posting.transaction.amount })]);
  const expirations = new Map([[checked.card.id, nextExpirationAfter(context.openBuckets, posting.takes, posting.extensions) ?? null]]);
  return answer(ctx, ctx.db, request, { checked, plan, row: written.redemption, reward: written.reward, card: posting.after, expirations });
}

/**
 * Any redemption, in one transaction under the card's lock: parallel redemptions on one card run
 * one after another and each sees the balance the previous left (never below 0). The stock, when
 * limited, is counted down in one statement with the redemption's record. A CAMPAIGN reward adds its
 * points to the member's card in the target program (POINTS_ADDITION, the two transactions naming
 * each other), publishing them one if they hold none.
 */
function redeemUnderLock(ctx: ServiceContext, request: Request, lockFirst?: string): Promise<Redemption> {
  const { projectId } = request.caller;
  const { now } = request;
  const author = authorOf(request.caller.dashboardUser);
  return ctx.cardChanges.transaction(ctx.db, async (tx) => {
    if (lockFirst) await lockCards(tx, [lockFirst]);
    const locked = await lockRedemptionContext(tx, projectId, request.code, request.rewardId);
    // The price for the member's tier (a tier's reward mapping), the tier caught up under the card's lock.
    const context = locked?.assignment ? { ...locked, assignment: await tierPricedAssignment(tx, locked.card, locked.assignment, now) } : locked;
    const checked = await checkRedemption(tx, { ...request, projectId }, context);
    const { card, holderId, holder, reward, price } = checked;

    const target = reward.type === 'CAMPAIGN' ? await getCampaign(tx, projectId, reward.targetCampaignId as string) : undefined;
    const heldTarget = target ? await findHeldCard(tx, projectId, holderId, target.id) : undefined;
    if (heldTarget && heldTarget.id !== card.id) {
      if (heldTarget.id < card.id && lockFirst !== heldTarget.id) throw new LockTargetFirst(heldTarget.id);
      if (heldTarget.id > card.id) await lockCards(tx, [heldTarget.id]);
    }

    const open = await lockOpenBuckets(tx, card.id);
    let takes: Take[];
    try {
      takes = takeSoonestExpiring(open, price.points);
    } catch {
      throw pointsExceeded(card, price.points);
    }
    const plan = planRedemption(checked, request.body, { withTarget: target !== undefined, now });
    const spent = await postToCard(tx, card, spending(checked, plan, author, takes), now, open);
    let cardAfter = spent.card;
    // After the ledger write: a limited stock holds the reward row until the commit, and every redemption of that reward waits for it.
    const recorded = await countAndRecordRedemption(tx, reward.stock !== null, { ...plan.record, takenFrom: takenFromOf(takes) });
    if (!recorded) throw reward.stock === null ? notFound('reward', reward.id) : outOfStock(reward);

    const expirations = new Map([[card.id, nextExpirationAfter(open, takes, spent.extensions) ?? null]]);
    let targetAfter: VoucherRow | undefined;
    if (target) {
      const receiving =
        heldTarget?.id === card.id
          ? cardAfter
          : (heldTarget && (await lockCards(tx, [heldTarget.id]))[0]) ||
            (await publishNextCard(tx, target, { id: newId('pub'), customerId: holderId, trackingId: holder.sourceId, sourceId: null, channel: 'API', metadata: { source_type: 'reward' }, createdAt: now }, now));
      const balance = (reward.parameters.campaign as { balance: number }).balance;
      const added = await postToCard(
        tx,
        receiving,
        {
          id: plan.additionId,
          type: 'POINTS_ADDITION',
          points: balance,
          reason: `Reward '${reward.name}'`,
          source: author.source,
          details: { ...plan.details, ...author.details },
          buckets: [{ points: balance, ...bucketExpiryOf(target.pointsExpiration as PointsExpiration | null, now) }],
          relatedTransactionId: plan.spentId,
        },
        now,
      );
      targetAfter = added.card;
      if (receiving.id === card.id) {
        cardAfter = added.card;
        // The new bucket may expire first: read it.
        expirations.delete(card.id);
      }
    }
    const written = { checked, plan, row: recorded.redemption, reward: recorded.reward, card: cardAfter, expirations };
    return answer(ctx, tx, request, written, target && targetAfter ? { campaign: target, card: targetAfter } : undefined);
  });
}

/**
 * POST /v1/loyalties/[{campaignId}/]members/{memberId}/redemption: spends a card's points on a reward
 * its program offers. It checks the card (held, active, in its dates), the price (or for pay with
 * points what the order and the balance allow), the balance and the stock, then writes one
 * POINTS_REDEMPTION through the ledger, taking the points that expire soonest, and the redemption.
 * The common case goes without a lock (redeemIfUnchanged); the rest, and a card that changed in
 * between, under the card's lock (redeemUnderLock). How many times a reward was redeemed is counted
 * from the redemptions, so redemptions of one reward by different members never queue on the reward.
 */
export async function redeemReward(
  ctx: ServiceContext,
  caller: Caller,
  code: string,
  body: RedeemRewardRequest,
  campaignRef?: string,
): Promise<Redemption> {
  const rewardId = body.reward?.id;
  if (!rewardId) throw missingReward();
  const named = campaignRef === undefined ? undefined : await getCampaign(ctx.db, caller.projectId, campaignRef);
  const request: Request = { caller, code, rewardId, body, named, now: ctx.clock.now() };
  const quick = await redeemIfUnchanged(ctx, request);
  if (quick) return quick;

  // At most two more tries: once to lock a target card first, once more when a parallel
  // redemption published the member a card of the target program first (the next finds it).
  const attempt = async (lockFirst: string | undefined, tries: number): Promise<Redemption> => {
    try {
      return await redeemUnderLock(ctx, request, lockFirst);
    } catch (error) {
      if (tries > 0 && error instanceof LockTargetFirst) return attempt(error.cardId, tries - 1);
      if (tries > 0 && violatedUniqueIndex(error) === 'publications_join_once_uq') return attempt(lockFirst, tries - 1);
      throw error;
    }
  };
  return attempt(undefined, 2);
}
