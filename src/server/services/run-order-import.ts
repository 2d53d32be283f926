import { z } from 'zod';
import type { ImportFailure } from '../../contract/async-action';
import { createOrderRequestSchema, type CreateOrderRequest } from '../../contract/order';
import { formatValidationDetail } from '../../contract/validation-details';
import type { Tx } from '../../platform/db/client';
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
import { OrderAmountProblem } from '../domain/order-totals';
import { ApiError } from '../lib/api-error';
import { upsertOrder } from './orders';

export interface RunImportOptions {
  /**
   * Called in each order's transaction after its writes, before it commits, with the order's
   * index and its import (the crash test stops the process there).
   */
  beforeCommit?: (index: number, asyncActionId: string) => Promise<void> | void;
}

const storedOrders = z.array(createOrderRequestSchema);

/**
 * Why an order was refused, as the import's result reports it (`{source_id, reason}`), the reason
 * naming the order by its index in the request in the one format of validation details; undefined
 * for an error that is not the order's (the database went away): that one fails the attempt.
 */
function refusal(error: unknown, order: CreateOrderRequest, index: number): ImportFailure | undefined {
  const sourceId = order.source_id ?? null;
  if (error instanceof OrderAmountProblem) return { source_id: sourceId, reason: formatValidationDetail({ kind: 'invalid', path: [index, ...error.path].map(String), message: error.message }) };
  if (error instanceof ApiError) return { source_id: sourceId, reason: formatValidationDetail({ kind: 'invalid', path: [String(index)], message: error.details ?? error.message }) };
  if (violatedUniqueIndex(error) === 'orders_project_source_uq') return { source_id: sourceId, reason: formatValidationDetail({ kind: 'invalid', path: [String(index), 'source_id'], message: `Duplicated order exists with source_id ${order.source_id}` }) };
  return undefined;
}

/**
 * One order, historical (orders.ts: no event, no order-paid earning), in a savepoint of the
 * import's transaction: a refused order leaves nothing behind, and the import goes on. A parallel
 * Create Order that inserted the same new source_id first makes this one an update of it.
 */
async function importOne(ctx: ServiceContext, tx: Tx, projectId: string, order: CreateOrderRequest, index: number, now: Date): Promise<ImportFailure | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.cardChanges.transaction(tx, (savepoint) => upsertOrder(ctx, savepoint, projectId, order, now, 'historical'));
      return undefined;
    } catch (error) {
      if (attempt === 1 && violatedUniqueIndex(error) === 'orders_project_source_uq') continue;
      const refused = refusal(error, order, index);
      if (!refused) throw error;
      return refused;
    }
  }
}

/**
 * Writes a running import's orders from the first not yet written, each in its own transaction
 * with the import's progress (its row locked, so several workers on one import take the orders in
 * turn and none twice), then marks it DONE. Stops when the import ended otherwise (FAILED).
 */
async function carryOut(ctx: ServiceContext, action: AsyncActionState, options: RunImportOptions): Promise<void> {
  const orders = storedOrders.parse(await asyncActionPayload(ctx.db, action.id));
  for (;;) {
    // Read before the transaction: on PGlite a read outside it would wait for it.
    const now = await ctx.clock.nowOf(action.projectId);
    const step = await ctx.cardChanges.transaction(ctx.db, async (tx) => {
      const locked = await lockAsyncAction(tx, action.id);
      if (locked?.status !== 'IN_PROGRESS') return 'ended';
      if (locked.nextIndex >= locked.itemCount) return 'complete';
      const index = locked.nextIndex;
      const failure = await importOne(ctx, tx, action.projectId, orders[index], index, now);
      await options.beforeCommit?.(index, action.id);
      await advanceAsyncAction(tx, action.id, { failure, now });
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
async function currentImport(ctx: ServiceContext, projectId: string): Promise<AsyncActionState | undefined> {
  const running = await runningAsyncAction(ctx.db, projectId, 'ORDERS.IMPORT');
  if (running) return running;
  try {
    return (await startNextAsyncAction(ctx.db, projectId, 'ORDERS.IMPORT', await ctx.clock.nowOf(projectId), ctx.clock.realNow())) ?? (await runningAsyncAction(ctx.db, projectId, 'ORDERS.IMPORT'));
  } catch (error) {
    // Another worker started one first: that one runs.
    if (violatedUniqueIndex(error) !== 'async_actions_one_running_uq') throw error;
    return runningAsyncAction(ctx.db, projectId, 'ORDERS.IMPORT');
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
export async function runOrderImport(ctx: ServiceContext, asyncActionId: string, options: RunImportOptions = {}): Promise<'done' | 'waiting'> {
  for (;;) {
    const action = await findAsyncActionById(ctx.db, asyncActionId);
    if (!action || action.status === 'DONE' || action.status === 'FAILED') return 'done';
    const current = await currentImport(ctx, action.projectId);
    if (!current) continue;
    if (current.id === action.id) {
      await carryOut(ctx, current, options);
      continue;
    }
    try {
      await carryOut(ctx, current, options);
    } catch (error) {
      console.error(`order import ${asyncActionId}: waiting for import ${current.id}, which failed`, error);
      return 'waiting';
    }
  }
}

/** Marks an unfinished import FAILED with why (its job gave up); an ended one is left alone. */
export async function failOrderImport(ctx: ServiceContext, asyncActionId: string, why: string): Promise<void> {
  const action = await findAsyncActionById(ctx.db, asyncActionId);
  if (!action) return;
  await finishAsyncAction(ctx.db, asyncActionId, { status: 'FAILED', errorMessage: why, now: await ctx.clock.nowOf(action.projectId), realNow: ctx.clock.realNow() });
}
