import { filterTree, type SegmentFilter } from '../../contract/segment';
import type { ServiceContext } from '../context';
import type { Tx } from '../../platform/db/client';
import { filterSegmentsOf, syncCustomerMemberships, type SegmentRow } from '../db/repositories/segments';
import { events } from '../../platform/db/schema';
import { filterSql } from '../domain/segment-filter-sql';
import { newId } from '../../platform/ids';
import { earnPointsForSegmentEntries } from './earn-points';

/**
 * Keeps the project's auto-update and passive segments current for customers who just changed
 * (created, updated, or gained events), inside the transaction that changed them: one statement
 * re-evaluates every filter segment for that customer. Auto-update segments record
 * customer.segment.entered / customer.segment.left events (SERVICE_SPEC §6); passive ones change
 * silently. The events recorded here do not re-trigger the evaluation. Entering an auto-update
 * segment runs the earning rules it triggers (customer.segment.entered), in the same transaction.
 */
export async function refreshCustomerSegments(ctx: ServiceContext, tx: Tx, projectId: string, customerIds: readonly string[]): Promise<void> {
  // Read once for a batch: a project without filter segments costs one query per batch.
  const list = await filterSegmentsOf(tx, projectId);
  if (!list.length) return;
  for (const customerId of customerIds) await refreshOne(ctx, tx, projectId, customerId, list);
}

async function refreshOne(ctx: ServiceContext, tx: Tx, projectId: string, customerId: string, list: SegmentRow[]): Promise<void> {
  const predicates = list.map((s) => ({ segmentId: s.id, predicate: filterSql(filterTree(s.filter as SegmentFilter)) }));
  const changes = await syncCustomerMemberships(tx, projectId, customerId, predicates);
  const active = new Map(list.filter((s) => s.type === 'auto-update').map((s) => [s.id, s]));
  const now = ctx.clock.now();
  const rows = changes
    .filter((c) => active.has(c.segmentId))
    .map((c) => {
      const segment = active.get(c.segmentId)!;
      return {
        id: newId('evcus'),
        projectId,
        customerId,
        type: c.change === 'entered' ? 'customer.segment.entered' : 'customer.segment.left',
        metadata: { segment: { id: segment.id, name: segment.name } },
        createdAt: now,
      };
    });
  if (!rows.length) return;
  await tx.insert(events).values(rows);
  const entries = rows
    .filter((row) => row.type === 'customer.segment.entered')
    .map((row) => ({ segment: row.metadata.segment, eventId: row.id }));
  if (entries.length) await earnPointsForSegmentEntries(tx, { projectId, customerId, entries, now });
}
