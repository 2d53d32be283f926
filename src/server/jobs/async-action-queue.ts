import type { DbOrTx, Database } from '../../platform/db/client';
import { inTransaction } from './boss';
import { jobSender, type QueueDefinition } from './job-client';

export interface AsyncActionJob {
  asyncActionId: string;
}

/** Jobs whose retries are spent: the import is marked FAILED there (see async-action-worker). */
export const asyncActionFailedQueue: QueueDefinition = { name: 'order-import-failed', options: { retryLimit: 5, retryDelay: 5 } };

/**
 * One job per import. A job still active after `expireInSeconds` (its worker died, or hung) is
 * failed by pg-boss's maintenance and retried, resuming at the first order not yet written; four
 * attempts in all, then the dead letter.
 */
export const asyncActionQueue: QueueDefinition = {
  name: 'order-import',
  options: { retryLimit: 3, retryDelay: 2, retryBackoff: true, expireInSeconds: 15 * 60, deadLetter: asyncActionFailedQueue.name },
  deadLetter: asyncActionFailedQueue,
};

/** Sends the job of an import on `db`: inside the caller's transaction, so the import and its job commit together. */
export type AsyncActionJobSend = (db: DbOrTx, asyncActionId: string, options?: { startAfterSeconds?: number }) => Promise<void>;

/** Readies the import queue and returns the function sending an import's job. */
export async function asyncActionJobSender(database: Database): Promise<AsyncActionJobSend> {
  const boss = await jobSender(database, asyncActionQueue);
  return async (db, asyncActionId, options = {}) => {
    const job: AsyncActionJob = { asyncActionId };
    const id = await boss.send(asyncActionQueue.name, job, { db: inTransaction(db), ...(options.startAfterSeconds !== undefined && { startAfter: options.startAfterSeconds }) });
    if (!id) throw new Error(`pg-boss did not accept the job for import ${asyncActionId}`);
  };
}
