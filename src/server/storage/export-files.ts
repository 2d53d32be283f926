import { resolve } from 'node:path';
import type { ServiceConfig } from '../config';
import type { FileStore } from './file-store';
import { localFileStore } from './local-file-store';

/** Where export files live: `<DATA_DIR>/exports/<project>/<export>.csv`. */
export function exportFiles(config: ServiceConfig): FileStore {
  return localFileStore(resolve(config.dataDir, 'exports'));
}

export const exportFileKey = (projectId: string, exportId: string) => `${projectId}/${exportId}.csv`;

/** The export a key is named after (the inverse of exportFileKey), or undefined for a key no export would have. */
export function exportIdOfFileKey(key: string): string | undefined {
  return /^[^/]+\/([^/]+)\.csv$/.exec(key)?.[1];
}
