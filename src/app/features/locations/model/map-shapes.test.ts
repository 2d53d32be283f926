import { describe, expect, it } from 'vitest';
import type { Location } from '../../../../contract/location';
import { boundsOf, describeDrawn, toMapShape } from './map-shapes';

const at = { object: 'location' as const, created_at: '2026-01-01T00:00:00.000Z', updated_at: null };
const circle = (center: string, radius: string): Location => ({ ...at, id: 'loc_c', name: 'C', shape: { type: 'circle', format: 'distance', distance: { center, radius } } });
const ring = [
  [4.8, 52.3],
  [4.9, 52.3],
  [4.9, 52.4],
  [4.8, 52.3],
];

describe('toMapShape', () => {
  it('turns "geo:<lat>,<lng>" and "<n> km" into a Leaflet centre and metres', () => {
    expect(toMapShape(circle('geo:52.36175,4.88132', '1.54 km'))).toEqual({ id: 'loc_c', name: 'C', kind: 'circle', center: [52.36175, 4.88132], radiusMeters: 1540 });
  });

  it('turns GeoJSON [lng, lat] into Leaflet [lat, lng], for Polygon and MultiPolygon', () => {
    const polygon: Location = { ...at, id: 'loc_p', name: 'P', shape: { type: 'polygon', format: 'geojson', geojson: { type: 'Polygon', coordinates: [ring] } } };
    expect(toMapShape(polygon)).toMatchObject({ kind: 'polygon', polygons: [[[[52.3, 4.8], [52.3, 4.9], [52.4, 4.9], [52.3, 4.8]]]] });
    const multi: Location = { ...polygon, shape: { type: 'polygon', format: 'geojson', geojson: { type: 'MultiPolygon', coordinates: [[ring], [ring]] } } };
    expect(toMapShape(multi)).toMatchObject({ kind: 'polygon', polygons: [expect.any(Array), expect.any(Array)] });
  });

  it.each([
    ['an unparsable centre', circle('52,4', '1 km')],
    ['a radius in miles', circle('geo:52,4', '1 mi')],
    ['a zero radius', circle('geo:52,4', '0 km')],
  ])('skips %s instead of breaking the map', (_label, location) => {
    expect(toMapShape(location)).toBeNull();
  });
});

describe('boundsOf', () => {
  it('frames circles by their radius and polygons by their outline', () => {
    const shapes = [toMapShape(circle('geo:0,0', '111.32 km'))!, toMapShape({ ...circle('geo:0,0', '1 km'), shape: { type: 'polygon', format: 'geojson', geojson: { type: 'Polygon', coordinates: [ring] } } })!];
    const [[south, west], [north, east]] = boundsOf(shapes)!;
    expect(south).toBeCloseTo(-1, 6);
    expect(west).toBeCloseTo(-1, 6);
    expect(north).toBeCloseTo(52.4, 6);
    expect(east).toBeCloseTo(4.9, 6);
  });

  it('is null without shapes', () => {
    expect(boundsOf([])).toBeNull();
  });
});

describe('describeDrawn', () => {
  it.each([
    [{ circles: 8, polygons: 6 }, '14 shapes drawn: 8 circles, 6 polygons'],
    [{ circles: 1, polygons: 0 }, '1 shape drawn: 1 circle, 0 polygons'],
    [{ circles: 2500, polygons: 2500 }, '5,000 shapes drawn: 2,500 circles, 2,500 polygons'],
  ])('%o → %s', (counts, text) => {
    expect(describeDrawn(counts)).toBe(text);
  });
});
