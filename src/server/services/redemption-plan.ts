import type { Order, RedeemRewardRequest } from '../../contract/redemption';
import type { DbOrTx } from '../../platform/db/client';
import { getCampaign, type CampaignRow } from '../db/repositories/campaigns';
import { productsByIds, type ProductRow } from '../db/repositories/products';
import type { NewRedemption, RedemptionContext } from '../db/repositories/redemption-context';
import type { RewardAssignmentRow } from '../db/repositories/reward-assignments';
import type { RewardRow } from '../db/repositories/rewards';
import type { CustomerRow } from '../db/repositories/customers';
import type { VoucherRow } from '../db/repositories/vouchers';
import { spendingRefusal } from '../domain/card-spending';
import { orderAmount } from '../domain/order-amount';
import { planPayment, type CoinRatio } from '../domain/pay-with-points';
import { ApiError, invalidPayloadAt, notFound } from '../lib/api-error';
import { newId } from '../../platform/ids';
import { presentOrder } from '../presenters/redemption';
import { pointsExceeded } from './card-postings';
import { requireHolder } from './member-cards';

export const missingReward = () => new ApiError(400, 'missing_reward', 'Missing reward', 'A reward is required when redeeming a LOYALTY_CARD');
const missingOrder = () => new ApiError(400, 'missing_order', 'Missing order', 'An order is required to pay with points (a COIN reward)');
const missingAmount = () =>
  new ApiError(400, 'missing_amount', 'Missing amount', 'The order has no amount: give order.amount, or items with an amount or a price (or products with a price)');
export const outOfStock = (reward: RewardRow) =>
  new ApiError(400, 'quantity_exceeded', 'Quantity exceeded', `Reward ${reward.id} (${reward.name}) is out of stock`, { id: reward.id, type: 'reward' });

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

export interface Price {
  points: number;
  /** Pay with points: the order's amount and what the points pay of it. */
  payment?: { amount: number; discount: number };
  /** The stored products the order names. */
  products: Map<string, ProductRow>;
}

/** What the redemption costs: the assignment's price, or for pay with points what the order and the balance allow. */
async function priceOf(db: DbOrTx, projectId: string, card: VoucherRow, reward: RewardRow, assignmentPoints: number | null, body: RedeemRewardRequest): Promise<Price> {
  const asked = body.reward?.points;
  if (reward.type !== 'COIN') {
    if (asked !== undefined && asked !== assignmentPoints) throw invalidPayloadAt(['reward', 'points'], `${reward.name} costs ${assignmentPoints} points; only pay with points takes a number of points`);
    return { points: assignmentPoints as number, products: new Map() };
  }
  if (!body.order) throw missingOrder();
  const products = await productsByIds(db, projectId, (body.order.items ?? []).flatMap((i) => (i.product_id ? [i.product_id] : [])));
  const amount = orderAmount(body.order, new Map([...products].map(([id, p]) => [id, p.price])));
  if (amount === undefined) throw missingAmount();
  if (amount === 0) throw new ApiError(400, 'invalid_amount', 'Invalid amount', 'The order amount is 0: there is nothing to pay with points');
  const plan = planPayment(amount, card.balance, reward.parameters.coin as CoinRatio, asked);
  if (plan.ok) return { points: plan.points, payment: { amount, discount: plan.discount }, products };
  if (plan.reason === 'over_amount') throw invalidPayloadAt(['reward', 'points'], `${asked} points pay more than the order's ${amount} cents; ${plan.most} points pay it in full`);
  throw pointsExceeded(card, asked ?? 1);
}

/** A redemption that passed every check, with what it costs. */
export interface CheckedRedemption {
  card: VoucherRow;
  holderId: string;
  holder: CustomerRow;
  reward: RewardRow;
  assignment: RewardAssignmentRow;
  campaign: CampaignRow;
  price: Price;
  /** The reward's product. */
  product: ProductRow | undefined;
}

/**
 * Everything a redemption checks before it writes, on the card as read (`context`): the card exists
 * (in the campaign of the path, `named`), has a holder, is active and in its dates; the reward
 * exists and the card's program offers it; the card's balance covers the price (for pay with
 * points, what the order and the balance allow).
 */
export async function checkRedemption(
  db: DbOrTx,
  input: { projectId: string; code: string; rewardId: string; named: CampaignRow | undefined; body: RedeemRewardRequest; now: Date },
  context: RedemptionContext | undefined,
): Promise<CheckedRedemption> {
  const { projectId, code, rewardId, named, body, now } = input;
  if (!context || (named && context.card.campaignId !== named.id)) throw notFound('voucher', code);
  const { card, reward, assignment } = context;
  const holderId = requireHolder(card);
  if (!reward) throw notFound('reward', rewardId);
  if (!assignment) throw notFound('reward', reward.id, `Reward ${reward.id} is not offered by loyalty program ${card.campaignId}`);
  const holder = context.holder as CustomerRow;
  const campaign = named ?? (await getCampaign(db, projectId, card.campaignId));
  const refusal = cardRefusal(card, now);
  if (refusal) throw refusal;
  const price = await priceOf(db, projectId, card, reward, assignment.points, body);
  if (price.points > card.balance) throw pointsExceeded(card, price.points);
  return { card, holderId, holder, reward, assignment, campaign, price, product: context.product };
}

/** What a redemption writes besides the card's transaction: its ids, the order it pays, the record. */
export interface RedemptionPlan {
  redemptionId: string;
  /** The POINTS_REDEMPTION transaction on the card. */
  spentId: string;
  /** A CAMPAIGN reward's POINTS_ADDITION on the member's card in the target program. */
  additionId: string | undefined;
  order: Order | null;
  /** The card transactions' details. */
  details: Record<string, unknown>;
  record: NewRedemption;
}

/** The ids, the order and the redemption record of a checked redemption. */
export function planRedemption(checked: CheckedRedemption, body: RedeemRewardRequest, options: { withTarget: boolean; now: Date }): RedemptionPlan {
  const { card, holderId, holder, reward, assignment, price } = checked;
  const { now } = options;
  const redemptionId = newId('r');
  const spentId = newId('vtx');
  const order =
    price.payment && body.order
      ? presentOrder(
          body.order,
          { id: newId('ord'), amount: price.payment.amount, discount: price.payment.discount, customerId: holderId, redemptionId, cardId: card.id, campaignId: card.campaignId, now },
          price.products,
        )
      : null;
  return {
    redemptionId,
    spentId,
    additionId: options.withTarget ? newId('vtx') : undefined,
    order,
    details: { redemption: { id: redemptionId }, reward: { id: reward.id, name: reward.name, assignment_id: assignment.id } },
    record: {
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
      // Known once the posting is planned: the buckets the points come from.
      takenFrom: null,
      createdAt: now,
    },
  };
}
