import type { DbOrTx, Database } from '../../platform/db/client';
import { inTransaction } from './boss';
import { jobSender, type QueueDefinition } from './job-client';

export interface ExportJob {
  exportId: string;
}

/** Jobs whose retries are spent: the export is marked ERROR there (see export-worker). */
export const exportFailedQueue: QueueDefinition = { name: 'export-file-failed', options: { retryLimit: 5, retryDelay: 5 } };

/**
 * One job per export file. A job still active after `expireInSeconds` (its worker died, or hung)
 * is failed by pg-boss's maintenance and retried; three attempts in all, then the dead letter.
 */
export const exportQueue: QueueDefinition = {
  name: 'export-file',
  options: { retryLimit: 2, retryDelay: 2, retryBackoff: true, expireInSeconds: 15 * 60, deadLetter: exportFailedQueue.name },
  deadLetter: exportFailedQueue,
};

/**
 * Readies the export queue and returns a function sending the job for an export inside the
 * caller's transaction: the export row and its job commit together or not at all.
 */
export async function exportJobSender(database: Database): Promise<(tx: DbOrTx, exportId: string) => Promise<void>> {
  const boss = await jobSender(database, exportQueue);
  return async (tx, exportId) => {
    const job: ExportJob = { exportId };
    const id = await boss.send(exportQueue.name, job, { db: inTransaction(tx) });
    if (!id) throw new Error(`pg-boss did not accept the job for export ${exportId}`);
  };
}
