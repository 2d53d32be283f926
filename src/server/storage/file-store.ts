import type { Readable } from 'node:stream';

/** Where a producer writes one file's content, chunk by chunk: text (as UTF-8) or bytes. */
export interface FileSink {
  write(chunk: string | Uint8Array): Promise<void>;
}

/** A stored file's key and when it was last written. */
export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

/**
 * Generated files (exports) by key, e.g. `proj_x/exp_y.csv`. A local directory by default; an
 * object store can take its place behind the same methods (listing with last-modified times and
 * expiring abandoned uploads are what object stores offer too).
 */
export interface FileStore {
  /**
   * Writes the file `produce` makes. Atomic: readers see the whole file or none of it (never a
   * half-written one), and when this resolves the file is durable. If `produce` throws, nothing
   * is stored.
   */
  write(key: string, produce: (sink: FileSink) => Promise<void>): Promise<{ bytes: number }>;
  /** The file's content as a stream, or undefined when there is no such file. */
  open(key: string): Promise<{ stream: Readable; bytes: number } | undefined>;
  /** Removes the file; removing a file that is not there is no error, so a retry or a race is harmless. */
  remove(key: string): Promise<void>;
  /** Every stored file (complete ones only; never a write in progress), in no particular order. */
  list(): AsyncIterable<StoredFile>;
  /**
   * Removes what writes cut off by a crash left behind, when last touched before `before`; a write
   * still in progress is newer than that. Returns how many were removed.
   */
  removeAbandonedWrites(before: Date): Promise<number>;
}

const safeKey = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z]+$/;

/** Keys are plain relative paths: no `..`, no absolute paths, nothing a store must escape. */
export function isFileKey(key: string): boolean {
  return safeKey.test(key);
}

export function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new Error(`Invalid file key: ${key}`);
}
