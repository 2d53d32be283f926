import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, opendir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { assertFileKey, isFileKey, type FileStore, type StoredFile } from './file-store';

/** Makes a rename durable: on Linux the directory entry is only on disk once the directory is synced. */
async function syncDirectory(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files under one local directory. A file is written to `.partial/`, fsynced, then renamed into
 * place: rename is atomic within a file system, so a crash leaves at worst a stray partial file,
 * which the next write of the same key removes (or removeAbandonedWrites, when no write follows).
 */
export function localFileStore(root: string): FileStore {
  const partials = join(root, '.partial');
  const partialPrefix = (key: string) => `${key.replaceAll('/', '__')}.`;

  async function removeStrayPartials(key: string): Promise<void> {
    const prefix = partialPrefix(key);
    const names = await readdir(partials).catch(() => [] as string[]);
    await Promise.all(names.filter((name) => name.startsWith(prefix)).map((name) => rm(join(partials, name), { force: true })));
  }

  return {
    async write(key, produce) {
      assertFileKey(key);
      const target = join(root, key);
      await mkdir(partials, { recursive: true });
      await mkdir(dirname(target), { recursive: true });
      await removeStrayPartials(key);
      const partial = join(partials, `${partialPrefix(key)}${randomBytes(6).toString('hex')}`);
      const handle = await open(partial, 'w');
      let bytes = 0;
      try {
        await produce({
          async write(chunk) {
            const buffer = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
            // A write may take fewer bytes than offered; loop until the chunk is all on disk.
            for (let offset = 0; offset < buffer.length; ) offset += (await handle.write(buffer, offset)).bytesWritten;
            bytes += buffer.length;
          },
        });
        await handle.sync();
      } catch (error) {
        await handle.close().catch(() => undefined);
        await rm(partial, { force: true });
        throw error;
      }
      await handle.close();
      await rename(partial, target);
      await syncDirectory(dirname(target));
      return { bytes };
    },

    async open(key) {
      assertFileKey(key);
      const path = join(root, key);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { stream: createReadStream(path), bytes: info.size };
    },

    async remove(key) {
      assertFileKey(key);
      await rm(join(root, key), { force: true });
    },

    async *list(): AsyncIterable<StoredFile> {
      const entries = await opendir(root, { recursive: true }).catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      if (!entries) return;
      for await (const entry of entries) {
        if (!entry.isFile()) continue;
        const path = join(entry.parentPath, entry.name);
        const key = relative(root, path).split(sep).join('/');
        // Partial files are writes, not stored files; a name this store would never write is not one of its files.
        if (!isFileKey(key)) continue;
        const info = await stat(path).catch((error: unknown) => {
          if (isMissing(error)) return undefined; // removed since the directory was read
          throw error;
        });
        if (info) yield { key, modifiedAt: info.mtime };
      }
    },

    async removeAbandonedWrites(before) {
      const names = await readdir(partials).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names) {
        const info = await stat(join(partials, name)).catch(() => undefined);
        if (!info || info.mtime >= before) continue;
        await rm(join(partials, name), { force: true });
        removed++;
      }
      return removed;
    },
  };
}
