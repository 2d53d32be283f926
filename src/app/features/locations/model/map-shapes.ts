import { parseCenter, parseRadiusKm, type Location } from '../../../../contract/location';

/** Leaflet's order: [latitude, longitude] (GeoJSON's is the reverse). */
export type LatLng = [number, number];

export type MapShape = { id: string; name: string } & (
  | { kind: 'circle'; center: LatLng; radiusMeters: number }
  /** Polygons of rings of points: a Polygon is one entry, a MultiPolygon several. */
  | { kind: 'polygon'; polygons: LatLng[][][] }
);

/** [[south, west], [north, east]] */
export type Bounds = [LatLng, LatLng];

const kmPerDegreeLatitude = 111.32;

const toLatLng = (position: number[]): LatLng => [position[1], position[0]];

/**
 * A location as Leaflet draws it: a circle's "geo:<lat>,<lng>" centre and "<n> km" radius in metres,
 * a polygon's [lng, lat] positions turned into [lat, lng]. Null for a shape the API should never
 * send (the service refuses such geometry), so one bad record cannot break the map.
 */
export function toMapShape(location: Location): MapShape | null {
  const { shape } = location;
  if (shape.type === 'circle') {
    const center = parseCenter(shape.distance.center);
    const km = parseRadiusKm(shape.distance.radius);
    if (!center || km === null || km <= 0) return null;
    return { id: location.id, name: location.name, kind: 'circle', center: [center.lat, center.lng], radiusMeters: km * 1000 };
  }
  const polygons = shape.geojson.type === 'Polygon' ? [shape.geojson.coordinates] : shape.geojson.coordinates;
  return { id: location.id, name: location.name, kind: 'polygon', polygons: polygons.map((rings) => rings.map((ring) => ring.map(toLatLng))) };
}

/**
 * The box around every shape, computed from the data rather than from drawn layers, so the map can
 * be fitted before the shapes are added and the canvas is drawn once. A circle's box uses the
 * local degrees-per-km, which is exact enough to frame it.
 */
export function boundsOf(shapes: readonly MapShape[]): Bounds | null {
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  const extend = (lat: number, lng: number) => {
    if (lat < south) south = lat;
    if (lat > north) north = lat;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
  };
  for (const shape of shapes) {
    if (shape.kind === 'circle') {
      const [lat, lng] = shape.center;
      const dLat = shape.radiusMeters / 1000 / kmPerDegreeLatitude;
      const dLng = dLat / Math.max(Math.cos((lat * Math.PI) / 180), 0.01);
      extend(lat - dLat, lng - dLng);
      extend(lat + dLat, lng + dLng);
    } else {
      for (const rings of shape.polygons) for (const [lat, lng] of rings[0] ?? []) extend(lat, lng);
    }
  }
  return south === Infinity ? null : [
    [south, west],
    [north, east],
  ];
}

export interface ShapeCounts {
  circles: number;
  polygons: number;
}

/** "14 shapes drawn: 8 circles, 6 polygons": what the map says it shows, for everyone (and tests). */
export function describeDrawn({ circles, polygons }: ShapeCounts): string {
  const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(circles + polygons, 'shape')} drawn: ${plural(circles, 'circle')}, ${plural(polygons, 'polygon')}`;
}
