import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventPropertyTypes, type EventPropertyType, type EventSchema } from '../../contract/event';
import { metadataSchemaListSchema, standardMetadataResources, type MetadataSchema } from '../../contract/metadata-schema';
import { apiRequest } from '../lib/api-client';

const standard = new Set<string>(standardMetadataResources);
const eventTypes = new Set<string>(eventPropertyTypes);

/**
 * A custom event's metadata schema as the event form and rule builder use it: the event's name, and
 * each property's type and whether it is required. Standard resources' schemas (customer, order, …)
 * are not events; a property of a type an event cannot carry (geopoint, image_url) is left out, and
 * an array property too (the form takes one value per property). This service writes neither.
 */
export function eventSchemaOf(schema: MetadataSchema): EventSchema {
  const properties = Object.entries(schema.properties).filter(([, p]) => eventTypes.has(p.type) && !p.array);
  return {
    id: schema.id,
    name: schema.related_object,
    properties: Object.fromEntries(properties.map(([name, p]) => [name, { type: p.type as EventPropertyType, required: !p.optional }])),
  };
}

/** GET /v1/metadata-schemas: the project's custom events, from their metadata schemas. */
export async function getEventSchemas(signal?: AbortSignal): Promise<EventSchema[]> {
  const list = await apiRequest('/v1/metadata-schemas', metadataSchemaListSchema, { signal });
  return list.schemas.filter((s) => !standard.has(s.related_object)).map(eventSchemaOf);
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
  return useQuery({ ...eventSchemasQueryOptions(), select: (list) => new Map(list.map((s) => [s.id, s.name])) });
}
