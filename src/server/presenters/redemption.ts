import type { LoyaltyMember } from '../../contract/loyalty-member';
import type { Order, OrderInput, Redemption } from '../../contract/redemption';
import type { CustomerRow } from '../db/repositories/customers';
import type { ProductRow } from '../db/repositories/products';
import type { RedemptionRow } from '../db/repositories/redemption-context';
import type { RewardRow } from '../db/repositories/rewards';
import { lineAmount } from '../domain/order-amount';
import { presentProduct } from './product';
import { presentReward } from './reward';
import { simpleCustomer } from './simple-customer';

/** The order as answered with a pay-with-points redemption: its lines, and the discount the points paid. */
export function presentOrder(
  input: OrderInput,
  fields: { id: string; amount: number; discount: number; customerId: string; redemptionId: string; cardId: string; campaignId: string; now: Date },
  products: Map<string, ProductRow>,
): Order {
  const at = fields.now.toISOString();
  return {
    id: fields.id,
    source_id: input.source_id ?? null,
    created_at: at,
    updated_at: null,
    status: input.status ?? 'PAID',
    amount: fields.amount,
    discount_amount: fields.discount,
    total_discount_amount: fields.discount,
    total_amount: fields.amount - fields.discount,
    applied_discount_amount: fields.discount,
    total_applied_discount_amount: fields.discount,
    items: (input.items ?? []).map((item) => {
      const product = item.product_id ? products.get(item.product_id) : undefined;
      const amount = lineAmount(item, product?.price);
      return {
        object: 'order_item' as const,
        ...(item.product_id !== undefined && { product_id: item.product_id }),
        ...(item.sku_id !== undefined && { sku_id: item.sku_id }),
        ...(item.source_id !== undefined && { source_id: item.source_id }),
        ...(item.quantity !== undefined && { quantity: item.quantity }),
        ...(item.price !== undefined && { price: item.price }),
        ...(amount !== undefined && { amount, subtotal_amount: amount }),
        ...(product && {
          product: { id: product.id, ...(product.sourceId !== null && { source_id: product.sourceId }), ...(product.name !== null && { name: product.name }), ...(product.price !== null && { price: product.price }) },
        }),
        ...(item.metadata !== undefined && { metadata: item.metadata }),
      };
    }),
    metadata: input.metadata ?? {},
    customer: { id: fields.customerId, object: 'customer' },
    customer_id: fields.customerId,
    referrer_id: null,
    object: 'order',
    redemptions: { [fields.redemptionId]: { date: at, related_object_type: 'voucher', related_object_id: fields.cardId, related_object_parent_id: fields.campaignId } },
  };
}

/** A reward redemption as the real API answers it: the card after it, and the reward with what it gave. */
export function presentRedemption(input: {
  row: RedemptionRow;
  card: LoyaltyMember;
  holder: CustomerRow;
  reward: RewardRow;
  order: Order | null;
  channelId: string;
  /** CAMPAIGN: the member's card in the target program, after the points were added. */
  targetCard: LoyaltyMember | null;
  product: ProductRow | null;
}): Redemption {
  const { row, card, holder, reward } = input;
  const customer = simpleCustomer(holder);
  // Its redemption count is not part of a redemption's answer (the real API's examples leave it out).
  const shown = presentReward(reward, 0);
  return {
    id: row.id,
    object: 'redemption',
    date: row.createdAt.toISOString(),
    customer_id: row.customerId,
    tracking_id: row.trackingId,
    metadata: (row.metadata as Redemption['metadata']) ?? null,
    amount: row.points,
    redemption: null,
    result: 'SUCCESS',
    status: 'SUCCEEDED',
    order: input.order,
    channel: { channel_id: input.channelId, channel_type: 'API' },
    customer,
    related_object_type: 'voucher',
    related_object_id: row.voucherId,
    voucher: { ...card, holder: customer },
    reward: {
      id: shown.id,
      name: shown.name,
      type: shown.type,
      object: 'reward',
      parameters: shown.parameters,
      created_at: shown.created_at,
      updated_at: shown.updated_at,
      customer,
      assignment_id: row.assignmentId,
      voucher: input.targetCard,
      product: input.product ? (({ skus: _skus, ...product }) => product)(presentProduct(input.product)) : null,
      sku: null,
      loyalty_tier_id: null,
    },
    loyalty_card: { points: row.points },
  };
}
