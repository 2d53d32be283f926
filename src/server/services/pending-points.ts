import type { PointsExpiration } from '../../contract/earning-rule';
import type { PendingPoints, PendingPointsList, PendingPointsListQuery } from '../../contract/pending-points';
import type { Tx } from '../../platform/db/client';
import type { ServiceContext } from '../context';
import { getCampaign } from '../db/repositories/campaigns';
import { lockCards } from '../db/repositories/loyalty-cards';
import { adjustPendingEntry, closePendingEntry, dueEntries, listPendingEntries, lockPendingEntry, pendingEntriesOfOrder, type PendingPointsRow } from '../db/repositories/pending-points';
import type { VoucherRow } from '../db/repositories/vouchers';
import { bucketExpiryOf } from '../domain/points-expiration';
import { utcDateString } from '../domain/utc-calendar';
import { ApiError, notFound } from '../lib/api-error';
import { cursorPage } from '../presenters/cursor-page';
import { iso } from '../presenters/timestamps';
import type { CardChangeAuthor } from '../domain/card-change-author';
import { recordCardChange } from './card-changes';
import { postToCard } from './card-postings';
import { memberCard } from './member-cards';

/** A pending-points entry as the contract's LoyaltyPendingPoints. */
export function presentPendingPoints(row: PendingPointsRow): PendingPoints {
  const details = row.details as PendingPoints['details'] & { event?: { id: string } };
  return {
    id: row.id,
    voucher_id: row.voucherId,
    campaign_id: row.campaignId,
    customer_id: row.customerId,
    order_id: row.orderId,
    points: row.points,
    activates_at: row.activatesOn,
    details: {
      ...(details.event && { event: { id: details.event.id, type: 'customer.order.paid' as const, entity_id: row.customerId, created_at: row.createdAt.toISOString(), category: 'EFFECT' as const } }),
      ...(details.earning_rule && { earning_rule: details.earning_rule }),
      ...(details.order && { order: details.order }),
      ...(details.holder_loyalty_tier && { holder_loyalty_tier: details.holder_loyalty_tier }),
    },
    created_at: row.createdAt.toISOString(),
    updated_at: iso(row.updatedAt),
  };
}

function pageOf(rows: PendingPointsRow[], query: PendingPointsListQuery): PendingPointsList {
  const { page, paging } = cursorPage(rows, query.limit, (row) => row.id);
  return { object: 'list', data_ref: 'data', data: page.map(presentPendingPoints), total: page.length, ...paging };
}

const readPage = (query: PendingPointsListQuery) => ({ limit: query.limit + 1, order: query.order, startingAfterId: query.starting_after_id });

/** GET /v1/loyalties/{campaignId}/pending-points: the program's points still pending. */
export async function listCampaignPendingPoints(ctx: ServiceContext, projectId: string, campaignRef: string, query: PendingPointsListQuery): Promise<PendingPointsList> {
  const campaign = await getCampaign(ctx.db, projectId, campaignRef);
  return pageOf(await listPendingEntries(ctx.db, { projectId, campaignId: campaign.id }, readPage(query)), query);
}

/** GET /v1/loyalties/[{campaignId}/]members/{memberId}/pending-points: one card's points still pending. */
export async function listMemberPendingPoints(ctx: ServiceContext, projectId: string, code: string, query: PendingPointsListQuery, campaignRef?: string): Promise<PendingPointsList> {
  const { card } = await memberCard(ctx.db, projectId, code, campaignRef);
  return pageOf(await listPendingEntries(ctx.db, { projectId, cardId: card.id }, readPage(query)), query);
}

/** The card and its entry, both locked (card first, as every card change); 404 when the card has no such entry pending. */
async function lockedEntry(tx: Tx, projectId: string, code: string, id: string): Promise<{ card: VoucherRow; entry: PendingPointsRow }> {
  const { card } = await memberCard(tx, projectId, code, undefined, { lock: true });
  const entry = await lockPendingEntry(tx, card.id, id);
  if (!entry) throw notFound('pending_points', id, `Cannot find pending points with id ${id} on loyalty card ${card.code}`);
  return { card, entry };
}

/**
 * Pending points become points of the card: the entry is ACTIVATED, the card's pending total
 * drops and one PENDING_POINTS_ACTIVATION transaction adds them, in a bucket expiring by the rule's
 * expiry counted from now, naming who activated them. The card is locked by the caller.
 */
async function activateEntry(tx: Tx, card: VoucherRow, entry: PendingPointsRow, now: Date, author: CardChangeAuthor): Promise<VoucherRow> {
  await closePendingEntry(tx, entry, 'ACTIVATED', now);
  const details = entry.details as Record<string, unknown>;
  const posted = await postToCard(
    tx,
    card,
    {
      type: 'PENDING_POINTS_ACTIVATION',
      points: entry.points,
      reason: 'Pending points activated',
      source: author.source,
      // The rule's trigger is the entry (counted at the moment the order earned), not its activation.
      details: { ...details, pending_points: { id: entry.id, activates_at: entry.activatesOn }, ...author.details },
      buckets: [{ points: entry.points, ...bucketExpiryOf(entry.pointsExpiration as PointsExpiration | null, now) }],
    },
    now,
  );
  return { ...posted.card, pendingPoints: posted.card.pendingPoints - entry.points };
}

