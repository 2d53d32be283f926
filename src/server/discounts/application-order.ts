/**
 * The order incentives apply in (orchestrate_stacking-rules.mdx, "Incentive application order"):
 * REQUESTED_ORDER (the default) keeps the request's order; CATEGORY_HIERARCHY applies a lower category
 * hierarchy first, equal hierarchies in the request's order. An incentive without a category ranks as the
 * default hierarchy, 1 (the docs: "The default hierarchy number is 1, while the lowest hierarchy number is 0").
 */
export function inApplicationOrder<T extends { hierarchy?: number | null }>(incentives: readonly T[], sortingRule: 'REQUESTED_ORDER' | 'CATEGORY_HIERARCHY' = 'REQUESTED_ORDER'): T[] {
  if (sortingRule === 'REQUESTED_ORDER') return [...incentives];
  return incentives
    .map((incentive, position) => ({ incentive, position }))
    .sort((a, b) => (a.incentive.hierarchy ?? 1) - (b.incentive.hierarchy ?? 1) || a.position - b.position)
    .map(({ incentive }) => incentive);
}
