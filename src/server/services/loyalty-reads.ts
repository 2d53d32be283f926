import type { DateRange } from '../../contract/common';
import type { LoyaltyMember, MemberList } from '../../contract/loyalty-member';
import type { LoyaltyProgram, LoyaltyProgramList } from '../../contract/loyalty-program';
import type { ServiceContext } from '../context';
import { categoriesById, countCards, getCampaign, listCampaigns, type CampaignOrder } from '../db/repositories/campaigns';
import { findVoucherByCode, listCampaignCards, type MemberOrder } from '../db/repositories/vouchers';
import { findCustomer, findCustomerBySourceId } from '../db/repositories/customers';
import { notFound } from '../lib/api-error';
import { presentProgram } from '../presenters/loyalty-program';
import { presentMembers } from './member-view';

export async function listPrograms(ctx: ServiceContext, projectId: string, opts: { limit: number; page: number; order: CampaignOrder }): Promise<LoyaltyProgramList> {
  const { rows, total } = await listCampaigns(ctx.db, projectId, opts);
  const counts = await countCards(ctx.db, rows.map((r) => r.id));
  const categories = await categoriesById(ctx.db, rows.map((r) => r.categoryId));
  return {
    object: 'list',
    data_ref: 'campaigns',
    campaigns: rows.map((c) => presentProgram(c, counts.get(c.id) ?? 0, c.categoryId ? categories.get(c.categoryId) : undefined)),
    total,
  };
}

export async function getProgram(ctx: ServiceContext, projectId: string, campaignRef: string): Promise<LoyaltyProgram> {
  const campaign = await getCampaign(ctx.db, projectId, campaignRef);
  const counts = await countCards(ctx.db, [campaign.id]);
  const categories = await categoriesById(ctx.db, [campaign.categoryId]);
  return presentProgram(campaign, counts.get(campaign.id) ?? 0, campaign.categoryId ? categories.get(campaign.categoryId) : undefined);
}

/** Resolves `?customer=` (an id or a source id) to a customer id; unknown customers match nothing. */
async function customerIdOf(ctx: ServiceContext, projectId: string, reference: string): Promise<string> {
  if (reference.startsWith('cust_')) return (await findCustomer(ctx.db, projectId, reference))?.id ?? reference;
  return (await findCustomerBySourceId(ctx.db, projectId, reference))?.id ?? 'cust_none';
}

export async function listMembers(
  ctx: ServiceContext,
  projectId: string,
  campaignRef: string,
  opts: { limit: number; page: number; order: MemberOrder; customer?: string; published?: 'true' | 'false'; code?: string; ids?: string[]; created_at?: DateRange; updated_at?: DateRange },
): Promise<MemberList> {
  const campaign = await getCampaign(ctx.db, projectId, campaignRef);
  const holderId = opts.customer ? await customerIdOf(ctx, projectId, opts.customer) : undefined;
  const { rows, total } = await listCampaignCards(ctx.db, campaign.id, { ...opts, holderId, published: opts.published === undefined ? undefined : opts.published === 'true' });
  return { object: 'list', data_ref: 'vouchers', vouchers: await presentMembers(ctx, ctx.db, campaign, rows), total };
}

/** A card by code, optionally required to belong to the named campaign (404 `voucher` otherwise). */
export async function getMember(ctx: ServiceContext, projectId: string, code: string, campaignRef?: string): Promise<LoyaltyMember> {
  const card = await findVoucherByCode(ctx.db, projectId, code);
  const campaign = campaignRef ? await getCampaign(ctx.db, projectId, campaignRef) : undefined;
  if (!card || (campaign && card.campaignId !== campaign.id)) throw notFound('voucher', code);
  return (await presentMembers(ctx, ctx.db, campaign ?? (await getCampaign(ctx.db, projectId, card.campaignId)), [card]))[0];
}