/** POST …/pending-points/{id}/activate: now, before their day. */
export async function activatePendingPoints(ctx: ServiceContext, projectId: string, code: string, id: string, author: CardChangeAuthor) {
  const now = ctx.clock.now();
  return ctx.cardChanges.transaction(ctx.db, async (tx) => {
    const { card, entry } = await lockedEntry(tx, projectId, code, id);
    const after = await activateEntry(tx, card, entry, now, author);
    return { points: entry.points, total: after.points - after.expiredPoints, balance: after.balance, type: 'loyalty_card' as const, object: 'balance' as const, related_object: { type: 'voucher' as const, id: card.id }, operation_type: 'MANUAL' as const };
  });
}

/**
 * The entry is CANCELED and its points never reach the card; no card transaction records it, so who
 * and why (`details`) stay with the entry. The entry was read under its card's lock (lockPendingEntry).
 */
async function cancelEntry(tx: Tx, entry: PendingPointsRow, now: Date, details?: Record<string, unknown>): Promise<void> {
  await closePendingEntry(tx, entry, 'CANCELED', now, details);
  recordCardChange({ kind: 'PENDING_POINTS_CANCELED', projectId: entry.projectId, cardId: entry.voucherId, campaignId: entry.campaignId, points: -entry.points, pendingPointsId: entry.id, at: now });
}

/** POST …/pending-points/{id}/cancel: a staff user who cancels them is named in the entry's details. */
export async function cancelPendingPoints(ctx: ServiceContext, projectId: string, code: string, id: string, author?: CardChangeAuthor, reason?: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.cardChanges.transaction(ctx.db, async (tx) => {
    const { entry } = await lockedEntry(tx, projectId, code, id);
    await cancelEntry(tx, entry, now, { ...author?.details, ...(reason !== undefined && { cancel_reason: reason }) });
  });
}

/**
 * An order CANCELED takes the points it still holds pending with it. Decided as every other outcome
 * of an entry is: its cards are locked (in id order), then each entry is read again under that lock,
 * so one activated, canceled or adjusted meanwhile by hand or by the hourly run is left as that made
 * it, and the points canceled are those the entry holds now. The caller holds the order's lock, so no
 * entry of the order is added meanwhile.
 */
export async function cancelPendingPointsOfOrder(tx: Tx, orderId: string, now: Date): Promise<void> {
  const candidates = await pendingEntriesOfOrder(tx, orderId);
  if (candidates.length === 0) return;
  await lockCards(tx, [...new Set(candidates.map((e) => e.voucherId))]);
  for (const candidate of candidates) {
    const entry = await lockPendingEntry(tx, candidate.voucherId, candidate.id);
    if (entry) await cancelEntry(tx, entry, now);
  }
}

/** POST …/pending-points/{id}/balance: more or fewer points held; never below 1 (cancel takes them all). */
export async function adjustPendingPoints(ctx: ServiceContext, projectId: string, code: string, id: string, points: number) {
  const now = ctx.clock.now();
  return ctx.cardChanges.transaction(ctx.db, async (tx) => {
    const { card, entry } = await lockedEntry(tx, projectId, code, id);
    if (entry.points + points < 1) {
      throw new ApiError(400, 'invalid_payload', 'Invalid payload', `Property .points would leave ${entry.points + points} pending points; at least 1 must remain (cancel them instead)`);
    }
    await adjustPendingEntry(tx, entry, points, now);
    recordCardChange({ kind: 'PENDING_POINTS_ADJUSTED', projectId, cardId: card.id, campaignId: card.campaignId, points, pendingPointsId: entry.id, at: now });
    return { points, total: card.pendingPoints + points, object: 'balance' as const, related_object: { type: 'voucher' as const, id: card.id }, operation_type: 'MANUAL' as const };
  });
}

/**
 * Activates every entry whose day has come by `now` (UTC), of one project when given: each in its
 * own transaction under its card's lock, re-reading the entry there, so a run racing another, an
 * activation by hand or a cancellation never activates points twice. Returns how many points.
 */
export async function activateDuePendingPoints(ctx: ServiceContext, now: Date, projectId?: string, batchSize = 200): Promise<{ entries: number; points: number }> {
  const today = utcDateString(now);
  const run = { entries: 0, points: 0 };
  const seen = new Set<string>();
  for (;;) {
    const due = (await dueEntries(ctx.db, today, batchSize, projectId)).filter((e) => !seen.has(e.id));
    if (due.length === 0) return run;
    for (const candidate of due) {
      seen.add(candidate.id);
      await ctx.cardChanges.transaction(ctx.db, async (tx) => {
        const [card] = await lockCards(tx, [candidate.voucherId]);
        const entry = card && (await lockPendingEntry(tx, card.id, candidate.id));
        if (!entry) return;
        await activateEntry(tx, card, entry, now, { source: 'Automation' });
        run.entries += 1;
        run.points += entry.points;
      });
    }
  }
}
