import type { MetadataSchema } from '../../contract/metadata-schema';
import type { EventSchemaRow } from '../db/repositories/event-schemas';

/**
 * A custom event schema as the contract's metadata schema. An event's metadata may carry keys the
 * schema does not define (track-event checks only the defined ones), so `allow_defined_only` is
 * false; schemas are never edited once loaded, so `updated_at` is null. Required properties first,
 * then by name (jsonb keeps no key order), so forms built from it are stable.
 */
export function presentEventMetadataSchema(row: EventSchemaRow): MetadataSchema {
  const entries = Object.entries(row.properties).sort(([a, pa], [b, pb]) => Number(pb.required ?? false) - Number(pa.required ?? false) || (a < b ? -1 : a > b ? 1 : 0));
  return {
    id: row.id,
    related_object: row.name,
    properties: Object.fromEntries(
      entries.map(([name, p]) => [name, { type: p.type as MetadataSchema['properties'][string]['type'], array: false, optional: !(p.required ?? false), objectType: null }]),
    ),
    allow_defined_only: false,
    created_at: row.createdAt.toISOString(),
    updated_at: null,
    object: 'metadata_schema',
  };
}
