import { filterTree, type CustomerList, type CustomerSegmentList, type Segment, type SegmentFilter, type SegmentPreview } from '../../contract/segment';
import type { ServiceContext } from '../context';
import { findCustomer, findCustomerBySourceId } from '../db/repositories/customers';
import { segmentsOfCustomer } from '../db/repositories/segment-memberships';
import { countFilterMatches, customersPage, findSegment } from '../db/repositories/segments';
import { filterSql } from '../domain/segment-filter-sql';
import { notFound } from '../lib/api-error';
import { presentCustomer } from '../presenters/customer-object';
import { presentSegment } from '../presenters/segment';

/** GET /v1/segments/{segmentId}. */
export async function getSegment(ctx: ServiceContext, projectId: string, segmentId: string): Promise<Segment> {
  const row = await findSegment(ctx.db, projectId, segmentId);
  if (!row) throw notFound('segment', segmentId);
  return presentSegment(row);
}

/**
 * GET /v1/customers with `segment_id`: how the real API lists a segment's members (the segment
 * object does not carry them); `total` is the segment's size. Without `segment_id`, every customer.
 */
export async function listCustomers(ctx: ServiceContext, projectId: string, query: { segment_id?: string; limit: number; page: number }): Promise<CustomerList> {
  if (query.segment_id !== undefined && !(await findSegment(ctx.db, projectId, query.segment_id))) throw notFound('segment', query.segment_id);
  const { rows, total } = await customersPage(ctx.db, projectId, { segmentId: query.segment_id, limit: query.limit, page: query.page });
  return { object: 'list', data_ref: 'customers', customers: rows.map(presentCustomer), total };
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
