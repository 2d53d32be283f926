import { locationShapeSchema, parseCenter, parseRadiusKm, type LocationShape } from '../../contract/location';

/**
 * The geometry rules a stored location must satisfy, so every client can draw it: a circle's centre
 * is `geo:<lat>,<lng>` within range and its radius a positive `<n> km`; a polygon's rings are closed,
 * hold at least four positions, and every position is a [longitude, latitude] within range.
 * Each problem is a sentence naming where it is, e.g. "polygon 2, ring 1: not closed (...)".
 */
export type ShapeCheck = { ok: true; shape: LocationShape } | { ok: false; problems: string[] };

const inRange = (value: number, limit: number) => Number.isFinite(value) && value >= -limit && value <= limit;

function centerProblems(center: string): string[] {
  const parsed = parseCenter(center);
  if (!parsed) return [`center '${center}' is not of the form geo:<latitude>,<longitude>`];
  const problems: string[] = [];
  if (!inRange(parsed.lat, 90)) problems.push(`center latitude ${parsed.lat} is outside [-90, 90]`);
  if (!inRange(parsed.lng, 180)) problems.push(`center longitude ${parsed.lng} is outside [-180, 180]`);
  return problems;
}

function radiusProblems(radius: string): string[] {
  const km = parseRadiusKm(radius);
  if (km === null) return [`radius '${radius}' is not of the form '<number> km'`];
  return km > 0 ? [] : [`radius '${radius}' is not positive`];
}

const samePosition = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

function ringProblems(ring: number[][], where: string): string[] {
  if (ring.length < 4) return [`${where}: has ${ring.length} positions; a closed ring needs at least 4`];
  const problems: string[] = [];
  ring.forEach(([lng, lat], i) => {
    if (!inRange(lng, 180)) problems.push(`${where}, position ${i}: longitude ${lng} is outside [-180, 180] (positions are [longitude, latitude])`);
    if (!inRange(lat, 90)) problems.push(`${where}, position ${i}: latitude ${lat} is outside [-90, 90] (positions are [longitude, latitude])`);
  });
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!samePosition(first, last)) problems.push(`${where}: not closed (first position ${JSON.stringify(first)} differs from last ${JSON.stringify(last)})`);
  return problems;
}

/** `prefix` is '' for a Polygon and 'polygon <i>, ' inside a MultiPolygon. */
function polygonProblems(rings: number[][][], prefix: string): string[] {
  if (rings.length === 0) return [`${prefix}polygon has no rings`];
  return rings.flatMap((ring, i) => ringProblems(ring, `${prefix}ring ${i}`));
}

/** Checks a shape's structure, then its geometry. */
export function checkShape(input: unknown): ShapeCheck {
  const parsed = locationShapeSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((i) => `shape${i.path.map((p) => `.${String(p)}`).join('')}: ${i.message}`) };
  }
  const shape = parsed.data;
  let problems: string[];
  if (shape.type === 'circle') {
    problems = [...centerProblems(shape.distance.center), ...radiusProblems(shape.distance.radius)];
  } else if (shape.geojson.type === 'Polygon') {
    problems = polygonProblems(shape.geojson.coordinates, '');
  } else {
    const polygons = shape.geojson.coordinates;
    problems = polygons.length === 0 ? ['MultiPolygon has no polygons'] : polygons.flatMap((rings, i) => polygonProblems(rings, `polygon ${i}, `));
  }
  return problems.length ? { ok: false, problems } : { ok: true, shape };
}
