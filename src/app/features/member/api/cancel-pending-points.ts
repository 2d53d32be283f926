import { z } from 'zod';
import { cancelPendingPointsRequestSchema } from '../../../../contract/pending-points';
import { apiRequest } from '../../../lib/api-client';

/** POST /v1/loyalties/members/{code}/pending-points/{id}/cancel: the held points are dropped, the reason kept in the card's history (204). */
export async function cancelPendingPoints(code: string, pendingPointsId: string, body: z.input<typeof cancelPendingPointsRequestSchema>): Promise<void> {
  await apiRequest(`/v1/loyalties/members/${encodeURIComponent(code)}/pending-points/${encodeURIComponent(pendingPointsId)}/cancel`, z.unknown(), { method: 'POST', body: body ?? {} });
}
