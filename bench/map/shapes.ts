import type { Location } from '../../src/contract/location';

/**
 * The benchmark's data set: `count` locations over a 60 × 40 km area, half circles (0.2–2 km) and
 * half polygons of `vertices` points (irregular stars, closed rings), from a seeded generator so
 * every run draws the same shapes.
 */
export function benchLocations(count: number, vertices = 20, seed = 42): Location[] {
  let state = seed;
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const created = Date.UTC(2026, 0, 1);
  return Array.from({ length: count }, (_, i): Location => {
    const lat = 52.2 + random() * 0.36;
    const lng = 4.6 + random() * 0.9;
    const base = { id: `loc_bench${i}`, object: 'location' as const, name: `Bench ${i}`, created_at: new Date(created + i * 1000).toISOString(), updated_at: null };
    if (i % 2 === 0) {
      return { ...base, shape: { type: 'circle', format: 'distance', distance: { center: `geo:${lat.toFixed(5)},${lng.toFixed(5)}`, radius: `${(0.2 + random() * 1.8).toFixed(2)} km` } } };
    }
    const ring: number[][] = [];
    for (let v = 0; v < vertices; v += 1) {
      const angle = (v / vertices) * 2 * Math.PI;
      const r = 0.004 + random() * 0.01;
      ring.push([Number((lng + r * 1.6 * Math.cos(angle)).toFixed(6)), Number((lat + r * Math.sin(angle)).toFixed(6))]);
    }
    ring.push([...ring[0]]);
    return { ...base, shape: { type: 'polygon', format: 'geojson', geojson: { type: 'Polygon', coordinates: [ring] } } };
  });
}
