import type { RewardAssignment } from '../../contract/reward-assignment';
import type { RewardAssignmentRow } from '../db/repositories/reward-assignments';
import { iso } from './timestamps';

/** A reward assignment; pay-with-points assignments have no price, so no `parameters`, as in the real API's example. */
export function presentRewardAssignment(row: RewardAssignmentRow): RewardAssignment {
  return {
    id: row.id,
    reward_id: row.rewardId,
    related_object_id: row.campaignId,
    related_object_type: 'campaign',
    ...(row.points !== null && { parameters: { loyalty: { points: row.points } } }),
    created_at: row.createdAt.toISOString(),
    updated_at: iso(row.updatedAt),
    object: 'reward_assignment',
  };
}
