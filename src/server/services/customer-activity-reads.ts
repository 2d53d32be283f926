import { cardTransactionTypes } from '../../contract/card-transaction';
import type { CustomerActivity, CustomerActivityList, CustomerActivityQuery } from '../../contract/customer-activity';
import type { ServiceContext } from '../context';
import { getCampaign, type CampaignRow } from '../db/repositories/campaigns';
import { findCustomer, findCustomerBySourceId } from '../db/repositories/customers';
import { listEventSchemas } from '../db/repositories/event-schemas';
import type { LoyaltyTierRow } from '../db/repositories/loyalty-tiers';
import { customerActivityPosition, listCustomerActivity as pageOfActivity, type CustomerActivityFilter } from '../db/repositories/member-activity';
import { cardsHeldBy, type VoucherRow } from '../db/repositories/vouchers';
import { activityKindsOfType } from '../domain/activity-types';
import { dashboardSource } from '../domain/card-change-author';
import { invalidQueryAt, notFound } from '../lib/api-error';
import { presentCustomEventActivity } from '../presenters/custom-event-activity';
import { cursorPage } from '../presenters/cursor-page';
import { presentActivity } from '../presenters/member-activity';
import { rewardsNamedBy } from './member-activity-reads';
import { catchUpCardTier } from './member-tiers';

/** Which records the query keeps (docs/architecture.md, decisions: category and type). */
function filterOf(query: CustomerActivityQuery): CustomerActivityFilter {
  const kinds = activityKindsOfType(query.type, cardTransactionTypes);
  if (query.category === 'ACTION') Object.assign(kinds, { transactionTypes: kinds.transactionTypes.filter((t) => t === 'POINTS_REDEMPTION'), tierChanges: [] });
  if (query.category === 'EFFECT') Object.assign(kinds, { publications: false, events: false, transactionTypes: kinds.transactionTypes.filter((t) => t !== 'POINTS_REDEMPTION') });
  // Custom events belong to no program: a campaign type keeps only the cards' activity.
  if (query.campaign_type !== undefined) kinds.events = false;
  return { ...kinds, campaignId: query.campaign_id, start: query.start_date, end: query.end_date };
}

const emptyList: CustomerActivityList = { object: 'list', data_ref: 'data', data: [], has_more: false };

/**
 * GET /v1/customers/{customerId}/activity (id or source id): the customer's activity across their
 * cards and their custom events, newest first by default, a page after `starting_after_id` at a
 * time. Every program here is a loyalty program, so another `campaign_type` matches nothing.
 */
export async function listCustomerActivity(ctx: ServiceContext, projectId: string, ref: string, query: CustomerActivityQuery): Promise<CustomerActivityList> {
  const customer = (await findCustomer(ctx.db, projectId, ref)) ?? (await findCustomerBySourceId(ctx.db, projectId, ref));
  if (!customer) throw notFound('customer', ref);
  if (query.campaign_type !== undefined && query.campaign_type !== 'LOYALTY_PROGRAM') return emptyList;
  const filter = filterOf(query);
  const cards = await cardsHeldBy(ctx.db, projectId, customer.id);
  // Tier changes are activity too: each card's tier is caught up first, so none due is missing.
  const tiers = new Map<string, LoyaltyTierRow[]>();
  for (const card of cards) tiers.set(card.id, (await catchUpCardTier(ctx, ctx.db, card.id))?.tiers ?? []);
  let after;
  if (query.starting_after_id) {
    after = await customerActivityPosition(ctx.db, projectId, customer.id, filter, query.starting_after_id);
    if (!after) throw invalidQueryAt(['starting_after_id'], `customer ${ref} has no such activity ${query.starting_after_id}`);
  }
  const sources = await pageOfActivity(ctx.db, projectId, customer.id, filter, { limit: query.limit + 1, order: query.order, after });
  const { page, paging } = cursorPage(sources, query.limit, (source) => source.row.id);

  const campaigns = new Map<string, CampaignRow>();
  for (const card of cards) if (!campaigns.has(card.campaignId)) campaigns.set(card.campaignId, await getCampaign(ctx.db, projectId, card.campaignId));
  const [named, schemas] = await Promise.all([rewardsNamedBy(ctx.db, projectId, page), listEventSchemas(ctx.db, projectId)]);
  const cardById = new Map<string, VoucherRow>(cards.map((card) => [card.id, card]));
  const schemaByName = new Map(schemas.map((schema) => [schema.name, schema]));
  const data = page.flatMap((source): CustomerActivity[] => {
    if (source.kind === 'event') return [presentCustomEventActivity(customer, source.row, schemaByName.get(source.row.type))];
    const card = cardById.get(source.row.voucherId);
    if (!card) return [];
    const cardTiers = tiers.get(card.id) ?? [];
    const context = { card, campaign: campaigns.get(card.campaignId) as CampaignRow, holder: customer, ...named, tiers: new Map(cardTiers.map((t) => [t.id, t])), automationSource: 'Automation', dashboardSource };
    return [presentActivity(context, source)];
  });
  return { object: 'list', data_ref: 'data', data, ...paging };
}
