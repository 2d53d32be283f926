import { randomBytes, randomFillSync } from 'node:crypto';

const pool = Buffer.allocUnsafe(4096);
let offset = pool.length;

/**
 * Random bytes for ids and IVs, cut from a buffer refilled 4 KiB at a time (as Node does for
 * randomUUID). A randomBytes call per id, request id and IV was 7% of Add Member's CPU in bench:api
 * profiles; these are the same CSPRNG bytes, each handed out once. Secrets still use randomBytes.
 */
export function pooledRandomBytes(size: number): Buffer {
  if (size > pool.length) return randomBytes(size);
  if (offset + size > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  offset += size;
  return bytes;
}
