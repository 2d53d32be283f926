import type { PointsExpiration } from '../../contract/earning-rule';
import type { BalanceUpdateRequest, BalanceUpdateResponse } from '../../contract/loyalty-balance';
import type { ServiceContext } from '../context';
import { addedPointsExpiry } from '../domain/added-points-expiry';
import { ApiError } from '../lib/api-error';
import { presentBalanceUpdate } from '../presenters/balance';
import { newId } from '../../platform/ids';
import { getCampaign, type CampaignRow } from '../db/repositories/campaigns';
import { programOfCard, readCardAtVersion } from '../db/repositories/vouchers';
import { postToCard, postToCardIfUnchanged, type Posting } from './card-postings';
import { authorOf, type CardChangeAuthor } from '../domain/card-change-author';
import { checkedMemberCard, memberCard, requireHolder } from './member-cards';

const pastExpiration = () => new ApiError(400, 'invalid_expiration_date', 'Invalid Expiration Date', 'Expiration date cannot be set in the past');

const expiryOf = (body: BalanceUpdateRequest, campaign: CampaignRow, now: Date) =>
  addedPointsExpiry({ expirationType: body.expiration_type, expirationDate: body.expiration_date }, campaign.pointsExpiration as PointsExpiration | null, now);
/** The transaction a balance change posts on a card of `campaign`, naming who made it; refuses an expiration date in the past. */
function balancePosting(body: BalanceUpdateRequest, campaign: CampaignRow, author: CardChangeAuthor, now: Date): Posting {
  const adding = body.points > 0;
  let expiresOn: string | null = null;
  if (adding) {
    const expiry = expiryOf(body, campaign, now);
    if (!expiry.ok) throw pastExpiration();
    expiresOn = expiry.expiresOn;
  }
  return {
    type: adding ? 'POINTS_ADDITION' : 'POINTS_REMOVAL',
    points: Math.abs(body.points),
    reason: body.reason ?? null,
    source: author.source,
    sourceId: body.source_id ?? null,
    details: author.details,
    buckets: adding ? [{ points: body.points, expiresOn }] : undefined,
  };
}

/**
 * Points added without reading the card: its program is looked up once and remembered
 * (programOfCard), and one statement, run together with parallel additions, adds them to whatever
 * the card holds (point-additions.ts). Undefined when that cannot answer (no card, another program
 * in the path, a refusal to explain, no holder): the paths below then do, with the same checks in
 * the same order.
 */
async function addWithoutRead(ctx: ServiceContext, projectId: string, code: string, body: BalanceUpdateRequest, options: AdjustOptions, author: CardChangeAuthor, now: Date) {
  const named = options.campaignRef === undefined ? undefined : await getCampaign(ctx.db, projectId, options.campaignRef);
  const campaignId = await programOfCard(ctx.db, projectId, code);
  if (!campaignId || (named && named.id !== campaignId)) return undefined;
  const expiry = expiryOf(body, named ?? (await getCampaign(ctx.db, projectId, campaignId)), now);
  if (!expiry.ok) return undefined;
  const transactionId = newId('vtx');
  const added = await ctx.pointAdditions.run({
    projectId,
    code,
    campaignId,
    points: body.points,
    bucketId: newId('lopb'),
    expiresOn: expiry.expiresOn,
    transactionId,
    sourceId: body.source_id ?? null,
    reason: body.reason ?? null,
    source: author.source,
    details: author.details ?? null,
    at: now,
  });
  if (!added) return undefined;
  ctx.cardChanges.committed([{ kind: 'POINTS_ADDITION', projectId, cardId: added.cardId, campaignId, points: body.points, transactionId, at: now }]);
  return presentBalanceUpdate({ id: added.cardId, points: added.points, balance: added.balance }, body.points);
}

interface AdjustOptions {
  campaignRef?: string;
  /** The staff user the proxy vouches for (request.dashboardUser): recorded on the transaction. */
  dashboardUser?: string | null;
}

/**
 * POST /v1/loyalties/[{campaignId}/]members/{memberId}/balance: adds points (POINTS_ADDITION, in a
 * bucket expiring as `expiration_type` says) or removes them (POINTS_REMOVAL, taken from the points
 * that expire soonest); a removal below zero is refused (400 loyalty_card_points_exceeded) and
 * changes nothing. Points added take one statement (addWithoutRead). A removal goes first without a
 * lock: the card read with its buckets, then one statement that writes only if the card is still as
 * read (two round trips, no BEGIN or COMMIT). Whatever those leave, one transaction under the card's
 * lock does, answering every refusal.
 */
export async function adjustBalance(
  ctx: ServiceContext,
  projectId: string,
  code: string,
  body: BalanceUpdateRequest,
  options: AdjustOptions = {},
): Promise<BalanceUpdateResponse> {
  const now = ctx.clock.now();
  const author = authorOf(options.dashboardUser);
  const added = body.points > 0 ? await addWithoutRead(ctx, projectId, code, body, options, author, now) : undefined;
  if (added) return added;
  const read = await readCardAtVersion(ctx.db, projectId, code, { withBuckets: body.points < 0 });
  if (read) {
    const named = options.campaignRef === undefined ? undefined : await getCampaign(ctx.db, projectId, options.campaignRef);
    const { card, campaign } = await checkedMemberCard(ctx.db, projectId, code, read.card, named);
    requireHolder(card);
    const posted = await postToCardIfUnchanged(ctx, read, balancePosting(body, campaign, author, now), now);
    if (posted) return presentBalanceUpdate(posted.card, body.points);
  }
  return ctx.cardChanges.transaction(ctx.db, async (tx) => {
    const { card, campaign } = await memberCard(tx, projectId, code, options.campaignRef, { lock: true });
    requireHolder(card);
    const { card: after } = await postToCard(tx, card, balancePosting(body, campaign, author, now), now);
    return presentBalanceUpdate(after, body.points);
  });
}
