import { cleanUpExportFiles, removeExpiredFiles } from '../services/export-file-cleanup';
import { forEachProjectAhead } from '../services/project-time';
import { exportFiles } from '../storage/export-files';
import type { QueueDefinition } from './job-client';
import type { WorkerRegistration } from './worker-registration';

/** One run cleans the export directory of every project; `singleton` keeps overlapping runs from doubling up. */
export const exportCleanupQueue: QueueDefinition = {
  name: 'export-file-cleanup',
  options: { policy: 'singleton', retryLimit: 3, retryDelay: 60, expireInSeconds: 30 * 60 },
};

/**
 * Hourly: a DONE export's file goes within the hour after its download link expires (24 hours
 * after the file was made), and files of deleted exports an hour after they were written.
 */
export const exportCleanupWorker: WorkerRegistration = {
  queue: exportCleanupQueue,
  async handle(ctx) {
    const run = await cleanUpExportFiles(ctx, ctx.clock.realNow());
    // A project whose clock runs ahead (LOCAL_CONTROL): its links expire by its own time.
    await forEachProjectAhead(ctx, async (projectId, now) => {
      run.expired += await removeExpiredFiles(ctx, exportFiles(ctx.config), now, ctx.clock.realNow(), projectId);
    });
    if (run.expired + run.orphans + run.abandoned > 0) {
      console.info(`export file cleanup: ${run.expired} expired, ${run.orphans} orphaned, ${run.abandoned} partial files removed`);
    }
  },
  schedule: { cron: '35 * * * *' },
};
