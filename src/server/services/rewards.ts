import { rewardTypeOf, type CreateRewardRequest, type Reward, type RewardList, type RewardParametersInput, type RewardType, type UpdateRewardRequest } from '../../contract/reward';
import type { ServiceContext } from '../context';
import type { DbOrTx } from '../../platform/db/client';
import { newId } from '../../platform/ids';
import { getCampaign } from '../db/repositories/campaigns';
import { findProduct } from '../db/repositories/products';
import { assignmentsOfReward, findAssignmentById } from '../db/repositories/reward-assignments';
import {
  deleteReward as removeReward,
  findReward,
  insertReward,
  listRewards as queryRewards,
  lockReward,
  redemptionCounts,
  updateReward as changeReward,
  type NewReward,
  type RewardRow,
} from '../db/repositories/rewards';
import { ApiError, invalidPayload, invalidPayloadAt, notFound, resourceInUse } from '../lib/api-error';
import { presentReward } from '../presenters/reward';

const unsupportedTarget = (id: string) =>
  invalidPayload(
    `Property .parameters.campaign.id: ${id} is not a loyalty program of this project. CAMPAIGN rewards support only LOYALTY_PROGRAM campaigns ` +
      "(the reward adds parameters.campaign.balance points to the member's card in that program); DISCOUNT_COUPONS and GIFT_VOUCHERS campaigns are not supported",
  );

/** The stored parameters and the columns that tie the reward to what it gives, checked against this project. */
async function resolveParameters(db: DbOrTx, projectId: string, parameters: RewardParametersInput): Promise<Pick<NewReward, 'parameters' | 'productId' | 'targetCampaignId'>> {
  if (parameters.campaign) {
    const { id, balance, type } = parameters.campaign;
    if (type !== undefined && type !== 'LOYALTY_PROGRAM') throw unsupportedTarget(id);
    const campaign = await getCampaign(db, projectId, id).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 404) throw unsupportedTarget(id);
      throw error;
    });
    if (campaign.campaignType !== 'LOYALTY_PROGRAM') throw unsupportedTarget(id);
    return { parameters: { campaign: { id: campaign.id, balance, type: 'LOYALTY_PROGRAM' } }, productId: null, targetCampaignId: campaign.id };
  }
  if (parameters.coin) {
    const { exchange_ratio, points_ratio } = parameters.coin;
    return { parameters: { coin: { exchange_ratio, points_ratio: points_ratio ?? 1 } }, productId: null, targetCampaignId: null };
  }
  const productRef = (parameters.product as { id: string }).id;
  const product = await findProduct(db, projectId, productRef);
  if (!product) throw notFound('product', productRef);
  return { parameters: { product: { id: product.id, sku_id: null } }, productId: product.id, targetCampaignId: null };
}

/** POST /v1/rewards. */
export async function createReward(ctx: ServiceContext, projectId: string, body: CreateRewardRequest): Promise<Reward> {
  const now = ctx.clock.now();
  const type = rewardTypeOf(body.parameters);
  const resolved = await resolveParameters(ctx.db, projectId, body.parameters);
  const row = await insertReward(ctx.db, {
    id: newId('rew'),
    projectId,
    name: body.name,
    type,
    ...resolved,
    stock: type === 'MATERIAL' ? (body.stock ?? null) : null,
    attributes: body.attributes ?? {},
    metadata: body.metadata ?? {},
    createdAt: now,
  });
  return presentReward(row, 0);
}

/** Rewards with how many times each was redeemed. */
async function present(db: DbOrTx, rows: RewardRow[]): Promise<Reward[]> {
  const redeemed = await redemptionCounts(db, rows.map((r) => r.id));
  return rows.map((row) => presentReward(row, redeemed.get(row.id) ?? 0));
}

export async function getReward(ctx: ServiceContext, projectId: string, id: string): Promise<Reward> {
  const row = await findReward(ctx.db, projectId, id);
  if (!row) throw notFound('reward', id);
  return (await present(ctx.db, [row]))[0];
}

/** GET /v1/rewards, newest first; with `assignment_id`, the reward of that assignment. */
export async function listRewards(ctx: ServiceContext, projectId: string, opts: { limit: number; page: number; assignment_id?: string }): Promise<RewardList> {
  let ids: string[] | undefined;
  if (opts.assignment_id !== undefined) {
    const assignment = await findAssignmentById(ctx.db, projectId, opts.assignment_id);
    ids = assignment ? [assignment.rewardId] : [];
  }
  const { rows, total } = await queryRewards(ctx.db, projectId, { ...opts, ids });
  return { object: 'list', data_ref: 'data', data: await present(ctx.db, rows), total };
}

const keepsType = (type: RewardType, field: string) => invalidPayloadAt(field.split('.'), `a ${type} reward keeps its type; give ${type === 'CAMPAIGN' ? 'parameters.campaign' : type === 'COIN' ? 'parameters.coin' : 'parameters.product'}`);

/** PUT /v1/rewards/{rewardId}: the fields given replace the stored ones; the type stays. */
export async function updateReward(ctx: ServiceContext, projectId: string, id: string, body: UpdateRewardRequest): Promise<Reward> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const reward = await lockReward(tx, projectId, id);
    if (!reward) throw notFound('reward', id);
    if (body.type !== undefined && body.type !== reward.type) throw keepsType(reward.type, 'type');
    if (body.parameters && rewardTypeOf(body.parameters) !== reward.type) throw keepsType(reward.type, 'parameters');
    if (body.stock !== undefined && body.stock !== null && reward.type !== 'MATERIAL') throw invalidPayloadAt(['stock'], 'applies only to MATERIAL rewards');
    const changes: Partial<NewReward> = { updatedAt: now };
    if (body.name !== undefined) changes.name = body.name;
    if (body.parameters) Object.assign(changes, await resolveParameters(tx, projectId, body.parameters));
    if (body.stock !== undefined) changes.stock = body.stock;
    if (body.attributes !== undefined) changes.attributes = body.attributes;
    if (body.metadata !== undefined) changes.metadata = body.metadata;
    return (await present(tx, [await changeReward(tx, reward.id, changes)]))[0];
  });
}

/** DELETE /v1/rewards/{rewardId}: refused (400 resource_in_use) while a program offers the reward. */
export async function deleteReward(ctx: ServiceContext, projectId: string, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    // Locked, so an assignment being made now either commits first (and is seen) or waits and then finds no reward.
    const reward = await lockReward(tx, projectId, id);
    if (!reward) throw notFound('reward', id);
    const assignments = await assignmentsOfReward(tx, reward.id);
    if (assignments.length > 0) throw resourceInUse('reward', reward.id, { ids: assignments.map((a) => a.id), type: 'reward_assignment' });
    await removeReward(tx, reward.id);
  });
}
