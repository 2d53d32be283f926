/**
 * Exact arithmetic on amounts in the smallest currency unit (integers, as the contract's amounts are).
 * Products are taken in BigInt: an amount (up to 10^12) times a quantity or a percent's digits passes 2^53.
 *
 * Rounding, where the contract names none: a share of an amount (a percent, a part of a line's units) is
 * rounded half up, once; an amount split over lines is split by largest remainder, so the parts add up to
 * the whole exactly (the docs' "$300 proportionally over $33 and $34" gives 148 and 152: client-side.json,
 * POST /client/v1/redeem, example "Discount Coupon").
 */

/** numerator / denominator rounded half up (both non-negative, denominator > 0). */
export function roundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

/** A non-negative decimal as the exact fraction its shortest decimal form says: 12.5 → 125/10, 1e-7 → 1/10^7. */
export function decimalFraction(value: number): Fraction {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(value));
  if (!match) throw new RangeError(`not a non-negative finite number: ${value}`);
  const [, whole, fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText) - fraction.length;
  const digits = BigInt(whole + fraction);
  return exponent >= 0 ? { numerator: digits * 10n ** BigInt(exponent), denominator: 1n } : { numerator: digits, denominator: 10n ** BigInt(-exponent) };
}

/** `percent`% of `amount × part / whole`, rounded half up once (part of a line's units: part of its quantity). */
export function percentOf(percent: number, amount: number, part = 1, whole = 1): number {
  const { numerator, denominator } = decimalFraction(percent);
  return Number(roundHalfUp(numerator * BigInt(amount) * BigInt(part), denominator * 100n * BigInt(whole)));
}

/** `amount × part / whole` rounded half up: the value of some of a line's units. */
export function shareOf(amount: number, part: number, whole: number): number {
  if (part >= whole) return amount;
  return Number(roundHalfUp(BigInt(amount) * BigInt(part), BigInt(whole)));
}

/**
 * `total` split in proportion to `weights`: each part is the floor of its exact share, and the units left
 * go one each to the largest remainders, equal remainders to the one earlier in `tieOrder` (a permutation
 * of the indexes). Parts add up to `total` exactly; a zero weight gets nothing. With all weights zero,
 * nothing is split (total must then be 0).
 */
export function splitProportionally(total: number, weights: readonly number[], tieOrder: readonly number[]): number[] {
  const weightSum = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (weightSum === 0n) {
    if (total !== 0) throw new RangeError('cannot split an amount over nothing');
    return weights.map(() => 0);
  }
  const whole = BigInt(total);
  const parts = weights.map((w) => (whole * BigInt(w)) / weightSum);
  const remainders = weights.map((w) => (whole * BigInt(w)) % weightSum);
  let left = Number(whole - parts.reduce((sum, p) => sum + p, 0n));
  const rank = new Map(tieOrder.map((index, position) => [index, position]));
  const byRemainder = weights
    .map((_, index) => index)
    .filter((index) => remainders[index] > 0n)
    .sort((a, b) => (remainders[b] === remainders[a] ? (rank.get(a) ?? a) - (rank.get(b) ?? b) : remainders[b] > remainders[a] ? 1 : -1));
  for (const index of byRemainder) {
    if (left === 0) break;
    parts[index] += 1n;
    left -= 1;
  }
  return parts.map(Number);
}

/**
 * `total` split in proportion to `weights` with no part above its cap: parts whose share would pass their
 * cap take the cap, and what is left is split again over the others. `total` must not exceed the caps of
 * the positive weights.
 */
export function splitWithCaps(total: number, weights: readonly number[], caps: readonly number[], tieOrder: readonly number[]): number[] {
  const parts = weights.map(() => 0);
  let active = weights.map((_, index) => index).filter((index) => weights[index] > 0 && caps[index] > 0);
  let left = total;
  while (active.length > 0 && left > 0) {
    const weightSum = active.reduce((sum, index) => sum + BigInt(weights[index]), 0n);
    const over = active.filter((index) => BigInt(left) * BigInt(weights[index]) > BigInt(caps[index]) * weightSum);
    if (over.length === 0) {
      const shares = splitProportionally(
        left,
        active.map((index) => weights[index]),
        tieOrder.filter((index) => active.includes(index)).map((index) => active.indexOf(index)),
      );
      active.forEach((index, at) => (parts[index] = shares[at]));
      return parts;
    }
    for (const index of over) {
      parts[index] = caps[index];
      left -= caps[index];
    }
    active = active.filter((index) => !over.includes(index));
  }
  if (left > 0) throw new RangeError('the total passes the caps');
  return parts;
}

/** `parts` cut down in proportion so they add up to at most `cap`; none grows. */
export function capTotal(parts: readonly number[], cap: number, tieOrder: readonly number[]): number[] {
  const sum = parts.reduce((total, part) => total + part, 0);
  return sum <= cap ? [...parts] : splitProportionally(Math.max(0, cap), parts, tieOrder);
}
