/** What a member can get: the rules shared by the member-rewards list and redemption. */

export interface PricedReward {
  /** The assignment's price in points; null for pay with points, where the member picks the amount. */
  points: number | null;
  /** Items left (MATERIAL), null when unlimited. */
  stock: number | null;
}

export function isOutOfStock(reward: Pick<PricedReward, 'stock'>): boolean {
  return reward.stock !== null && reward.stock <= 0;
}

/**
 * Whether a member with `balance` points can get the reward now: in stock, and priced at most the
 * balance (pay with points, which has no price, needs some points).
 */
export function isAffordable(reward: PricedReward, balance: number): boolean {
  if (isOutOfStock(reward)) return false;
  return reward.points === null ? balance > 0 : reward.points <= balance;
}
