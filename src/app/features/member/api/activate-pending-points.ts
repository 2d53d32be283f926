import { z } from 'zod';
import { pendingPointsActivatedSchema } from '../../../../contract/pending-points';
import { apiRequest } from '../../../lib/api-client';

export type PendingPointsActivated = z.infer<typeof pendingPointsActivatedSchema>;

/** POST /v1/loyalties/members/{code}/pending-points/{id}/activate: the held points are added to the card now. */
export function activatePendingPoints(code: string, pendingPointsId: string): Promise<PendingPointsActivated> {
  return apiRequest(`/v1/loyalties/members/${encodeURIComponent(code)}/pending-points/${encodeURIComponent(pendingPointsId)}/activate`, pendingPointsActivatedSchema, { method: 'POST' });
}
