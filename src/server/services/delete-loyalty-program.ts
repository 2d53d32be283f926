import { violatedForeignKey } from '../../platform/db/errors';
import { newId } from '../../platform/ids';
import type { ServiceContext } from '../context';
import { insertAsyncAction } from '../db/repositories/async-actions';
import { deleteCampaignState, lockCampaignCards, rewardsGivingPointsIn, shareLockCampaign } from '../db/repositories/campaign-deletion';
import { forgetCampaigns, getCampaign } from '../db/repositories/campaigns';
import { notFound, resourceInUse } from '../lib/api-error';

/** Attempts before a deletion that keeps meeting rows written meanwhile (new cards, new rewards naming it) gives up. */
const attempts = 5;

/**
 * PostgreSQL's "try again": a row written meanwhile that references the program (an enrollment's
 * new card, committed while this transaction held only the program's share lock), or a deadlock
 * the server broke. The whole deletion rolled back; running it again sees that row and removes it.
 */
function worthRetrying(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: string }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return violatedForeignKey(error);
}

/**
 * DELETE /v1/loyalties/{campaignId}: the program, its cards and everything that is theirs, for
 * good, in one transaction (docs/architecture.md, "Decisions where the sources are silent": the bin
 * is not kept, so `force` changes nothing). Refused while a reward gives points in the program.
 * Answers the real API's `{async_action_id}`: an async action recorded DONE in the same
 * transaction, which Get Async Action reads back.
 */
export async function deleteProgram(ctx: ServiceContext, projectId: string, campaignRef: string, requestId: string): Promise<{ async_action_id: string }> {
  const { id } = await getCampaign(ctx.db, projectId, campaignRef);
  for (let attempt = 1; ; attempt++) {
    try {
      const actionId = await ctx.db.transaction(async (tx) => {
        const now = ctx.clock.now();
        const campaign = await shareLockCampaign(tx, projectId, id);
        if (!campaign) throw notFound('campaign', campaignRef);
        const rewards = await rewardsGivingPointsIn(tx, campaign.id);
        if (rewards.length > 0) throw resourceInUse('campaign', campaign.id, { ids: rewards, type: 'reward' });
        await lockCampaignCards(tx, campaign.id);
        const cards = await deleteCampaignState(tx, projectId, campaign.id, now);
        const action = await insertAsyncAction(tx, {
          id: newId('aa'),
          projectId,
          type: 'CAMPAIGN.DELETE',
          status: 'DONE',
          requestId,
          payload: [],
          itemCount: cards,
          nextIndex: cards,
          doneCount: cards,
          startedAt: ctx.clock.realNow(),
          processingMs: 0,
          createdAt: now,
          updatedAt: now,
        });
        return action.id;
      });
      forgetCampaigns();
      return { async_action_id: actionId };
    } catch (error) {
      if (attempt >= attempts || !worthRetrying(error)) throw error;
    }
  }
}
