import { and, asc, eq, getTableColumns, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client';
import { asyncActions } from '../../../platform/db/schema';

export type AsyncActionRow = typeof asyncActions.$inferSelect;
/** An action without its payload (up to 2,000 orders): what reads and the job's bookkeeping need. */
export type AsyncActionState = Omit<AsyncActionRow, 'payload'>;

const unfinished = ['ENQUEUED', 'IN_PROGRESS'] as const;

const { payload: _payload, ...stateColumns } = getTableColumns(asyncActions);

export async function insertAsyncAction(db: DbOrTx, row: typeof asyncActions.$inferInsert): Promise<AsyncActionState> {
  const [inserted] = await db.insert(asyncActions).values(row).returning(stateColumns);
  return inserted;
}

/** An action of the project, or undefined: actions never cross projects. */
export async function findAsyncAction(db: DbOrTx, projectId: string, id: string): Promise<AsyncActionState | undefined> {
  const [row] = await db
    .select(stateColumns)
    .from(asyncActions)
    .where(and(eq(asyncActions.projectId, projectId), eq(asyncActions.id, id)))
    .limit(1);
  return row;
}

/** By id alone: for the job, which carries only the action's id. */
export async function findAsyncActionById(db: DbOrTx, id: string): Promise<AsyncActionState | undefined> {
  const [row] = await db.select(stateColumns).from(asyncActions).where(eq(asyncActions.id, id)).limit(1);
  return row;
}

/** The request the action carries out, read once by each run of its job. */
export async function asyncActionPayload(db: DbOrTx, id: string): Promise<unknown[]> {
  const [row] = await db.select({ payload: asyncActions.payload }).from(asyncActions).where(eq(asyncActions.id, id)).limit(1);
  return row?.payload ?? [];
}

/** The project's action of `type` that is running now, if any (at most one: async_actions_one_running_uq). */
export async function runningAsyncAction(db: DbOrTx, projectId: string, type: AsyncActionRow['type']): Promise<AsyncActionState | undefined> {
  const [row] = await db
    .select(stateColumns)
    .from(asyncActions)
    .where(and(eq(asyncActions.projectId, projectId), eq(asyncActions.type, type), eq(asyncActions.status, 'IN_PROGRESS')))
    .limit(1);
  return row;
}

/**
 * Starts the project's oldest ENQUEUED action of `type` (by `seq`): IN_PROGRESS, its processing
 * time counted from `realNow`. Undefined when none is waiting or another start took it first; a
 * unique violation (async_actions_one_running_uq) when another action of the type is running.
 */
export async function startNextAsyncAction(db: DbOrTx, projectId: string, type: AsyncActionRow['type'], now: Date, realNow: Date): Promise<AsyncActionState | undefined> {
  const oldest = db
    .select({ id: asyncActions.id })
    .from(asyncActions)
    .where(and(eq(asyncActions.projectId, projectId), eq(asyncActions.type, type), eq(asyncActions.status, 'ENQUEUED')))
    .orderBy(asc(asyncActions.seq))
    .limit(1);
  const [row] = await db
    .update(asyncActions)
    .set({ status: 'IN_PROGRESS', startedAt: realNow, updatedAt: now })
    .where(and(eq(asyncActions.id, sql`(${oldest})`), eq(asyncActions.status, 'ENQUEUED')))
    .returning(stateColumns);
  return row;
}

/** The action's row locked for one item's transaction: its status and the item next in line. */
export async function lockAsyncAction(db: DbOrTx, id: string): Promise<Pick<AsyncActionRow, 'status' | 'nextIndex' | 'itemCount'> | undefined> {
  const [row] = await db
    .select({ status: asyncActions.status, nextIndex: asyncActions.nextIndex, itemCount: asyncActions.itemCount })
    .from(asyncActions)
    .where(eq(asyncActions.id, id))
    .for('update');
  return row;
}

/**
 * Items processed (in the transaction of their writes): the next in line moves past them, the
 * written ones counted, the refused ones' failures appended.
 */
export async function advanceAsyncAction(db: DbOrTx, id: string, outcome: { processed: number; failures: Record<string, unknown>[]; now: Date }): Promise<void> {
  const done = outcome.processed - outcome.failures.length;
  await db
    .update(asyncActions)
    .set({
      nextIndex: sql`${asyncActions.nextIndex} + ${outcome.processed}`,
      ...(done > 0 && { doneCount: sql`${asyncActions.doneCount} + ${done}` }),
      ...(outcome.failures.length > 0 && { failures: sql`${asyncActions.failures} || ${JSON.stringify(outcome.failures)}::jsonb` }),
      updatedAt: outcome.now,
    })
    .where(eq(asyncActions.id, id));
}

/**
 * An unfinished action ends DONE (every item processed), or FAILED with why; its processing time
 * counted in real time from its start. False when it had already ended.
 */
export async function finishAsyncAction(db: DbOrTx, id: string, end: { status: 'DONE' | 'FAILED'; errorMessage?: string; now: Date; realNow: Date }): Promise<boolean> {
  const rows = await db
    .update(asyncActions)
    .set({
      status: end.status,
      errorMessage: end.errorMessage ?? null,
      processingMs: sql`coalesce(floor(extract(epoch FROM (${end.realNow.toISOString()}::timestamptz - ${asyncActions.startedAt})) * 1000)::int, 0)`,
      updatedAt: end.now,
    })
    .where(and(eq(asyncActions.id, id), inArray(asyncActions.status, [...unfinished]), end.status === 'DONE' ? gte(asyncActions.nextIndex, asyncActions.itemCount) : undefined))
    .returning({ id: asyncActions.id });
  return rows.length === 1;
}
