import { useQueries } from '@tanstack/react-query';
import { segmentQueryOptions } from './get-segment';

/** Names of the segments that trigger rules (GET /v1/segments/{id} each), for saying rules in words. */
export function useSegmentNames(segmentIds: readonly string[]): Map<string, string> {
  const unique = [...new Set(segmentIds)];
  const results = useQueries({ queries: unique.map((id) => segmentQueryOptions(id)) });
  return new Map(results.flatMap((result) => (result.data ? [[result.data.id, result.data.name] as const] : [])));
}
