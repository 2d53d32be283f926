import type { ServiceContext } from '../context';
import { deleteSegmentRow, lockSegment, rulesNamingSegment } from '../db/repositories/segments';
import { notFound, resourceInUse } from '../lib/api-error';

/**
 * DELETE /v1/segments/{segmentId}: the segment and its memberships; its customers stay. Refused
 * (400 resource_in_use) while an earning rule names it: the rule would earn on a segment that
 * no longer exists.
 */
export async function deleteSegment(ctx: ServiceContext, projectId: string, segmentId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const segment = await lockSegment(tx, projectId, segmentId, 'update');
    if (!segment) throw notFound('segment', segmentId);
    const rules = await rulesNamingSegment(tx, projectId, segment.id);
    if (rules.length > 0) throw resourceInUse('segment', segment.id, { ids: rules, type: 'earning_rule' });
    await deleteSegmentRow(tx, segment.id);
  });
}
