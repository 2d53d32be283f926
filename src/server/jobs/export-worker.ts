import type { ServiceContext } from '../context';
import { failExport, runExport } from '../services/run-export';
import { exportFailedQueue, exportQueue, type ExportJob } from './export-queue';
import type { WorkerRegistration } from './worker-registration';

const gaveUp = (id: string, attempts: number) =>
  `The file could not be generated after ${attempts} attempts; start the export again, or quote ${id} to support.`;

/** Makes the file of one export; on the last attempt a failure marks the export ERROR. */
export const exportFileWorker: WorkerRegistration<ExportJob> = {
  queue: exportQueue,
  async handle(ctx: ServiceContext, job) {
    try {
      await runExport(ctx, job.data.exportId);
    } catch (error) {
      console.error(`export ${job.data.exportId}: attempt ${job.retryCount + 1} of ${job.retryLimit + 1} failed`, error);
      if (job.retryCount >= job.retryLimit) await failExport(ctx, job.data.exportId, gaveUp(job.data.exportId, job.retryLimit + 1));
      throw error;
    }
  },
};

/**
 * Jobs whose attempts all died without reporting (the worker was killed, or hung past the
 * queue's expiry) arrive here: their export becomes ERROR instead of staying IN_PROGRESS.
 */
export const exportGiveUpWorker: WorkerRegistration<ExportJob> = {
  queue: exportFailedQueue,
  async handle(ctx, job) {
    const attempts = (exportQueue.options.retryLimit ?? 0) + 1;
    await failExport(ctx, job.data.exportId, gaveUp(job.data.exportId, attempts));
  },
};
