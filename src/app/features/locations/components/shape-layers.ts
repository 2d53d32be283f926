import L from 'leaflet';
import type { MapShape, ShapeCounts } from '../model/map-shapes';

const base = { weight: 2, opacity: 0.9, fillOpacity: 0.18 };
export const shapeStyles = {
  circle: { ...base, color: '#3f37c9', fillColor: '#3f37c9' },
  polygon: { ...base, color: '#0f766e', fillColor: '#0f766e' },
  selected: { weight: 4, opacity: 1, fillOpacity: 0.4, color: '#ea580c', fillColor: '#f97316' },
} satisfies Record<string, L.PathOptions>;

interface Drawn {
  shape: MapShape;
  layer: L.Circle | L.Polygon;
}

function createLayer(shape: MapShape): L.Circle | L.Polygon {
  return shape.kind === 'circle'
    ? L.circle(shape.center, { ...shapeStyles.circle, radius: shape.radiusMeters })
    : L.polygon(shape.polygons, shapeStyles.polygon);
}

/**
 * All the shapes of the map as one Leaflet feature group, kept in step with a list by id: new
 * shapes are added, gone ones removed, unchanged ones left alone, so pages arriving one after
 * another cost only their own shapes. React renders this group once (see shape-canvas-layer.tsx),
 * never an element per shape; the group carries the single click handler and the single tooltip
 * (events from its shapes propagate to it), and drawing goes to the map's canvas renderer
 * (`preferCanvas`).
 */
export class ShapeLayers extends L.FeatureGroup {
  private readonly drawn = new Map<string, Drawn>();
  private readonly idOf = new WeakMap<L.Layer, string>();
  private selectedId: string | null = null;

  /** The shape a layer of this group draws (for events that propagate from it). */
  shapeOfLayer(layer: L.Layer | undefined): MapShape | null {
    const id = layer ? this.idOf.get(layer) : undefined;
    return id ? (this.drawn.get(id)?.shape ?? null) : null;
  }

  sync(shapes: readonly MapShape[]): ShapeCounts {
    const wanted = new Set(shapes.map((s) => s.id));
    for (const [id, { layer }] of this.drawn) {
      if (wanted.has(id)) continue;
      this.removeLayer(layer);
      this.drawn.delete(id);
      if (this.selectedId === id) this.selectedId = null;
    }
    for (const shape of shapes) {
      if (this.drawn.has(shape.id)) continue;
      const layer = createLayer(shape);
      this.idOf.set(layer, shape.id);
      this.drawn.set(shape.id, { shape, layer });
      this.addLayer(layer);
      if (shape.id === this.selectedId) layer.setStyle(shapeStyles.selected);
    }
    return this.counts();
  }

  counts(): ShapeCounts {
    let circles = 0;
    for (const { shape } of this.drawn.values()) if (shape.kind === 'circle') circles += 1;
    return { circles, polygons: this.drawn.size - circles };
  }

  /** Highlights one shape (brought to the front) and restores the previous one. */
  select(id: string | null): void {
    const previous = this.selectedId ? this.drawn.get(this.selectedId) : undefined;
    if (previous) previous.layer.setStyle(shapeStyles[previous.shape.kind]);
    this.selectedId = id;
    const next = id ? this.drawn.get(id) : undefined;
    if (next) {
      next.layer.setStyle(shapeStyles.selected);
      next.layer.bringToFront();
    }
  }

  boundsOfShape(id: string): L.LatLngBounds | null {
    return this.drawn.get(id)?.layer.getBounds() ?? null;
  }

  /** A point inside the shape, in the map container's pixels (for tests that click a shape on the canvas). */
  pointOf(id: string, map: L.Map): L.Point | null {
    const drawn = this.drawn.get(id);
    if (!drawn) return null;
    const inside = drawn.layer instanceof L.Circle ? drawn.layer.getLatLng() : drawn.layer.getCenter();
    return map.latLngToContainerPoint(inside);
  }
}
