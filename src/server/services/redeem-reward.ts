import type { PointsExpiration } from '../../contract/earning-rule';
import type { RedeemRewardRequest, Redemption } from '../../contract/redemption';
import type { ServiceContext } from '../context';
import type { Tx } from '../../platform/db/client';
import { violatedUniqueIndex } from '../../platform/db/errors';
import { newId } from '../../platform/ids';
import { getCampaign, type CampaignRow } from '../db/repositories/campaigns';
import { findCustomer } from '../db/repositories/customers';
import { lockCards } from '../db/repositories/loyalty-cards';
import { productsByIds } from '../db/repositories/products';
import { insertRedemption } from '../db/repositories/redemptions';
import { assignmentsOfRewards } from '../db/repositories/reward-assignments';
import { findReward, takeOneFromStock, type RewardRow } from '../db/repositories/rewards';
import { findHeldCard, type VoucherRow } from '../db/repositories/vouchers';
import { spendingRefusal } from '../domain/card-spending';
import { oauthClientId } from '../domain/oauth-client-id';
import { orderAmount } from '../domain/order-amount';
import { planPayment, type CoinRatio } from '../domain/pay-with-points';
import { expirationDateOf } from '../domain/points-expiration';
import { ApiError, invalidPayload, notFound } from '../lib/api-error';
import { presentMembers } from '../presenters/loyalty-member';
import { presentOrder, presentRedemption } from '../presenters/redemption';
import { dashboardSource } from './adjust-balance';
import { publishNextCard } from './add-member';
import { pointsExceeded, postToCard } from './card-postings';
import { memberCard, requireHolder } from './member-cards';

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
}

/** What the redemption costs: the assignment's price, or for pay with points what the order and the balance allow. */
async function priceOf(tx: Tx, projectId: string, card: VoucherRow, reward: RewardRow, assignmentPoints: number | null, body: RedeemRewardRequest): Promise<Price> {
  const asked = body.reward?.points;
  if (reward.type !== 'COIN') {
    if (asked !== undefined && asked !== assignmentPoints) throw invalidPayload(`Property .reward.points: ${reward.name} costs ${assignmentPoints} points; only pay with points takes a number of points`);
    return { points: assignmentPoints as number };
  }
  if (!body.order) throw missingOrder();
  const ids = (body.order.items ?? []).flatMap((i) => (i.product_id ? [i.product_id] : []));
  const stored = await productsByIds(tx, projectId, ids);
  const amount = orderAmount(body.order, new Map([...stored].map(([id, p]) => [id, p.price])));
  if (amount === undefined) throw missingAmount();
  if (amount === 0) throw new ApiError(400, 'invalid_amount', 'Invalid amount', 'The order amount is 0: there is nothing to pay with points');
  const plan = planPayment(amount, card.balance, reward.parameters.coin as CoinRatio, asked);
  if (plan.ok) return { points: plan.points, payment: { amount, discount: plan.discount } };
  if (plan.reason === 'over_amount') throw invalidPayload(`Property .reward.points: ${asked} points pay more than the order's ${amount} cents; ${plan.most} points pay it in full`);
  throw pointsExceeded(card, asked ?? 1);
}

/** The points a CAMPAIGN reward adds go to the member's card in the target program: the one held, or one published to them now. */
async function targetCardFor(tx: Tx, target: CampaignRow, holderId: string, trackingId: string | null, locked: Map<string, VoucherRow>, known: VoucherRow | undefined, now: Date): Promise<VoucherRow> {
  if (known) return locked.get(known.id) as VoucherRow;
  return publishNextCard(tx, target, { id: newId('pub'), customerId: holderId, trackingId, sourceId: null, channel: 'API', metadata: { source_type: 'reward' }, createdAt: now }, now);
}

