import type { PointsExpiration } from '../../contract/earning-rule';
import type { RedeemRewardRequest, Redemption } from '../../contract/redemption';
import type { ServiceContext } from '../context';
import type { Tx } from '../../platform/db/client';
import { violatedUniqueIndex } from '../../platform/db/errors';
import { newId } from '../../platform/ids';
import { getCampaign } from '../db/repositories/campaigns';
import { lockCards } from '../db/repositories/loyalty-cards';
import { lockOpenBuckets } from '../db/repositories/point-buckets';
import { productsByIds, type ProductRow } from '../db/repositories/products';
import { countAndRecordRedemption, lockRedemptionContext } from '../db/repositories/redemption-context';
import type { RewardRow } from '../db/repositories/rewards';
import { findHeldCard, type VoucherRow } from '../db/repositories/vouchers';
import { spendingRefusal } from '../domain/card-spending';
import { oauthClientId } from '../domain/oauth-client-id';
import { orderAmount } from '../domain/order-amount';
import { planPayment, type CoinRatio } from '../domain/pay-with-points';
import { nextExpirationAfter, takeSoonestExpiring, type Take } from '../domain/point-buckets';
import { expirationDateOf } from '../domain/points-expiration';
import { ApiError, invalidPayloadAt, notFound } from '../lib/api-error';
import { presentMembers } from './member-view';
import { presentOrder, presentRedemption } from '../presenters/redemption';
import { dashboardSource } from './adjust-balance';
import { publishNextCard } from './add-member';
import { pointsExceeded, postToCard } from './card-postings';
import { requireHolder } from './member-cards';

const missingReward = () => new ApiError(400, 'missing_reward', 'Missing reward', 'A reward is required when redeeming a LOYALTY_CARD');
const missingOrder = () => new ApiError(400, 'missing_order', 'Missing order', 'An order is required to pay with points (a COIN reward)');
const missingAmount = () =>
  new ApiError(400, 'missing_amount', 'Missing amount', 'The order has no amount: give order.amount, or items with an amount or a price (or products with a price)');
const outOfStock = (reward: RewardRow) => new ApiError(400, 'quantity_exceeded', 'Quantity exceeded', `Reward ${reward.id} (${reward.name}) is out of stock`, { id: reward.id, type: 'reward' });

function cardRefusal(card: VoucherRow, now: Date): ApiError | null {
  const resource = { id: card.id, type: 'voucher' };
  switch (spendingRefusal(card, now)) {
    case 'disabled':
      return new ApiError(400, 'voucher_disabled', 'Voucher is disabled', `Loyalty card ${card.code} is not active`, resource);
    case 'not_active_yet':
      return new ApiError(400, 'voucher_not_active', 'Voucher not active', `Loyalty card ${card.code} becomes active at ${card.startDate?.toISOString()}`, resource);
    case 'expired':
      return new ApiError(400, 'voucher_expired', 'Voucher expired', `Loyalty card ${card.code} expired at ${card.expirationDate?.toISOString()}`, resource);
    default:
      return null;
  }
}

interface Price {
  points: number;
  /** Pay with points: the order's amount and what the points pay of it. */
  payment?: { amount: number; discount: number };
  /** The stored products the order names. */
  products: Map<string, ProductRow>;
}

