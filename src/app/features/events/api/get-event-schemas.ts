import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventSchemaListSchema, type EventSchemaList } from '../../../../contract/event';
import { apiRequest } from '../../../lib/api-client';

/** GET /v1/event-schemas: the custom events the project defines, with their metadata properties. */
export function getEventSchemas(signal?: AbortSignal): Promise<EventSchemaList> {
  return apiRequest('/v1/event-schemas', eventSchemaListSchema, { signal });
}

export function eventSchemasQueryOptions() {
  // Schemas change only when a fixture is loaded: cache them for the session.
  return queryOptions({ queryKey: ['event-schemas'] as const, queryFn: ({ signal }) => getEventSchemas(signal), staleTime: Infinity });
}

export function useEventSchemas() {
  return useQuery(eventSchemasQueryOptions());
}
