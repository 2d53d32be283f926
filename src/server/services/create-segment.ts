import { dynamicSegmentLimit, filterTree, type CreateSegmentRequest, type Segment } from '../../contract/segment';
import type { ServiceContext } from '../context';
import type { Tx } from '../../platform/db/client';
import { countFilterSegments, insertFilterMembers, insertSegment, insertStaticMembers, lockProjectForSegments, unknownCustomerIds } from '../db/repositories/segments';
import { filterSql } from '../domain/segment-filter-sql';
import { ApiError, notFound } from '../lib/api-error';
import { newId } from '../../platform/ids';
import { presentSegment } from '../presenters/segment';

function limitExceeded(count: number): ApiError {
  return new ApiError(
    400,
    'segments_limit_exceeded',
    'Segments limit exceeded',
    `A project can have at most ${dynamicSegmentLimit} auto-update and passive segments together and this one has ${count}; static segments do not count`,
  );
}

/** Unknown ids fail the whole request, naming the first one and how many there are. */
async function unknownCustomers(tx: Tx, projectId: string, ids: string[], distinct: number): Promise<ApiError> {
  const { sample, total } = await unknownCustomerIds(tx, projectId, ids);
  const more = total > sample.length ? ', …' : '';
  return notFound('customer', sample[0], `Cannot find customer with id ${sample[0]}; ${total} of the ${distinct} customer ids are unknown: ${sample.join(', ')}${more}`);
}

/**
 * POST /v1/segments. One transaction: the segment and all its members commit together. A static
 * segment's ids go in as one array parameter (no per-id query); a filter segment is filled by one
 * INSERT … SELECT over the compiled filter. Creating one does not fire customer.segment.entered:
 * those events mark customers entering an existing segment, not the segment's definition.
 */
export async function createSegment(ctx: ServiceContext, projectId: string, body: CreateSegmentRequest): Promise<Segment> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const id = newId('seg');
    if (body.type === 'static') {
      const distinct = new Set(body.customers).size;
      const row = await insertSegment(tx, { id, projectId, name: body.name, type: 'static', filter: null, createdAt: now });
      const added = await insertStaticMembers(tx, projectId, id, body.customers);
      if (added < distinct) throw await unknownCustomers(tx, projectId, body.customers, distinct);
      return presentSegment(row);
    }
    const predicate = filterSql(filterTree(body.filter));
    await lockProjectForSegments(tx, projectId);
    const existing = await countFilterSegments(tx, projectId);
    if (existing >= dynamicSegmentLimit) throw limitExceeded(existing);
    const row = await insertSegment(tx, { id, projectId, name: body.name, type: body.type, filter: body.filter, createdAt: now });
    await insertFilterMembers(tx, projectId, id, predicate);
    return presentSegment(row);
  });
}
