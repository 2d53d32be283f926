import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventSchemaListSchema, type EventSchemaList } from '../../contract/event';
import { apiRequest } from '../lib/api-client';

/** GET /v1/event-schemas: the custom events the project defines, with their metadata properties. */
export function getEventSchemas(signal?: AbortSignal): Promise<EventSchemaList> {
  return apiRequest('/v1/event-schemas', eventSchemaListSchema, { signal });
}

export function eventSchemasQueryOptions() {
  // Schemas change only when a fixture is loaded: cache them for the session.
  return queryOptions({ queryKey: ['event-schemas'] as const, queryFn: ({ signal }) => getEventSchemas(signal), staleTime: Infinity });
}

/** The schemas themselves: the event form and the rule builder offer their names and metadata properties. */
export function useEventSchemas() {
  return useQuery(eventSchemasQueryOptions());
}

/** Schema id → name, for pages that show which event a rule listens to. */
export function useEventSchemaNames() {
  return useQuery({ ...eventSchemasQueryOptions(), select: (list) => new Map(list.event_schemas.map((s) => [s.id, s.name])) });
}
