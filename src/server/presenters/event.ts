import type { TrackEventResponse, TrackedEvent } from '../../contract/event';
import type { CustomerRow } from '../db/repositories/customers';
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
