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
 * The shapes on one Leaflet map, kept in step with a list by id: new shapes are added, gone ones
 * removed, unchanged ones left alone, so pages arriving one after another cost only their own
 * shapes. One feature group carries the single click handler and the single tooltip (no per-shape
 * listeners). Drawing goes to the map's canvas renderer (`preferCanvas`).
 */
export class ShapeLayers {
  private readonly group = L.featureGroup();
  private readonly drawn = new Map<string, Drawn>();
  private readonly idOf = new WeakMap<L.Layer, string>();
  private selectedId: string | null = null;

  constructor(
    private readonly map: L.Map,
    onClick: (id: string) => void,
  ) {
    this.group.addTo(map);
    this.group.on('click', (event) => {
      const id = this.idOf.get(event.propagatedFrom as L.Layer);
      if (id) onClick(id);
    });
    this.group.bindTooltip((layer) => this.label(layer), { sticky: true, direction: 'top' });
  }

  /** The tooltip: the location's name as text, never HTML (names come from the API). */
  private label(layer: L.Layer): HTMLElement {
    const span = document.createElement('span');
    span.textContent = this.drawn.get(this.idOf.get(layer) ?? '')?.shape.name ?? '';
    return span;
  }

  sync(shapes: readonly MapShape[]): ShapeCounts {
    const wanted = new Set(shapes.map((s) => s.id));
    for (const [id, { layer }] of this.drawn) {
      if (wanted.has(id)) continue;
      this.group.removeLayer(layer);
      this.drawn.delete(id);
      if (this.selectedId === id) this.selectedId = null;
    }
    for (const shape of shapes) {
      if (this.drawn.has(shape.id)) continue;
      const layer = createLayer(shape);
      this.idOf.set(layer, shape.id);
      this.drawn.set(shape.id, { shape, layer });
      this.group.addLayer(layer);
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

  boundsOf(id: string): L.LatLngBounds | null {
    return this.drawn.get(id)?.layer.getBounds() ?? null;
  }

  /** A point inside the shape, in the map container's pixels (for tests that click a shape on the canvas). */
  pointOf(id: string): L.Point | null {
    const drawn = this.drawn.get(id);
    if (!drawn) return null;
    const inside = drawn.layer instanceof L.Circle ? drawn.layer.getLatLng() : drawn.layer.getCenter();
    return this.map.latLngToContainerPoint(inside);
  }

  destroy(): void {
    this.group.off();
    this.group.unbindTooltip();
    this.group.remove();
    this.drawn.clear();
  }
}
