import type { EventSchema, TrackEventResponse, TrackedEvent } from '../../contract/event';
import type { CustomerRow } from '../db/repositories/customers';
import type { EventSchemaRow } from '../db/repositories/event-schemas';
import type { NewEventRow } from '../db/repositories/events';

/** The response of POST /v1/events (SERVICE_SPEC §2.13): `referral` and `loyalty` are null there. */
export function presentTrackEventResponse(event: NewEventRow, customer: CustomerRow): TrackEventResponse {
  return {
    object: 'event',
    type: event.type,
    customer: {
      id: customer.id,
      ...(customer.sourceId !== null && { source_id: customer.sourceId }),
      ...(customer.name !== null && { name: customer.name }),
      ...(customer.email !== null && { email: customer.email }),
      metadata: customer.metadata,
      object: 'customer',
    },
    referral: null,
    loyalty: null,
    metadata: event.metadata,
  };
}

export function presentTrackedEvent(event: NewEventRow): TrackedEvent {
  return {
    id: event.id,
    object: 'event',
    type: event.type,
    customer_id: event.customerId,
    metadata: event.metadata,
    referral: (event.referral as TrackedEvent['referral']) ?? null,
    loyalty: (event.loyalty as TrackedEvent['loyalty']) ?? null,
    created_at: event.createdAt.toISOString(),
  };
}

export function presentEventSchema(row: EventSchemaRow): EventSchema {
  return {
    id: row.id,
    name: row.name,
    // jsonb keeps no key order: required properties first, then by name, so forms are stable.
    properties: Object.fromEntries(
      Object.entries(row.properties)
        .map(([name, p]) => [name, { type: p.type as EventSchema['properties'][string]['type'], required: p.required ?? false }] as const)
        .sort(([a, pa], [b, pb]) => Number(pb.required) - Number(pa.required) || (a < b ? -1 : a > b ? 1 : 0)),
    ),
    object: 'event_schema',
    created_at: row.createdAt.toISOString(),
  };
}
