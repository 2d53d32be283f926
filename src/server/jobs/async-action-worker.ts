import { failAsyncAction, runAsyncAction } from '../services/run-async-action';
import { asyncActionFailedQueue, asyncActionJobSender, asyncActionQueue, type AsyncActionJob } from './async-action-queue';
import type { WorkerRegistration } from './worker-registration';

const gaveUp = (attempts: number, error: unknown) => `it failed ${attempts} times (${error instanceof Error ? error.message : String(error)})`;

/** While another import of the project runs into trouble, an import waits this long before its turn is asked for again. */
export const waitForTurnSeconds = 10;

/**
 * Carries out one import (services/run-async-action): after the imports of its project requested
 * before it, and resuming where a cut-off attempt stopped. On the last attempt a failure marks the
 * import FAILED. An import waiting on another one's trouble sends its job again for later, which
 * spends none of its own attempts.
 */
export const asyncActionWorker: WorkerRegistration<AsyncActionJob> = {
  queue: asyncActionQueue,
  async handle(ctx, job) {
    const { asyncActionId } = job.data;
    try {
      if ((await runAsyncAction(ctx, asyncActionId)) === 'waiting') {
        const send = await asyncActionJobSender(ctx.database);
        await send(ctx.db, asyncActionId, { startAfterSeconds: waitForTurnSeconds });
      }
    } catch (error) {
      console.error(`async action ${asyncActionId}: attempt ${job.retryCount + 1} of ${job.retryLimit + 1} failed`, error);
      if (job.retryCount >= job.retryLimit) await failAsyncAction(ctx, asyncActionId, gaveUp(job.retryLimit + 1, error));
      throw error;
    }
  },
};

/**
 * Jobs whose attempts all died without reporting (the worker was killed, or hung past the queue's
 * expiry) arrive here: their import becomes FAILED instead of staying unfinished, and the next
 * import of its project may start.
 */
export const asyncActionGiveUpWorker: WorkerRegistration<AsyncActionJob> = {
  queue: asyncActionFailedQueue,
  async handle(ctx, job) {
    const attempts = (asyncActionQueue.options.retryLimit ?? 0) + 1;
    await failAsyncAction(ctx, job.data.asyncActionId, `its worker stopped ${attempts} times before finishing`);
  },
};
