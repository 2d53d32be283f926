import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capTotal, decimalFraction, percentOf, shareOf, splitProportionally, splitWithCaps } from './exact-money';

const permutationOf = (n: number) => fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n });

describe('exact money', () => {
  it('reads a decimal as the fraction it says, exponents included', () => {
    expect(decimalFraction(12.5)).toEqual({ numerator: 125n, denominator: 10n });
    expect(decimalFraction(20)).toEqual({ numerator: 20n, denominator: 1n });
    expect(decimalFraction(1e-7)).toEqual({ numerator: 1n, denominator: 10_000_000n });
    expect(decimalFraction(1e21)).toEqual({ numerator: 10n ** 21n, denominator: 1n });
    expect(() => decimalFraction(-1)).toThrow(RangeError);
  });

  it('takes a percent of a large amount exactly, rounded half up once', () => {
    // 999,999,999,999 × 12.345% = 123,449,999,999.87655 → 123,450,000,000.
    expect(percentOf(12.345, 999_999_999_999)).toBe(123_450_000_000);
    // Half a cent goes up: 10% of 5 units of a line worth 1 per unit is 0.5.
    expect(percentOf(10, 5)).toBe(1);
    expect(percentOf(10, 4)).toBe(0);
    // A part of a line's units: 3 of 7 units of 1000, 50% → 214.28… → 214.
    expect(percentOf(50, 1000, 3, 7)).toBe(214);
    expect(shareOf(1000, 3, 7)).toBe(429);
    expect(shareOf(1000, 7, 7)).toBe(1000);
  });

  it('splits by largest remainder: parts add up, each within one unit of its exact share, ties to the first in rank', () => {
    expect(splitProportionally(1000, [2000, 4500, 6000], [0, 1, 2])).toEqual([160, 360, 480]);
    expect(splitProportionally(1, [1, 1], [1, 0])).toEqual([0, 1]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000_000_000 }), { minLength: 1, maxLength: 20 }).filter((weights) => weights.some((w) => w > 0)),
        (total, weights) => {
          const parts = splitProportionally(total, weights, weights.map((_, i) => i));
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
          const weightSum = weights.reduce((sum, w) => sum + BigInt(w), 0n);
          parts.forEach((part, i) => {
            const exactTimesSum = BigInt(total) * BigInt(weights[i]);
            expect(BigInt(part) * weightSum).toBeGreaterThan(exactTimesSum - weightSum);
            expect(BigInt(part) * weightSum).toBeLessThan(exactTimesSum + weightSum);
            if (weights[i] === 0) expect(part).toBe(0);
          });
        },
      ),
    );
  });

  it('splits under caps: parts add up, none passes its cap, and the order of the indexes does not matter', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ weight: fc.integer({ min: 0, max: 50 }), cap: fc.integer({ min: 0, max: 10_000 }) }), { minLength: 1, maxLength: 8 }).chain((lines) =>
          fc.record({ lines: fc.constant(lines), permutation: permutationOf(lines.length), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
        ),
        ({ lines, permutation, share }) => {
          const room = lines.filter((line) => line.weight > 0).reduce((sum, line) => sum + line.cap, 0);
          const total = Math.floor(room * share);
          const weights = lines.map((line) => line.weight);
          const caps = lines.map((line) => line.cap);
          const rank = lines.map((_, i) => i);
          const parts = splitWithCaps(total, weights, caps, rank);
          expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
          parts.forEach((part, i) => {
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(caps[i]);
          });
          // The same lines listed in another order, with the same rank for ties, get the same parts.
          const moved = splitWithCaps(
            total,
            permutation.map((i) => weights[i]),
            permutation.map((i) => caps[i]),
            rank.map((i) => permutation.indexOf(i)),
          );
          expect(moved).toEqual(permutation.map((i) => parts[i]));
        },
      ),
    );
  });

  it('cuts parts down to a cap in proportion, never growing one', () => {
    expect(capTotal([5000, 5000], 6000, [0, 1])).toEqual([3000, 3000]);
    expect(capTotal([100, 200], 1000, [0, 1])).toEqual([100, 200]);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 10 }), fc.integer({ min: 0, max: 500_000 }), (parts, cap) => {
        const cut = capTotal(parts, cap, parts.map((_, i) => i));
        expect(cut.reduce((sum, part) => sum + part, 0)).toBe(Math.min(cap, parts.reduce((sum, part) => sum + part, 0)));
        cut.forEach((part, i) => expect(part).toBeLessThanOrEqual(parts[i]));
      }),
    );
  });
});