/**
 * POST /v1/loyalties/[{campaignId}/]members/{memberId}/redemption: spends a card's points on a reward
 * its program offers, in one transaction. The card row is locked first, so parallel redemptions on
 * one card run one after another and each sees the balance the previous left (never below 0). It
 * checks the card (active, in its dates), the balance, and the stock (counted down in one
 * statement), then writes one POINTS_REDEMPTION through the ledger (the points that expire soonest
 * go first) and the redemption. A CAMPAIGN reward adds its points to the member's card in the
 * target program (POINTS_ADDITION, the two transactions naming each other); pay with points (COIN)
 * takes points off the order.
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
  const run = () =>
    ctx.db.transaction(async (tx) => {
      const found = await memberCard(tx, projectId, code, campaignRef);
      const holderId = requireHolder(found.card);
      const reward = await findReward(tx, projectId, rewardId);
      if (!reward) throw notFound('reward', rewardId);
      const [assignment] = await assignmentsOfRewards(tx, found.campaign.id, [reward.id]);
      if (!assignment) throw notFound('reward', reward.id, `Reward ${reward.id} is not offered by loyalty program ${found.campaign.id}`);

      // Both cards a CAMPAIGN reward moves points on are locked together, in id order (no deadlock).
      const target = reward.type === 'CAMPAIGN' ? await getCampaign(tx, projectId, reward.targetCampaignId as string) : undefined;
      const targetCard = target ? await findHeldCard(tx, projectId, holderId, target.id) : undefined;
      const locked = new Map((await lockCards(tx, [found.card.id, ...(targetCard ? [targetCard.id] : [])])).map((c) => [c.id, c]));
      const card = locked.get(found.card.id) as VoucherRow;

      const refusal = cardRefusal(card, now);
      if (refusal) throw refusal;
      const price = await priceOf(tx, projectId, card, reward, assignment.points, body);
      if (price.points > card.balance) throw pointsExceeded(card, price.points);
      const counted = await takeOneFromStock(tx, reward.id, now);
      if (!counted) throw reward.stock === null ? notFound('reward', reward.id) : outOfStock(reward);

      const redemptionId = newId('r');
      const additionId = target ? newId('vtx') : undefined;
      const details = { redemption: { id: redemptionId }, reward: { id: reward.id, name: reward.name, assignment_id: assignment.id } };
      const spent = await postToCard(tx, card, { type: 'POINTS_REDEMPTION', points: price.points, reason: null, source, details, relatedTransactionId: additionId }, now);
      let cardAfter = spent.card;

      const holder = await findCustomer(tx, projectId, holderId);
      if (!holder) throw notFound('customer', holderId);
      let targetAfter: VoucherRow | undefined;
      if (target) {
        const receiving = targetCard?.id === card.id ? cardAfter : await targetCardFor(tx, target, holderId, holder.sourceId, locked, targetCard, now);
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
            relatedTransactionId: spent.transaction.id,
          },
          now,
        );
        targetAfter = added.card;
        if (receiving.id === card.id) cardAfter = added.card;
      }

      const products = await productsByIds(tx, projectId, [...(body.order?.items ?? []).flatMap((i) => (i.product_id ? [i.product_id] : [])), ...(reward.productId ? [reward.productId] : [])]);
      const order =
        price.payment && body.order
          ? presentOrder(
              body.order,
              { id: newId('ord'), amount: price.payment.amount, discount: price.payment.discount, customerId: holderId, redemptionId, cardId: card.id, campaignId: card.campaignId, now },
              products,
            )
          : null;
      const row = await insertRedemption(tx, {
        id: redemptionId,
        projectId,
        voucherId: card.id,
        campaignId: card.campaignId,
        customerId: holderId,
        rewardId: reward.id,
        assignmentId: assignment.id,
        rewardType: reward.type,
        points: price.points,
        transactionId: spent.transaction.id,
        orderData: order,
        metadata: body.metadata ?? null,
        trackingId: holder.sourceId,
        createdAt: now,
      });
      const [shownCard, shownTarget] = await Promise.all([
        presentMembers(ctx, tx, found.campaign, [cardAfter]).then(([c]) => c),
        targetAfter && target && targetAfter.id !== cardAfter.id ? presentMembers(ctx, tx, target, [targetAfter]).then(([c]) => c) : undefined,
      ]);
      return presentRedemption({
        row,
        card: shownCard,
        holder,
        reward: counted,
        order,
        channelId: oauthClientId(caller.apiKeyId),
        targetCard: target ? (shownTarget ?? shownCard) : null,
        product: reward.productId ? (products.get(reward.productId) ?? null) : null,
      });
    });
  try {
    return await run();
  } catch (error) {
    // A parallel redemption published the member a card of the target program first: use it.
    if (violatedUniqueIndex(error) === 'publications_join_once_uq') return run();
    throw error;
  }
}
