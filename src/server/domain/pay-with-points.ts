/**
 * Pay with points (a COIN reward): `points_ratio` points are worth `exchange_ratio` of the currency,
 * e.g. {points_ratio: 100, exchange_ratio: 20}: 100 points pay 20.00. Amounts are in cents. The
 * ratio is kept to a hundredth of a cent, and counted in integers (BigInt) so no float rounding
 * ever gives a point away or takes one too many.
 */
export interface CoinRatio {
  exchange_ratio: number;
  points_ratio: number;
}

/** Hundredths of a cent that `points_ratio` points are worth. */
function unitValue(coin: CoinRatio): bigint {
  return BigInt(Math.round(coin.exchange_ratio * 10_000));
}

/** The discount, in cents, that `points` pay (whole cents, rounded down). */
export function discountForPoints(points: number, coin: CoinRatio): number {
  return Number((BigInt(points) * unitValue(coin)) / (BigInt(coin.points_ratio) * 100n));
}

/** The fewest points that pay `amount` cents in full (rounded up to a whole point). */
export function pointsToPay(amount: number, coin: CoinRatio): number {
  const numerator = BigInt(amount) * BigInt(coin.points_ratio) * 100n;
  const value = unitValue(coin);
  return Number((numerator + value - 1n) / value);
}

export type PaymentPlan = { ok: true; points: number; discount: number } | { ok: false; reason: 'no_points' | 'over_balance' | 'over_amount'; most: number };

/**
 * How many points pay towards an order of `amount` cents from a card holding `balance`:
 * the points asked for (refused beyond the balance, or beyond what pays the whole order), or by
 * default as many as pay the order in full, up to the balance.
 */
export function planPayment(amount: number, balance: number, coin: CoinRatio, asked?: number): PaymentPlan {
  const needed = pointsToPay(amount, coin);
  if (asked !== undefined) {
    if (asked > balance) return { ok: false, reason: 'over_balance', most: Math.min(balance, needed) };
    if (asked > needed) return { ok: false, reason: 'over_amount', most: needed };
    return { ok: true, points: asked, discount: Math.min(amount, discountForPoints(asked, coin)) };
  }
  const points = Math.min(needed, balance);
  if (points <= 0) return { ok: false, reason: 'no_points', most: 0 };
  return { ok: true, points, discount: Math.min(amount, discountForPoints(points, coin)) };
}
