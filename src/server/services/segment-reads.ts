import { filterTree, type CustomerLookup, type CustomerSegmentList, type Segment, type SegmentFilter, type SegmentList, type SegmentPreview } from '../../contract/segment';
import type { ServiceContext } from '../context';
import { findCustomer, findCustomerBySourceId } from '../db/repositories/customers';
import { segmentsOfCustomer } from '../db/repositories/segment-memberships';
import { countFilterMatches, findSegment, listSegmentsWithSizes, resolveCustomerReferences } from '../db/repositories/segments';
import { filterSql } from '../domain/segment-filter-sql';
import { notFound } from '../lib/api-error';
import { presentSegment } from '../presenters/segment';

/** GET /v1/segments/{segmentId}. */
export async function getSegment(ctx: ServiceContext, projectId: string, segmentId: string): Promise<Segment> {
  const row = await findSegment(ctx.db, projectId, segmentId);
  if (!row) throw notFound('segment', segmentId);
  return presentSegment(row);
}

/** POST /v1/segments/preview (our extension): how many customers a filter matches now. */
export async function previewSegment(ctx: ServiceContext, projectId: string, filter: SegmentFilter): Promise<SegmentPreview> {
  return { object: 'segment_preview', total: await countFilterMatches(ctx.db, projectId, filterSql(filterTree(filter))) };
}

/** GET /v1/customers/{customerId}/segments: the customer by id or source id, as the real API takes either. */
export async function listCustomerSegments(ctx: ServiceContext, projectId: string, customerId: string): Promise<CustomerSegmentList> {
  const customer = (await findCustomer(ctx.db, projectId, customerId)) ?? (await findCustomerBySourceId(ctx.db, projectId, customerId));
  if (!customer) throw notFound('customer', customerId);
  const rows = await segmentsOfCustomer(ctx.db, customer.id);
  return { object: 'list', data_ref: 'data', data: rows.map((row) => ({ ...row, object: 'segment' as const })), total: rows.length };
}

/** GET /v1/segments (our extension): the project's segments, newest first, with their sizes. */
export async function listSegments(ctx: ServiceContext, projectId: string, query: { limit: number; page: number }): Promise<SegmentList> {
  const { rows, total } = await listSegmentsWithSizes(ctx.db, projectId, query.limit, (query.page - 1) * query.limit);
  return { object: 'list', data_ref: 'data', data: rows.map((row) => ({ ...presentSegment(row), size: row.size })), total };
}

/** POST /v1/customers/lookup (our extension): which customers the references name, and which name none. */
export async function lookupCustomers(ctx: ServiceContext, projectId: string, references: string[]): Promise<CustomerLookup> {
  const rows = await resolveCustomerReferences(ctx.db, projectId, references);
  return {
    object: 'customer_lookup',
    found: rows.flatMap((row) => (row.id ? [{ reference: row.reference, id: row.id }] : [])),
    unknown: rows.flatMap((row) => (row.id ? [] : [row.reference])),
  };
}
