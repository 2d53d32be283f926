import type { PointsExpiration } from '../../contract/earning-rule';
import type { BalanceUpdateRequest, BalanceUpdateResponse } from '../../contract/loyalty-balance';
import type { ServiceContext } from '../context';
import { addedPointsExpiry } from '../domain/added-points-expiry';
import { ApiError } from '../lib/api-error';
import { presentBalanceUpdate } from '../presenters/balance';
import { postToCard } from './card-postings';
import { memberCard, requireHolder } from './member-cards';

/** The source the real API records for changes made in its dashboard. */
export const dashboardSource = 'voucherify-web-ui';

const pastExpiration = () => new ApiError(400, 'invalid_expiration_date', 'Invalid Expiration Date', 'Expiration date cannot be set in the past');

/**
 * POST /v1/loyalties/[{campaignId}/]members/{memberId}/balance: adds points (POINTS_ADDITION, in a
 * bucket expiring as `expiration_type` says) or removes them (POINTS_REMOVAL, taken from the points
 * that expire soonest). One transaction under the card's lock; a removal below zero is refused
 * (400 loyalty_card_points_exceeded) and changes nothing.
 */
export async function adjustBalance(
  ctx: ServiceContext,
  projectId: string,
  code: string,
  body: BalanceUpdateRequest,
  options: { campaignRef?: string; dashboardUser?: string | null } = {},
): Promise<BalanceUpdateResponse> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const { card, campaign } = await memberCard(tx, projectId, code, options.campaignRef, { lock: true });
    requireHolder(card);
    const adding = body.points > 0;
    let expiresOn: string | null = null;
    if (adding) {
      const expiry = addedPointsExpiry({ expirationType: body.expiration_type, expirationDate: body.expiration_date }, campaign.pointsExpiration as PointsExpiration | null, now);
      if (!expiry.ok) throw pastExpiration();
      expiresOn = expiry.expiresOn;
    }
    const { card: after } = await postToCard(
      tx,
      card,
      {
        type: adding ? 'POINTS_ADDITION' : 'POINTS_REMOVAL',
        points: Math.abs(body.points),
        reason: body.reason ?? null,
        source: options.dashboardUser ? dashboardSource : 'API',
        sourceId: body.source_id ?? null,
        buckets: adding ? [{ points: body.points, expiresOn }] : undefined,
      },
      now,
    );
    return presentBalanceUpdate(after, body.points);
  });
}
