/** What the calculator knows of a line when it must rank it: its content, never its place in the cart. */
export interface RankedLine {
  productId: string | null;
  skuId: string | null;
  collectionIds: readonly string[];
  quantity: number;
  price: number | null;
  amount: number;
  discountAmount: number;
}

/** The value of one unit, compared exactly: a.amount / a.quantity against b's. Lines without units rank as worth nothing. */
export function compareUnitValue(a: RankedLine, b: RankedLine): number {
  const left = a.quantity > 0 ? BigInt(a.amount) * BigInt(Math.max(b.quantity, 1)) : 0n;
  const right = b.quantity > 0 ? BigInt(b.amount) * BigInt(Math.max(a.quantity, 1)) : 0n;
  return left === right ? 0 : left < right ? -1 : 1;
}

const compareText = (a: string, b: string) => (a === b ? 0 : a < b ? -1 : 1);

/** Most valuable first, then by everything else the line holds; equal lines are interchangeable. */
function compareContent(a: RankedLine, b: RankedLine): number {
  return (
    -compareUnitValue(a, b) ||
    b.amount - a.amount ||
    b.quantity - a.quantity ||
    b.discountAmount - a.discountAmount ||
    (b.price ?? -1) - (a.price ?? -1) ||
    compareText(a.productId ?? '', b.productId ?? '') ||
    compareText(a.skuId ?? '', b.skuId ?? '') ||
    compareText(a.collectionIds.join('\u0000'), b.collectionIds.join('\u0000'))
  );
}

/**
 * The lines' indexes in an order fixed by their content alone, so whatever the calculator decides by
 * rank (which lines a limit leaves out, who takes a split's last cent) does not depend on the cart's
 * order. Lines equal in content keep their cart order among themselves: swapping them changes no amount.
 */
export function canonicalOrder(lines: readonly RankedLine[]): number[] {
  return lines.map((_, index) => index).sort((a, b) => compareContent(lines[a], lines[b]) || a - b);
}

/** Indexes by unit value, cheapest or most expensive first; equal values in canonical order. */
export function byUnitValue(indexes: readonly number[], lines: readonly RankedLine[], cheapestFirst: boolean, canonical: readonly number[]): number[] {
  const rank = new Map(canonical.map((index, position) => [index, position]));
  const direction = cheapestFirst ? 1 : -1;
  return [...indexes].sort((a, b) => direction * compareUnitValue(lines[a], lines[b]) || (rank.get(a) ?? a) - (rank.get(b) ?? b));
}
