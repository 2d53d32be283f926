/**
 * One page of a cursor-paged list read with `limit + 1` rows: the page, whether more follow, and
 * (only then) the id the next page starts after, as the real API's `has_more`/`more_starting_after`.
 */
export function cursorPage<T>(rows: readonly T[], limit: number, idOf: (row: T) => string): { page: T[]; paging: { has_more: boolean; more_starting_after?: string } } {
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return { page, paging: { has_more: hasMore, ...(hasMore && { more_starting_after: idOf(page[page.length - 1]) }) } };
}
