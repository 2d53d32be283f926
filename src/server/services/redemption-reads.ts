import type { Redemption } from '../../contract/redemption';
import type { RedemptionRollback, StoredRedemption } from '../../contract/redemption-rollback';
import type { DbOrTx } from '../../platform/db/client';
import type { ServiceContext } from '../context';
import { getCampaign } from '../db/repositories/campaigns';
import { findCustomer } from '../db/repositories/customers';
import { lockCards } from '../db/repositories/loyalty-cards';
import { findProduct } from '../db/repositories/products';
import type { RedemptionRow } from '../db/repositories/redemption-context';
import { findRedemption, findRollback, transactionById, type RedemptionRollbackRow } from '../db/repositories/redemption-rollbacks';
import { findReward } from '../db/repositories/rewards';
import { findVoucherById } from '../db/repositories/vouchers';
import { staffUserOf } from '../domain/card-change-author';
import { oauthClientId } from '../domain/oauth-client-id';
import { notFound } from '../lib/api-error';
import { presentRedemption } from '../presenters/redemption';
import { presentRedemptionRollback, rolledBackOrder } from '../presenters/redemption-rollback';
import { presentMembers } from './member-view';

/**
 * A redemption as the real API answers it, with its card (and a CAMPAIGN reward's target card) as
 * they are now: what it spent and on what is its record's, the balances are today's. `db` may be a
 * transaction that changed the cards (a rollback answering).
 */
export async function viewRedemption(ctx: ServiceContext, db: DbOrTx, redemption: RedemptionRow, channelId: string): Promise<Redemption> {
  const { projectId } = redemption;
  const spent = await transactionById(db, projectId, redemption.transactionId);
  const addition = spent?.relatedTransactionId ? await transactionById(db, projectId, spent.relatedTransactionId) : undefined;
  const [card, holder, reward, campaign] = await Promise.all([
    findVoucherById(db, redemption.voucherId),
    findCustomer(db, projectId, redemption.customerId),
    findReward(db, projectId, redemption.rewardId),
    getCampaign(db, projectId, redemption.campaignId),
  ]);
  if (!card || !holder) throw notFound('redemption', redemption.id);
  // A reward deleted since (after its assignments were): its parameters are gone with it.
  if (!reward) throw notFound('reward', redemption.rewardId, `Reward ${redemption.rewardId} of redemption ${redemption.id} was deleted`);
  const [shownCard] = await presentMembers(ctx, db, campaign, [card]);
  let targetCard = null;
  if (addition) {
    const target = addition.voucherId === card.id ? card : await findVoucherById(db, addition.voucherId);
    if (target) targetCard = (await presentMembers(ctx, db, await getCampaign(db, projectId, target.campaignId), [target]))[0];
  }
  const product = reward?.productId ? await findProduct(db, projectId, reward.productId) : undefined;
  return presentRedemption({
    row: redemption,
    card: shownCard,
    holder,
    reward,
    order: (redemption.orderData as Redemption['order']) ?? null,
    channelId,
    targetCard,
    product: product ?? null,
  });
}

/** Who rolled back, as the card's refund records it: a dashboard user, else the API key asking. */
async function channelOfRollback(db: DbOrTx, rollback: RedemptionRollbackRow, channelId: string): Promise<RedemptionRollback['channel']> {
  const refund = await transactionById(db, rollback.projectId, rollback.transactionId);
  const user = staffUserOf(refund?.details);
  return user ? { channel_id: user, channel_type: 'USER' } : { channel_id: channelId, channel_type: 'API' };
}

export async function viewRollback(ctx: ServiceContext, db: DbOrTx, redemption: RedemptionRow, rollback: RedemptionRollbackRow, channelId: string): Promise<RedemptionRollback> {
  const redeemed = await viewRedemption(ctx, db, redemption, channelId);
  return presentRedemptionRollback({ rollback, redemption, redeemed, channel: await channelOfRollback(db, rollback, channelId) });
}

/**
 * GET /v1/redemptions/{redemptionId}: a reward redemption (`r_…`), its order showing the rollback
 * once it was rolled back, or a rollback (`rr_…`).
 */
export async function getRedemption(ctx: ServiceContext, caller: { projectId: string; apiKeyId: string }, id: string): Promise<StoredRedemption> {
  const channelId = oauthClientId(caller.apiKeyId);
  const rolledBack = await findRollback(ctx.db, caller.projectId, id);
  if (rolledBack) return viewRollback(ctx, ctx.db, rolledBack.redemption, rolledBack.rollback, channelId);
  const found = await findRedemption(ctx.db, caller.projectId, id);
  if (!found) throw notFound('redemption', id);
  const redeemed = await viewRedemption(ctx, ctx.db, found.redemption, channelId);
  const order = redeemed.order && found.rollback ? rolledBackOrder(redeemed.order, found.redemption.id, found.rollback) : redeemed.order;
  return { ...redeemed, order };
}

/** The cards a rollback changes, locked in id order: the redeeming card and, for a CAMPAIGN reward, the card that got its points. */
export async function lockRedemptionCards(db: DbOrTx, redemption: RedemptionRow) {
  const spent = await transactionById(db, redemption.projectId, redemption.transactionId);
  const addition = spent?.relatedTransactionId ? await transactionById(db, redemption.projectId, spent.relatedTransactionId) : undefined;
  const cards = await lockCards(db, [...new Set([redemption.voucherId, ...(addition ? [addition.voucherId] : [])])]);
  return { spent, addition, cards: new Map(cards.map((c) => [c.id, c])) };
}
