import type { MemberActivity, MemberActivityType } from '../../contract/member-activity';
import type { CampaignRow } from '../db/repositories/campaigns';
import type { CustomerRow } from '../db/repositories/customers';
import type { ActivitySource } from '../db/repositories/member-activity';
import type { RewardAssignmentRow } from '../db/repositories/reward-assignments';
import type { RewardRow } from '../db/repositories/rewards';
import type { VoucherRow } from '../db/repositories/vouchers';
import { activityTypeOfTransaction, defaultTransactionActivity } from '../domain/activity-types';
import { staffUserOf } from '../domain/card-change-author';
import { presentCardTransaction } from './card-transaction';
import { presentRewardAssignment } from './reward-assignment';
import { simpleCustomer } from './simple-customer';
import type { LoyaltyTierRow } from '../db/repositories/loyalty-tiers';
import { presentLoyaltyTier } from './loyalty-tier';

/** What the activities of one card are told with: the card, its program and holder, and the rewards its redemptions name. */
export interface ActivityContext {
  card: VoucherRow;
  campaign: CampaignRow;
  holder: CustomerRow | undefined;
  rewards: Map<string, RewardRow>;
  assignments: Map<string, RewardAssignmentRow>;
  /** The program's loyalty tiers, by id (tier changes name them). */
  tiers: Map<string, LoyaltyTierRow>;
  /** Transaction `source` values of the service's own jobs and of the dashboard. */
  automationSource: string;
  dashboardSource: string;
}


function simpleCampaign(campaign: CampaignRow) {
  return { id: campaign.id, name: campaign.name, campaign_type: 'LOYALTY_PROGRAM' as const, type: campaign.type, object: 'campaign' as const };
}

/** The card as it was right after a transaction: its lifetime points and balance then. */
function simpleVoucher(ctx: ActivityContext, totals: { points: number; balance: number }) {
  const { card, campaign } = ctx;
  return {
    id: card.id,
    code: card.code,
    type: 'LOYALTY_CARD' as const,
    campaign: campaign.name,
    campaign_id: campaign.id,
    ...(card.holderId !== null && { holder_id: card.holderId }),
    loyalty_card: totals,
    created_at: card.createdAt.toISOString(),
    object: 'voucher' as const,
  };
}

function channelOf(ctx: ActivityContext, source: string | null): MemberActivity['data']['event_source']['channel'] {
  if (source === ctx.automationSource) return 'INTERNAL';
  if (source === ctx.dashboardSource) return 'USER_PORTAL';
  return 'API';
}

function fromPublication(ctx: ActivityContext, source: Extract<ActivitySource, { kind: 'publication' }>): MemberActivity {
  const p = source.row;
  return {
    id: p.id,
    type: 'customer.publication.succeeded',
    data: {
      data: {
        ...(ctx.holder && { customer: simpleCustomer(ctx.holder) }),
        campaign: simpleCampaign(ctx.campaign),
        publication: {
          id: p.id,
          object: 'publication',
          created_at: p.createdAt.toISOString(),
          customer_id: p.customerId,
          ...(p.trackingId !== null && { tracking_id: p.trackingId }),
          metadata: p.metadata,
          channel: p.channel ?? 'API',
          source_id: p.sourceId,
          result: 'SUCCESS',
          // The customer's summary, loyalty and referrals are other endpoints' business: null here, as the contract allows.
          ...(ctx.holder && { customer: { ...simpleCustomer(ctx.holder), summary: null, loyalty: null, referrals: null } }),
          vouchers_id: [ctx.card.id],
          voucher: { code: ctx.card.code, object: 'voucher', campaign: ctx.campaign.name, is_referral_code: false },
        },
      },
      event_source: { channel: 'API' },
    },
    created_at: p.createdAt.toISOString(),
    group_id: p.id,
  };
}

