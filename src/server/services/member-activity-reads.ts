import type { MemberActivityList } from '../../contract/member-activity';
import type { DbOrTx } from '../../platform/db/client';
import type { ServiceContext } from '../context';
import type { CardTransactionRow } from '../db/repositories/card-transactions';
import { findCustomer } from '../db/repositories/customers';
import { activityPosition, listCardActivity } from '../db/repositories/member-activity';
import { findAssignmentById, type RewardAssignmentRow } from '../db/repositories/reward-assignments';
import { rewardsByIds } from '../db/repositories/rewards';
import { invalidQueryAt } from '../lib/api-error';
import { presentActivity } from '../presenters/member-activity';
import { cursorPage } from '../presenters/cursor-page';
import { dashboardSource } from '../domain/card-change-author';
import { memberCard } from './member-cards';
import { catchUpCardTier } from './member-tiers';

/**
 * GET /v1/loyalties/[{campaignId}/]members/{memberId}/activity: the card's activity, newest first by
 * default, a page after `starting_after_id` (an activity id of this card) at a time.
 */
export async function listMemberActivity(
  ctx: ServiceContext,
  projectId: string,
  code: string,
  query: { limit: number; order: 'created_at' | '-created_at'; starting_after_id?: string },
  campaignRef?: string,
): Promise<MemberActivityList> {
  const { card, campaign } = await memberCard(ctx.db, projectId, code, campaignRef);
  // Tier changes are activity too: the tier is caught up first, so none due is missing.
  const tiers = (await catchUpCardTier(ctx, ctx.db, card.id))?.tiers ?? [];
  let after;
  if (query.starting_after_id) {
    after = await activityPosition(ctx.db, card.id, query.starting_after_id);
    if (!after) throw invalidQueryAt(['starting_after_id'], `card ${code} has no activity ${query.starting_after_id}`);
  }
  const sources = await listCardActivity(ctx.db, card.id, { limit: query.limit + 1, order: query.order, after });
  const { page, paging } = cursorPage(sources, query.limit, (source) => source.row.id);
  const [holder, named] = await Promise.all([card.holderId ? findCustomer(ctx.db, projectId, card.holderId) : undefined, rewardsNamedBy(ctx.db, projectId, page)]);
  const context = { card, campaign, holder, ...named, tiers: new Map(tiers.map((t) => [t.id, t])), automationSource: 'Automation', dashboardSource };
  return { object: 'list', data_ref: 'data', data: page.map((source) => presentActivity(context, source)), ...paging };
}

/** The rewards and reward assignments the redemptions among `sources` name, for their activities. */
export async function rewardsNamedBy(db: DbOrTx, projectId: string, sources: readonly { kind: string; row: unknown }[]) {
  const named = sources.flatMap((s) => (s.kind === 'transaction' ? [((s.row as CardTransactionRow).details as { reward?: { id: string; assignment_id?: string } }).reward ?? []].flat() : []));
  const [rewards, assignmentRows] = await Promise.all([
    rewardsByIds(db, projectId, named.map((r) => r.id)),
    Promise.all([...new Set(named.flatMap((r) => (r.assignment_id ? [r.assignment_id] : [])))].map((id) => findAssignmentById(db, projectId, id))),
  ]);
  return { rewards, assignments: new Map((assignmentRows.filter(Boolean) as RewardAssignmentRow[]).map((a) => [a.id, a])) };
}
