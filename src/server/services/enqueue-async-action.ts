import type { AsyncActionType } from '../../contract/async-action';
import type { AsyncActionCreated } from '../../contract/order-import';
import { newId } from '../../platform/ids';
import type { ServiceContext } from '../context';
import { insertAsyncAction } from '../db/repositories/async-actions';
import { asyncActionJobSender } from '../jobs/async-action-queue';

/**
 * Records an async action ENQUEUED with its items and sends its job, in one transaction, so the
 * action and its job commit together; the job (run-async-action.ts) carries the items out.
 */
export async function enqueueAsyncAction(ctx: ServiceContext, projectId: string, type: AsyncActionType, items: readonly unknown[], requestId: string): Promise<AsyncActionCreated> {
  const sendJob = await asyncActionJobSender(ctx.database);
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const action = await insertAsyncAction(tx, {
      id: newId('aa'),
      projectId,
      type,
      status: 'ENQUEUED',
      requestId,
      payload: items as Record<string, unknown>[],
      itemCount: items.length,
      createdAt: now,
      updatedAt: now,
    });
    await sendJob(tx, action.id);
    return { async_action_id: action.id };
  });
}
