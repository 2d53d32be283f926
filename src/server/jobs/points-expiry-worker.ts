import { expirePointsEverywhere } from '../services/project-time';
import type { QueueDefinition } from './job-client';
import type { WorkerRegistration } from './worker-registration';

/**
 * One run expires every due point of every project. `singleton`: a run that overlaps the next
 * schedule is not doubled (two runs would still be safe: each card is locked and re-read).
 */
export const pointsExpiryQueue: QueueDefinition = {
  name: 'points-expiry',
  options: { policy: 'singleton', retryLimit: 3, retryDelay: 60, expireInSeconds: 30 * 60 },
};

/**
 * Points are due once their last day (UTC) is over; an hourly run takes them within the hour
 * after midnight, and a run missed while the service was down catches up on the next one. A
 * project whose clock runs ahead (LOCAL_CONTROL) has its points taken by its own time.
 */
export const pointsExpiryWorker: WorkerRegistration = {
  queue: pointsExpiryQueue,
  async handle(ctx) {
    const run = await expirePointsEverywhere(ctx);
    if (run.points > 0) console.info(`points expiry: ${run.points} points on ${run.cards} cards (${run.transactions} transactions)`);
  },
  schedule: { cron: '5 * * * *' },
};
