import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountForPoints, planPayment, pointsToPay } from './pay-with-points';

const twentyPerHundred = { exchange_ratio: 20, points_ratio: 100 };
const centPerPoint = { exchange_ratio: 0.01, points_ratio: 1 };

describe('pay with points', () => {
  it('values points by the ratio: 100 points = 20.00, 1 point = 0.01', () => {
    expect(discountForPoints(100, twentyPerHundred)).toBe(2000);
    expect(discountForPoints(150, twentyPerHundred)).toBe(3000);
    expect(discountForPoints(1, twentyPerHundred)).toBe(20);
    expect(discountForPoints(2300, centPerPoint)).toBe(2300);
    expect(pointsToPay(45_000, twentyPerHundred)).toBe(2250);
    expect(pointsToPay(45_001, twentyPerHundred)).toBe(2251);
  });

  it('pays the order in full by default, up to the balance, and refuses what cannot be', () => {
    expect(planPayment(45_000, 10_000, twentyPerHundred)).toEqual({ ok: true, points: 2250, discount: 45_000 });
    expect(planPayment(45_000, 1000, twentyPerHundred)).toEqual({ ok: true, points: 1000, discount: 20_000 });
    expect(planPayment(45_000, 10_000, twentyPerHundred, 100)).toEqual({ ok: true, points: 100, discount: 2000 });
    expect(planPayment(45_000, 0, twentyPerHundred)).toEqual({ ok: false, reason: 'no_points', most: 0 });
    expect(planPayment(45_000, 99, twentyPerHundred, 100)).toEqual({ ok: false, reason: 'over_balance', most: 99 });
    expect(planPayment(45_000, 10_000, twentyPerHundred, 2251)).toEqual({ ok: false, reason: 'over_amount', most: 2250 });
  });

  it('never pays more than the order nor needs a point more than the fewest that pay it', () => {
    const ratio = fc.record({ exchange_ratio: fc.integer({ min: 1, max: 1_000_000 }).map((n) => n / 100), points_ratio: fc.integer({ min: 1, max: 10_000 }) });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), ratio, (amount, coin) => {
        const needed = pointsToPay(amount, coin);
        expect(discountForPoints(needed, coin)).toBeGreaterThanOrEqual(amount);
        if (needed > 1) expect(discountForPoints(needed - 1, coin)).toBeLessThan(amount);
      }),
    );
  });
});
