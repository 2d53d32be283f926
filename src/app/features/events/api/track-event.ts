import { trackEventResponseSchema, type TrackEventRequest, type TrackEventResponse } from '../../../../contract/event';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/events: records the event for the customer and runs the earning rules it triggers. */
export function trackEvent(body: TrackEventRequest): Promise<TrackEventResponse> {
  return apiRequest('/v1/events', trackEventResponseSchema, { method: 'POST', body });
}
