import { describe, expect, it } from 'vitest';
import { checkShape } from './location-geometry';

const ring = [
  [4.88, 52.36],
  [4.9, 52.36],
  [4.9, 52.38],
  [4.88, 52.36],
];
const circle = (center: string, radius: string) => ({ type: 'circle', format: 'distance', distance: { center, radius } });
const polygon = (coordinates: unknown) => ({ type: 'polygon', format: 'geojson', geojson: { type: 'Polygon', coordinates } });
const multi = (coordinates: unknown) => ({ type: 'polygon', format: 'geojson', geojson: { type: 'MultiPolygon', coordinates } });

describe('checkShape', () => {
  it.each([
    ['a circle', circle('geo:52.36175,4.88132', '1.54 km')],
    ['a circle at the edges of the ranges', circle('geo:-90,180', '0.001 km')],
    ['a circle with signs', circle('geo:+40.79,-74.15', '12 km')],
    ['a polygon with a hole', polygon([ring, ring])],
    ['a position with altitude', polygon([[[4.88, 52.36, 3], [4.9, 52.36, 3], [4.9, 52.38, 3], [4.88, 52.36, 3]]])],
    ['a multipolygon', multi([[ring], [ring]])],
  ])('accepts %s', (_label, shape) => {
    const check = checkShape(shape);
    expect(check).toEqual({ ok: true, shape });
  });

  it.each([
    ['an unknown type', { type: 'square', format: 'distance' }, 'shape.type'],
    ['a circle without distance', { type: 'circle', format: 'distance' }, 'shape.distance'],
    ['a circle in the wrong format', { ...circle('geo:1,2', '1 km'), format: 'geojson' }, 'shape.format'],
    ['a centre not in geo: form', circle('52.36,4.88', '1 km'), "center '52.36,4.88' is not of the form geo:<latitude>,<longitude>"],
    ['a centre with a space', circle('geo:52.36, 4.88', '1 km'), 'is not of the form geo:'],
    ['a latitude above 90', circle('geo:91,4', '1 km'), 'center latitude 91 is outside [-90, 90]'],
    ['a longitude below -180', circle('geo:52,-180.5', '1 km'), 'center longitude -180.5 is outside [-180, 180]'],
    ['a zero radius', circle('geo:52,4', '0 km'), "radius '0 km' is not positive"],
    ['a negative radius', circle('geo:52,4', '-1 km'), "radius '-1 km' is not of the form '<number> km'"],
    ['a radius in miles', circle('geo:52,4', '1.5 mi'), "radius '1.5 mi' is not of the form '<number> km'"],
    ['a radius without unit', circle('geo:52,4', '1.5'), 'is not of the form'],
    ['a ring of three positions', polygon([ring.slice(0, 3)]), 'ring 0: has 3 positions; a closed ring needs at least 4'],
    ['an open ring', polygon([[...ring.slice(0, 3), [4.89, 52.37]]]), 'ring 0: not closed (first position [4.88,52.36] differs from last [4.89,52.37])'],
    ['an open hole', polygon([ring, [...ring.slice(0, 3), [4.89, 52.37]]]), 'ring 1: not closed'],
    ['latitude first (out of range)', polygon([[[52.36, 4.88], [52.36, 200], [52.38, 4.9], [52.36, 4.88]]]), 'ring 0, position 1: latitude 200 is outside [-90, 90] (positions are [longitude, latitude])'],
    ['a longitude out of range', polygon([[[181, 1], [1, 1], [1, 2], [181, 1]]]), 'ring 0, position 0: longitude 181 is outside [-180, 180]'],
    ['a polygon without rings', polygon([]), 'polygon has no rings'],
    ['a position of one number', polygon([[[1], [1, 1], [1, 2], [1]]]), 'shape.geojson.coordinates.0.0'],
    ['a string coordinate', polygon([[['4', 52], [1, 1], [1, 2], ['4', 52]]]), 'shape.geojson.coordinates.0.0.0'],
    ['a bad polygon inside a multipolygon', multi([[ring], [ring.slice(0, 3)]]), 'polygon 1, ring 0: has 3 positions'],
    ['an empty multipolygon', multi([]), 'MultiPolygon has no polygons'],
    ['an unknown geojson type', { type: 'polygon', format: 'geojson', geojson: { type: 'Point', coordinates: [1, 2] } }, 'shape.geojson.type'],
  ])('rejects %s', (_label, shape, problem) => {
    const check = checkShape(shape);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.problems.join('\n')).toContain(problem);
  });
});
