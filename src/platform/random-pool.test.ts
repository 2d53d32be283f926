import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from './random-pool';

describe('pooledRandomBytes', () => {
  it('hands out bytes of the size asked, never the same bytes twice, across refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2_000; i++) {
      const bytes = pooledRandomBytes(12);
      expect(bytes).toHaveLength(12);
      seen.add(bytes.toString('hex'));
    }
    expect(seen.size).toBe(2_000);
    expect(pooledRandomBytes(10_000)).toHaveLength(10_000);
  });

  it('gives copies: changing one leaves the next untouched', () => {
    const first = pooledRandomBytes(16);
    const copy = Buffer.from(first);
    first.fill(0);
    expect(pooledRandomBytes(16).equals(Buffer.alloc(16))).toBe(false);
    expect(copy.equals(Buffer.alloc(16))).toBe(false);
  });

  it('spreads byte values evenly', () => {
    const counts = new Array<number>(256).fill(0);
    for (let i = 0; i < 64; i++) for (const byte of pooledRandomBytes(1024)) counts[byte]++;
    // 65,536 bytes: 256 expected per value; a fair source stays well inside 150–400.
    expect(Math.min(...counts)).toBeGreaterThan(150);
    expect(Math.max(...counts)).toBeLessThan(400);
  });
});
