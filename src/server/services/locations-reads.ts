import type { Location, LocationList, LocationListQuery } from '../../contract/location';
import type { ServiceContext } from '../context';
import { findLocation, listLocations } from '../db/repositories/locations';
import { notFound } from '../lib/api-error';
import { presentLocation } from '../presenters/location';

/** List Locations (SERVICE_SPEC §4.7, api-facts §11): no pages; `has_more` says the limit cut the list. */
export async function listProjectLocations(ctx: ServiceContext, projectId: string, query: LocationListQuery): Promise<LocationList> {
  const { rows, total } = await listLocations(ctx.db, projectId, {
    limit: query.limit,
    order: query.order,
    filters: query.filters,
    endDate: query.end_date,
    now: ctx.clock.now(),
  });
  return { object: 'list', data_ref: 'data', data: rows.map(presentLocation), total, has_more: total > rows.length };
}

export async function getLocation(ctx: ServiceContext, projectId: string, locationId: string): Promise<Location> {
  const row = await findLocation(ctx.db, projectId, locationId);
  if (!row) throw notFound('location', locationId);
  return presentLocation(row);
}
