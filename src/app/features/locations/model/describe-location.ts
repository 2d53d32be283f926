import type { Location } from '../../../../contract/location';

/** "Circle · 1.54 km", "Polygon · 7 points", "MultiPolygon · 2 parts": the type column of the list. */
export function describeShape(location: Location): string {
  const { shape } = location;
  if (shape.type === 'circle') return `Circle · ${shape.distance.radius}`;
  if (shape.geojson.type === 'MultiPolygon') return `MultiPolygon · ${shape.geojson.coordinates.length} parts`;
  // A closed ring repeats its first point at the end.
  const points = Math.max((shape.geojson.coordinates[0]?.length ?? 1) - 1, 0);
  return `Polygon · ${points} points`;
}
