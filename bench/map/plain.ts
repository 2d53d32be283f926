/**
 * The reference: plain Leaflet on a bare page, written the way its documentation shows: canvas
 * renderer, one layer per shape in a feature group, then fit the map to the group. With
 * `?fitFirst` it fits to bounds computed from the data before adding the layers (what our
 * component does), which saves Leaflet projecting every shape twice.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import type { Location } from '../../src/contract/location';
import { afterPaint, type BenchRun } from './after-paint';

const fitFirst = new URLSearchParams(window.location.search).has('fitFirst');
const map = L.map('map', { preferCanvas: true, center: [20, 0], zoom: 2 });
L.control.scale().addTo(map);

const bench: BenchRun = async (input) => {
  const start = performance.now();
  const group = L.featureGroup();
  const bounds = L.latLngBounds([]);
  for (const location of input as Location[]) {
    const { shape } = location;
    if (shape.type === 'circle') {
      const [lat, lng] = shape.distance.center.slice(4).split(',').map(Number);
      const radius = parseFloat(shape.distance.radius) * 1000;
      L.circle([lat, lng], { radius }).addTo(group);
      if (fitFirst) bounds.extend(L.latLng(lat, lng).toBounds(radius * 2));
    } else {
      const polygons = shape.geojson.type === 'Polygon' ? [shape.geojson.coordinates] : shape.geojson.coordinates;
      const latLngs = polygons.map((rings) => rings.map((ring) => ring.map(([lng, lat]) => [lat, lng] as [number, number])));
      L.polygon(latLngs).addTo(group);
      if (fitFirst) bounds.extend(L.latLngBounds(latLngs.flat(2)));
    }
  }
  if (fitFirst) map.fitBounds(bounds);
  group.addTo(map);
  if (!fitFirst) map.fitBounds(group.getBounds());
  await afterPaint();
  return performance.now() - start;
};
(window as unknown as { bench: BenchRun }).bench = bench;
