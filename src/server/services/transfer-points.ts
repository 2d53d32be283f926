import type { PointsExpiration } from '../../contract/earning-rule';
import type { LoyaltyMember } from '../../contract/loyalty-member';
import type { TransferPointsRequest } from '../../contract/points-transfer';
import { newId } from '../../platform/ids';
import type { ServiceContext } from '../context';
import { getCampaign } from '../db/repositories/campaigns';
import { lockCards } from '../db/repositories/loyalty-cards';
import { findVoucherByCode, type VoucherRow } from '../db/repositories/vouchers';
import { authorOf } from '../domain/card-change-author';
import { bucketExpiryOf } from '../domain/points-expiration';
import { transferLegs, transferRefusal } from '../domain/points-transfer';
import { invalidPayloadAt, notFound } from '../lib/api-error';
import { pointsExceeded, postToCard } from './card-postings';
import { presentMembers } from './member-view';
import { requireHolder } from './member-cards';

interface Caller {
  projectId: string;
  dashboardUser?: string | null;
}

/** A card as the other side of a transfer names it in its details (SimpleVoucher). */
const simpleVoucher = (card: VoucherRow) => ({
  id: card.id,
  code: card.code,
  type: 'LOYALTY_CARD',
  campaign_id: card.campaignId,
  ...(card.holderId && { holder_id: card.holderId }),
  created_at: card.createdAt.toISOString(),
  object: 'voucher',
});

/**
 * POST /v1/loyalties/{campaignId}/members/{memberId}/transfers: moves points from each source card
 * to the member's card in one transaction: every card locked first, in id order (as every card
 * writer locks them, so transfers in both directions between two cards never deadlock), then per
 * source a POINTS_TRANSFER_OUT on it (taken from its points that expire soonest) and a
 * POINTS_TRANSFER_IN on the target, in a bucket expiring by the target program's rules, each naming
 * the other. A source that holds too few points (as it is under its lock) refuses the whole
 * transfer: nothing is written, no card goes below 0, and the points are never created nor lost.
 */
export async function transferPoints(ctx: ServiceContext, caller: Caller, campaignRef: string, code: string, sources: TransferPointsRequest): Promise<LoyaltyMember> {
  const { projectId } = caller;
  const campaign = await getCampaign(ctx.db, projectId, campaignRef);
  const target = await findVoucherByCode(ctx.db, projectId, code);
  if (!target || target.campaignId !== campaign.id) throw notFound('voucher', code);
  requireHolder(target);
  const read = await Promise.all(sources.map((s) => findVoucherByCode(ctx.db, projectId, s.code)));
  read.forEach((card, index) => {
    if (!card) throw notFound('voucher', sources[index].code);
  });
  const author = authorOf(caller.dashboardUser);
  const now = ctx.clock.now();
  const legs = transferLegs(sources, () => newId('vtx'));
  const expiry = bucketExpiryOf(campaign.pointsExpiration as PointsExpiration | null, now);

  return ctx.cardChanges.transaction(ctx.db, async (tx) => {
    const locked = new Map((await lockCards(tx, [target.id, ...read.map((c) => (c as VoucherRow).id)])).map((c) => [c.id, c]));
    let receiving = locked.get(target.id) as VoucherRow;
    for (const [index, leg] of legs.entries()) {
      const source = locked.get((read[index] as VoucherRow).id) as VoucherRow;
      switch (transferRefusal(source, receiving, leg.points)) {
        case 'same_card':
          throw invalidPayloadAt([index, 'code'], 'is the card the points go to: a card cannot transfer points to itself');
        case 'no_holder':
          requireHolder(source);
          break;
        case 'points_exceeded':
          throw pointsExceeded(source, leg.points);
      }
      const common = { points: leg.points, reason: leg.reason, source: author.source, sourceId: leg.sourceId };
      const out = await postToCard(tx, source, { ...common, id: leg.outId, type: 'POINTS_TRANSFER_OUT', details: { destination_voucher: simpleVoucher(receiving), ...author.details }, relatedTransactionId: leg.inId }, now);
      locked.set(source.id, out.card);
      const arrived = await postToCard(
        tx,
        receiving,
        { ...common, id: leg.inId, type: 'POINTS_TRANSFER_IN', details: { source_voucher: simpleVoucher(source), ...author.details }, buckets: [{ points: leg.points, ...expiry }], relatedTransactionId: leg.outId },
        now,
      );
      receiving = arrived.card;
    }
    const [shown] = await presentMembers(ctx, tx, campaign, [receiving]);
    return shown;
  });
}
