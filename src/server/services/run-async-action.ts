import type { AsyncActionType, ImportFailure } from '../../contract/async-action';
import { violatedUniqueIndex } from '../../platform/db/errors';
import type { ServiceContext } from '../context';
import {
  advanceAsyncAction,
  asyncActionPayload,
  finishAsyncAction,
  findAsyncActionById,
  lockAsyncAction,
  runningAsyncAction,
  startNextAsyncAction,
  type AsyncActionState,
} from '../db/repositories/async-actions';
import { stepsOf } from './async-action-steps';

export interface RunImportOptions {
  /**
   * Called in each transaction after its items' writes, before it commits, with the last item's
   * index and its action (the crash test stops the process there).
   */
  beforeCommit?: (index: number, asyncActionId: string) => Promise<void> | void;
}

/**
 * Carries out a running action's items (orders imported, customers updated: async-action-steps.ts)
 * from the first not yet done, in transactions of `perTransaction` items (one unless the kind says
 * more; each item in its own savepoint) with the action's progress (its row locked, so several
 * workers on one action take the items in turn and none twice), then marks it DONE. Stops when the
 * action ended otherwise (FAILED).
 */
async function carryOut(ctx: ServiceContext, action: AsyncActionState, options: RunImportOptions): Promise<void> {
  const steps = stepsOf(action.type);
  const perTransaction = steps.perTransaction ?? 1;
  const items = steps.items(await asyncActionPayload(ctx.db, action.id));
  for (;;) {
    // Read before the transaction: on PGlite a read outside it would wait for it.
    const now = await ctx.clock.nowOf(action.projectId);
    const step = await ctx.cardChanges.transaction(ctx.db, async (tx) => {
      const locked = await lockAsyncAction(tx, action.id);
      if (locked?.status !== 'IN_PROGRESS') return 'ended';
      if (locked.nextIndex >= locked.itemCount) return 'complete';
      const end = Math.min(locked.itemCount, locked.nextIndex + perTransaction);
      const together = await steps.applyAll?.(ctx, tx, action.projectId, items.slice(locked.nextIndex, end), locked.nextIndex, now);
      const failures: ImportFailure[] = together ?? [];
      for (let index = locked.nextIndex; index < end && !together; index++) {
        const failure = await steps.apply(ctx, tx, action.projectId, items[index], index, now);
        if (failure) failures.push(failure);
      }
      await options.beforeCommit?.(end - 1, action.id);
      await advanceAsyncAction(tx, action.id, { processed: end - locked.nextIndex, failures, now });
      return 'next';
    });
    if (step === 'ended') return;
    if (step === 'complete') {
      await finishAsyncAction(ctx.db, action.id, { status: 'DONE', now, realNow: ctx.clock.realNow() });
      return;
    }
  }
}

/** The project's running import, or the oldest waiting one started now; undefined when there is neither. */
async function currentImport(ctx: ServiceContext, projectId: string, type: AsyncActionType): Promise<AsyncActionState | undefined> {
  const running = await runningAsyncAction(ctx.db, projectId, type);
  if (running) return running;
  try {
    return (await startNextAsyncAction(ctx.db, projectId, type, await ctx.clock.nowOf(projectId), ctx.clock.realNow())) ?? (await runningAsyncAction(ctx.db, projectId, type));
  } catch (error) {
    // Another worker started one first: that one runs.
    if (violatedUniqueIndex(error) !== 'async_actions_one_running_uq') throw error;
    return runningAsyncAction(ctx.db, projectId, type);
  }
}

/**
 * The import job: a project runs one import at a time, in the order they were requested. Until
 * this import has ended, the job carries out the project's current import (this one in its turn,
 * else the one before it, alongside that one's own job). Safe to run twice, and after a crash at
 * any point: each order commits with the import's progress, so a retry resumes at the first order
 * not written. `waiting` when another import failed in this job's hands: that failure is the other
 * import's to retry, so this job asks for its turn again later instead of spending its attempts.
 */
export async function runAsyncAction(ctx: ServiceContext, asyncActionId: string, options: RunImportOptions = {}): Promise<'done' | 'waiting'> {
  for (;;) {
    const action = await findAsyncActionById(ctx.db, asyncActionId);
    if (!action || action.status === 'DONE' || action.status === 'FAILED') return 'done';
    const current = await currentImport(ctx, action.projectId, action.type);
    if (!current) continue;
    if (current.id === action.id) {
      await carryOut(ctx, current, options);
      continue;
    }
    try {
      await carryOut(ctx, current, options);
    } catch (error) {
      console.error(`async action ${asyncActionId}: waiting for ${current.id}, which failed`, error);
      return 'waiting';
    }
  }
}

/** Marks an unfinished import FAILED with why (its job gave up); an ended one is left alone. */
export async function failAsyncAction(ctx: ServiceContext, asyncActionId: string, why: string): Promise<void> {
  const action = await findAsyncActionById(ctx.db, asyncActionId);
  if (!action) return;
  await finishAsyncAction(ctx.db, asyncActionId, { status: 'FAILED', errorMessage: why, now: await ctx.clock.nowOf(action.projectId), realNow: ctx.clock.realNow() });
}
