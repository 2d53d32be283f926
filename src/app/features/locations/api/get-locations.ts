import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { locationListSchema, type Location, type LocationList } from '../../../../contract/location';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /v1/locations, every page. The API has no page number or cursor (api-facts §11), so pages are
 * walked by creation time: `order=created_at` and `filters[created_at][conditions][$after]` set just
 * before the last row seen. The one-millisecond overlap keeps rows that share the boundary timestamp;
 * rows seen twice are dropped by id.
 */
export const locationsPageSize = 100;

export interface LocationFilter {
  /** Server-side name search (`$contains`, case-insensitive). */
  name?: string;
  /** `end_date`: hides locations that ended before this date (YYYY-MM-DD). */
  endDate?: string;
}

export const locationsKeys = {
  all: ['locations'] as const,
  list: (filter: LocationFilter) => ['locations', 'all-pages', { name: filter.name ?? '', endDate: filter.endDate ?? '' }] as const,
};

export function getLocationsPage(filter: LocationFilter, after: string | null, signal?: AbortSignal): Promise<LocationList> {
  return apiRequest('/v1/locations', locationListSchema, {
    query: {
      limit: locationsPageSize,
      order: 'created_at',
      'filters[name][conditions][$contains]': filter.name || undefined,
      'filters[created_at][conditions][$after]': after ?? undefined,
      end_date: filter.endDate || undefined,
    },
    signal,
  });
}

/** The cursor for the page after `pages`, or undefined when there is none (or no progress was made). */
export function nextCursor(pages: readonly LocationList[]): string | undefined {
  const last = pages[pages.length - 1];
  if (!last?.has_more || last.data.length === 0) return undefined;
  // Rows seen twice can only come from the page before (the overlap is one millisecond), so that is
  // all there is to compare: a page of nothing but those means more than a page shares one instant.
  const seen = new Set((pages[pages.length - 2]?.data ?? []).map((l) => l.id));
  if (last.data.every((l) => seen.has(l.id))) return undefined;
  const lastCreated = new Date(last.data[last.data.length - 1].created_at).getTime();
  return new Date(lastCreated - 1).toISOString();
}

export function locationsQueryOptions(filter: LocationFilter) {
  return infiniteQueryOptions({
    queryKey: locationsKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getLocationsPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (_last, pages) => nextCursor(pages),
    // Pages never change once fetched; deep-comparing ten thousand shapes on every page is wasted work.
    structuralSharing: false,
  });
}

/** Every page's rows once, in creation order. */
export function uniqueLocations(pages: readonly LocationList[]): Location[] {
  const seen = new Set<string>();
  const out: Location[] = [];
  for (const page of pages) {
    for (const location of page.data) {
      if (seen.has(location.id)) continue;
      seen.add(location.id);
      out.push(location);
    }
  }
  return out;
}

export interface AllLocations {
  locations: Location[];
  /** The matching total the first page reported. */
  total: number | null;
  loading: boolean;
  complete: boolean;
  /** The API said there is more, but paging could not go on (over 100 rows share one creation time). */
  stalled: boolean;
  error: unknown;
  retry: () => void;
}

/** Fetches page after page until the list is complete; rows appear as they arrive. */
export function useAllLocations(filter: LocationFilter): AllLocations {
  const query = useInfiniteQuery(locationsQueryOptions(filter));
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const pages = query.data?.pages;
  const locations = useMemo(() => uniqueLocations(pages ?? []), [pages]);
  return {
    locations,
    total: pages?.[0]?.total ?? null,
    loading: !isError && (query.isPending || hasNextPage || isFetchingNextPage),
    complete: query.isSuccess && !hasNextPage && !isFetchingNextPage,
    stalled: query.isSuccess && !hasNextPage && Boolean(pages?.[pages.length - 1]?.has_more),
    error: query.error,
    retry: () => void (query.data ? fetchNextPage() : query.refetch()),
  };
}
