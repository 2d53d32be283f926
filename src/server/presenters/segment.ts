import type { Segment } from '../../contract/segment';
import type { SegmentRow } from '../db/repositories/segments';

/**
 * The segment object of SERVICE_SPEC §2.11. `initial_sync_status` stays: the spec lists it and the
 * contract's schema allows it (the changelog of Nov 2025 removed it from the cloud's responses);
 * membership is computed in the creating request, so it is always DONE, which clients of either
 * version read correctly. `updated_at` is left out until a segment changes (segments are not edited).
 */
export function presentSegment(row: SegmentRow): Segment {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    ...(row.updatedAt && { updated_at: row.updatedAt.toISOString() }),
    type: row.type,
    filter: row.type === 'static' ? null : (row.filter ?? null),
    initial_sync_status: 'DONE',
    object: 'segment',
  };
}
