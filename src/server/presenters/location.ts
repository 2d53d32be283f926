import type { Location, LocationShape } from '../../contract/location';
import type { LocationRow } from '../db/repositories/locations';

/** Rebuilds the shape in the API's key order (jsonb does not keep it) from what the loader validated. */
function presentShape(stored: LocationShape): LocationShape {
  if (stored.type === 'circle') {
    return { type: 'circle', format: 'distance', distance: { center: stored.distance.center, radius: stored.distance.radius } };
  }
  const { geojson } = stored;
  return {
    type: 'polygon',
    format: 'geojson',
    geojson: geojson.type === 'Polygon' ? { type: 'Polygon', coordinates: geojson.coordinates } : { type: 'MultiPolygon', coordinates: geojson.coordinates },
  };
}

export function presentLocation(row: LocationRow): Location {
  return {
    id: row.id,
    object: 'location',
    name: row.name,
    shape: presentShape(row.shape as unknown as LocationShape),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}
