import type L from 'leaflet';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Tooltip, useMap } from 'react-leaflet';
import { boundsOf, describeDrawn, type MapShape, type ShapeCounts } from '../model/map-shapes';
import { ShapeCanvasLayer } from './shape-canvas-layer';
import type { ShapeLayers } from './shape-layers';

/** What Playwright reaches through `window.__locationMap` (only in automated browsers). */
export interface LocationMapTestHook {
  /** A point inside the shape, in page pixels, or null when it is not drawn. */
  pointOf(id: string): { x: number; y: number } | null;
}

export interface LocationShapesProps {
  shapes: readonly MapShape[];
  selection: { id: string; zoom: boolean } | null;
  onSelect: (id: string) => void;
  fitKey: string;
  onDrawn?: (counts: ShapeCounts) => void;
  /** The status line outside the map, written from here because it tells what Leaflet holds. */
  statusRef: RefObject<HTMLElement | null>;
}

const fitOptions: L.FitBoundsOptions = { padding: [24, 24], maxZoom: 15, animate: false };

/**
 * The shapes inside the react-leaflet map: one canvas layer kept in step with the list, fitted to
 * all shapes when `fitKey` changes, the selection highlighted (and zoomed to when asked), and one
 * tooltip naming the shape under the pointer.
 */
export function LocationShapes({ shapes, selection, onSelect, fitKey, onDrawn, statusRef }: LocationShapesProps) {
  const map = useMap();
  const layersRef = useRef<ShapeLayers>(null);
  const [hoveredName, setHoveredName] = useState('');
  const onSelectRef = useRef(onSelect);
  const onDrawnRef = useRef(onDrawn);
  const fittedKey = useRef<string | null>(null);
  useEffect(() => {
    onSelectRef.current = onSelect;
    onDrawnRef.current = onDrawn;
  });

  // One click handler and one hover handler on the group; events from its shapes propagate to it.
  const eventHandlers = useMemo<L.LeafletEventHandlerFnMap>(() => {
    const shapeOf = (event: L.LeafletEvent) => (event.target as ShapeLayers).shapeOfLayer(event.propagatedFrom as L.Layer | undefined);
    return {
      click: (event) => {
        const shape = shapeOf(event);
        if (shape) onSelectRef.current(shape.id);
      },
      // Synchronous, so the tooltip Leaflet has just opened never shows the previous shape's name.
      mouseover: (event) => flushSync(() => setHoveredName(shapeOf(event)?.name ?? '')),
    };
  }, []);

  useEffect(() => {
    const layers = layersRef.current;
    if (!layers) return;
    // Fit before adding the shapes, from the data itself: the canvas is then drawn once, at the final view.
    if (fittedKey.current !== fitKey && shapes.length > 0) {
      const bounds = boundsOf(shapes);
      if (bounds) map.fitBounds(bounds, fitOptions);
      fittedKey.current = fitKey;
    }
    const drawn = layers.sync(shapes);
    if (statusRef.current) statusRef.current.textContent = describeDrawn(drawn);
    onDrawnRef.current?.(drawn);
  }, [map, shapes, fitKey, statusRef]);

  const selectedId = selection?.id ?? null;
  useEffect(() => {
    layersRef.current?.select(selectedId);
  }, [selectedId, shapes]);

  useEffect(() => {
    const bounds = selection?.zoom ? layersRef.current?.boundsOfShape(selection.id) : null;
    if (bounds) map.fitBounds(bounds, { ...fitOptions, padding: [48, 48], animate: true });
  }, [map, selection]);

  // Lets end-to-end tests click a shape on the canvas; absent for people (navigator.webdriver is false).
  useEffect(() => {
    if (!navigator.webdriver) return;
    const hook: LocationMapTestHook = {
      pointOf(id) {
        const point = layersRef.current?.pointOf(id, map);
        if (!point) return null;
        const box = map.getContainer().getBoundingClientRect();
        return { x: box.left + point.x, y: box.top + point.y };
      },
    };
    (window as unknown as { __locationMap?: LocationMapTestHook }).__locationMap = hook;
    return () => {
      delete (window as unknown as { __locationMap?: LocationMapTestHook }).__locationMap;
    };
  }, [map]);

  return (
    <ShapeCanvasLayer ref={layersRef} eventHandlers={eventHandlers}>
      {/* The name is React text, never HTML (names come from the API). */}
      <Tooltip sticky direction="top">
        {hoveredName}
      </Tooltip>
    </ShapeCanvasLayer>
  );
}
