import type { Readable } from 'node:stream';

/** Where a producer writes one file's content, chunk by chunk: text (as UTF-8) or bytes. */
export interface FileSink {
  write(chunk: string | Uint8Array): Promise<void>;
}

/**
 * Generated files (exports) by key, e.g. `proj_x/exp_y.csv`. A local directory by default; an
 * object store can take its place behind the same three methods.
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
  remove(key: string): Promise<void>;
}

const safeKey = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z]+$/;

/** Keys are plain relative paths: no `..`, no absolute paths, nothing a store must escape. */
export function assertFileKey(key: string): void {
  if (!safeKey.test(key)) throw new Error(`Invalid file key: ${key}`);
}
