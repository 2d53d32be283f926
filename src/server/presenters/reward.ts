import type { Reward } from '../../contract/reward';
import type { RewardRow } from '../db/repositories/rewards';
import { iso } from './timestamps';

/**
 * A reward; `stock` and `redeemed` (how many times it was redeemed) are counts for MATERIAL rewards
 * and null for the others, as in the real API's examples.
 */
export function presentReward(row: RewardRow, redeemed: number): Reward {
  const material = row.type === 'MATERIAL';
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    parameters: row.parameters as Reward['parameters'],
    stock: material ? row.stock : null,
    redeemed: material ? redeemed : null,
    attributes: row.attributes as Reward['attributes'],
    metadata: row.metadata,
    created_at: row.createdAt.toISOString(),
    updated_at: iso(row.updatedAt),
    object: 'reward',
  };
}