/** What the redemption costs: the assignment's price, or for pay with points what the order and the balance allow. */
async function priceOf(tx: Tx, projectId: string, card: VoucherRow, reward: RewardRow, assignmentPoints: number | null, body: RedeemRewardRequest): Promise<Price> {
  const asked = body.reward?.points;
  if (reward.type !== 'COIN') {
    if (asked !== undefined && asked !== assignmentPoints) throw invalidPayloadAt(['reward', 'points'], `${reward.name} costs ${assignmentPoints} points; only pay with points takes a number of points`);
    return { points: assignmentPoints as number, products: new Map() };
  }
  if (!body.order) throw missingOrder();
  const products = await productsByIds(tx, projectId, (body.order.items ?? []).flatMap((i) => (i.product_id ? [i.product_id] : [])));
  const amount = orderAmount(body.order, new Map([...products].map(([id, p]) => [id, p.price])));
  if (amount === undefined) throw missingAmount();
  if (amount === 0) throw new ApiError(400, 'invalid_amount', 'Invalid amount', 'The order amount is 0: there is nothing to pay with points');
  const plan = planPayment(amount, card.balance, reward.parameters.coin as CoinRatio, asked);
  if (plan.ok) return { points: plan.points, payment: { amount, discount: plan.discount }, products };
  if (plan.reason === 'over_amount') throw invalidPayloadAt(['reward', 'points'], `${asked} points pay more than the order's ${amount} cents; ${plan.most} points pay it in full`);
  throw pointsExceeded(card, asked ?? 1);
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
 * POST /v1/loyalties/[{campaignId}/]members/{memberId}/redemption: spends a card's points on a reward
 * its program offers, in one transaction. The card row is locked first, so parallel redemptions on
 * one card run one after another and each sees the balance the previous left (never below 0). It
 * checks the card (held, active, in its dates), the price (or for pay with points what the order
 * and the balance allow), the balance and the stock (counted down in one statement with the
 * redemption's record), then writes one POINTS_REDEMPTION through the ledger, taking the points
 * that expire soonest. A CAMPAIGN reward adds its points to the member's card in the target program
 * (POINTS_ADDITION, the two transactions naming each other), publishing them one if they hold none.
 *
 * The common case (a priced reward) is five round trips under the card lock: the card with its
 * reward, assignment, holder and product; its buckets; the ledger write; the redemption (with the
 * stock, when limited); the commit. How many times a reward was redeemed is counted from the
 * redemptions, so redemptions of one reward by different members never queue on the reward.
 */
export async function redeemReward(
  ctx: ServiceContext,
  caller: { projectId: string; apiKeyId: string; dashboardUser?: string | null },
  code: string,
  body: RedeemRewardRequest,
  campaignRef?: string,
): Promise<Redemption> {
  const rewardId = body.reward?.id;
  if (!rewardId) throw missingReward();
  const { projectId } = caller;
  const now = ctx.clock.now();
  const source = caller.dashboardUser ? dashboardSource : 'API';
  const named = campaignRef === undefined ? undefined : await getCampaign(ctx.db, projectId, campaignRef);

  const run = (lockFirst?: string) =>
    ctx.db.transaction(async (tx) => {
      if (lockFirst) await lockCards(tx, [lockFirst]);
      const context = await lockRedemptionContext(tx, projectId, code, rewardId);
      if (!context || (named && context.card.campaignId !== named.id)) throw notFound('voucher', code);
      const { card, reward, assignment } = context;
      const holderId = requireHolder(card);
      if (!reward) throw notFound('reward', rewardId);
      if (!assignment) throw notFound('reward', reward.id, `Reward ${reward.id} is not offered by loyalty program ${card.campaignId}`);
      const holder = context.holder as NonNullable<typeof context.holder>;
      const campaign = named ?? (await getCampaign(tx, projectId, card.campaignId));
      const refusal = cardRefusal(card, now);
      if (refusal) throw refusal;
      const price = await priceOf(tx, projectId, card, reward, assignment.points, body);
      if (price.points > card.balance) throw pointsExceeded(card, price.points);

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
      const redemptionId = newId('r');
      const spentId = newId('vtx');
      const additionId = target ? newId('vtx') : undefined;
      const order =
        price.payment && body.order
          ? presentOrder(
              body.order,
              { id: newId('ord'), amount: price.payment.amount, discount: price.payment.discount, customerId: holderId, redemptionId, cardId: card.id, campaignId: card.campaignId, now },
              price.products,
            )
          : null;
      const details = { redemption: { id: redemptionId }, reward: { id: reward.id, name: reward.name, assignment_id: assignment.id } };
      const spent = await postToCard(tx, card, { id: spentId, type: 'POINTS_REDEMPTION', points: price.points, reason: null, source, details, takes, relatedTransactionId: additionId }, now);
      let cardAfter = spent.card;
      // After the ledger write: a limited stock holds the reward row until the commit, and every redemption of that reward waits for it.
      const recorded = await countAndRecordRedemption(tx, reward.stock !== null, {
        id: redemptionId,
        voucherId: card.id,
        campaignId: card.campaignId,
        customerId: holderId,
        rewardId: reward.id,
        assignmentId: assignment.id,
        points: price.points,
        transactionId: spentId,
        orderData: order,
        metadata: body.metadata ?? null,
        trackingId: holder.sourceId,
        createdAt: now,
      });
      if (!recorded) throw reward.stock === null ? notFound('reward', reward.id) : outOfStock(reward);

      const expirations = new Map([[card.id, nextExpirationAfter(open, takes) ?? null]]);

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
            id: additionId,
            type: 'POINTS_ADDITION',
            points: balance,
            reason: `Reward '${reward.name}'`,
            source,
            details,
            buckets: [{ points: balance, expiresOn: expirationDateOf(target.pointsExpiration as PointsExpiration | null, now) }],
            relatedTransactionId: spentId,
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

      const [shownCard] = await presentMembers(ctx, tx, campaign, [cardAfter], expirations);
      const shownTarget = target && targetAfter && targetAfter.id !== cardAfter.id ? (await presentMembers(ctx, tx, target, [targetAfter]))[0] : undefined;
      return presentRedemption({
        row: recorded.redemption,
        card: shownCard,
        holder,
        reward: recorded.reward,
        order,
        channelId: oauthClientId(caller.apiKeyId),
        targetCard: target ? (shownTarget ?? shownCard) : null,
        product: context.product ?? null,
      });
    });

  // At most two more tries: once to lock a target card first, once more when a parallel
  // redemption published the member a card of the target program first (the next finds it).
  const attempt = async (lockFirst: string | undefined, tries: number): Promise<Redemption> => {
    try {
      return await run(lockFirst);
    } catch (error) {
      if (tries > 0 && error instanceof LockTargetFirst) return attempt(error.cardId, tries - 1);
      if (tries > 0 && violatedUniqueIndex(error) === 'publications_join_once_uq') return attempt(lockFirst, tries - 1);
      throw error;
    }
  };
  return attempt(undefined, 2);
}