function fromTransaction(ctx: ActivityContext, source: Extract<ActivitySource, { kind: 'transaction' }>): MemberActivity {
  const transaction = presentCardTransaction(source.row);
  const balance = transaction.details.balance;
  const type = activityTypeOfTransaction[source.row.type] ?? defaultTransactionActivity;
  const base = {
    ...(ctx.holder && { customer: simpleCustomer(ctx.holder) }),
    campaign: simpleCampaign(ctx.campaign),
    voucher: simpleVoucher(ctx, { points: balance.total, balance: balance.balance }),
  };
  let data: MemberActivity['data']['data'];
  switch (type) {
    case 'customer.voucher.loyalty_card.points_expired':
      data = { ...base, points: Math.abs(balance.points), transaction };
      break;
    case 'customer.reward_redemptions.completed': {
      const details = source.row.details as { reward?: { id: string; name: string; assignment_id?: string }; redemption?: { id: string } };
      const reward = details.reward ? ctx.rewards.get(details.reward.id) : undefined;
      const assignment = details.reward?.assignment_id ? ctx.assignments.get(details.reward.assignment_id) : undefined;
      data = {
        ...base,
        ...(ctx.holder && { holder: simpleCustomer(ctx.holder) }),
        // The balance after the redemption (the contract types it as a number here).
        balance: balance.balance,
        ...(details.reward && {
          reward: {
            id: details.reward.id,
            name: details.reward.name,
            object: 'reward',
            ...(details.reward.assignment_id && { assignment_id: details.reward.assignment_id }),
            ...(reward && { type: reward.type, parameters: reward.parameters, metadata: reward.metadata, created_at: reward.createdAt.toISOString(), updated_at: reward.updatedAt?.toISOString() ?? null }),
          },
        }),
        ...(assignment && { reward_assignment: presentRewardAssignment(assignment) }),
        ...(details.redemption && { reward_redemption: { id: details.redemption.id, object: 'redemption' } }),
        source: channelOf(ctx, source.row.source),
        transaction,
      };
      break;
    }
    default:
      data = { ...base, balance, transaction };
  }
  const channel = channelOf(ctx, source.row.source);
  // The staff user who made it from the dashboard, as the real API's EventSource names its user.
  const user = channel === 'USER_PORTAL' ? staffUserOf(source.row.details) : undefined;
  return {
    id: source.row.id,
    type,
    data: { data, event_source: { channel, ...(user && { user: { id: user } }) } },
    created_at: source.row.createdAt.toISOString(),
    group_id: source.row.id,
  };
}

/**
 * A change of the holder's tier, in the contract's EventCustomerLoyaltyTier* shapes: `loyalty_tier`
 * (the tier joined, left, prolonged or whose end moved), `loyalty_tier_from` / `loyalty_tier_to`,
 * and the tier's dates after the change (`expiration_date`, and the tier's own `expiration`).
 * The engine makes these changes (channel INTERNAL).
 */
function fromTierChange(ctx: ActivityContext, source: Extract<ActivitySource, { kind: 'tier' }>): MemberActivity {
  const change = source.row;
  const tier = (id: string | null) => {
    const row = id === null ? undefined : ctx.tiers.get(id);
    return row ? presentLoyaltyTier(row) : null;
  };
  const from = tier(change.tierFrom);
  const to = tier(change.tierTo);
  const day = (at: Date | null) => (at ? at.toISOString().slice(0, 10) : null);
  const expirationDate = change.expiresAt ? day(new Date(change.expiresAt.getTime() - 1)) : null;
  const dated = (t: ReturnType<typeof tier>) =>
    t && {
      ...t,
      expiration: {
        customer_id: ctx.card.holderId,
        campaign_id: ctx.campaign.id,
        tier_id: t.id,
        // openapi-spend types these dates as strings, not null: a tier without end leaves expiration_date out.
        ...(change.since && { start_date: day(change.since) }),
        ...(expirationDate && { expiration_date: expirationDate }),
        created_at: change.createdAt.toISOString(),
      },
    };
  const type = `customer.loyalty.tier.${change.type}` as MemberActivityType;
  const data = {
    ...(ctx.holder && { customer: simpleCustomer(ctx.holder) }),
    campaign: simpleCampaign(ctx.campaign),
    ...(change.type === 'left' ? { loyalty_tier: from } : { loyalty_tier: dated(to) }),
    loyalty_tier_from: from,
    loyalty_tier_to: dated(to),
    ...(change.type !== 'left' && { expiration_date: change.expiresAt ? change.expiresAt.toISOString() : null }),
    ...(change.previousExpiresAt && { previous_expiration_date: change.previousExpiresAt.toISOString() }),
    created_at: change.createdAt.toISOString(),
  };
  return { id: change.id, type, data: { data, event_source: { channel: 'INTERNAL' } }, created_at: change.createdAt.toISOString(), group_id: change.id };
}

/** One activity of a card, from the ledger record it stands for. */
export function presentActivity(ctx: ActivityContext, source: ActivitySource): MemberActivity {
  if (source.kind === 'tier') return fromTierChange(ctx, source);
  return source.kind === 'publication' ? fromPublication(ctx, source) : fromTransaction(ctx, source);
}
