import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Location } from '../../../../contract/location';
import { boundsOf, describeDrawn, toMapShape, type MapShape, type ShapeCounts } from '../model/map-shapes';
import { ShapeLayers } from './shape-layers';

export interface LocationMapProps {
  locations: readonly Location[];
  /** The highlighted shape; `zoom` (a selection from the list) also zooms to it. A new object re-zooms. */
  selection: { id: string; zoom: boolean } | null;
  onSelect: (id: string) => void;
  /** The map fits all shapes again whenever this changes (a new search, or the last page arrived). */
  fitKey: string;
  /** Tile URL template; without one the map draws on a plain background with a scale bar. */
  tileUrl?: string;
  tileAttribution?: string;
  /** Called after the shapes of a `locations` change were added (the canvas draws on the next frame). */
  onDrawn?: (counts: ShapeCounts) => void;
  height?: number | string;
}

/** What Playwright reaches through `window.__locationMap` (only in automated browsers). */
export interface LocationMapTestHook {
  /** A point inside the shape, in page pixels, or null when it is not drawn. */
  pointOf(id: string): { x: number; y: number } | null;
}

const fitOptions: L.FitBoundsOptions = { padding: [24, 24], maxZoom: 15, animate: false };

/**
 * The Locations map: plain Leaflet driven from one component (no React element per shape, so
 * thousands of shapes cost what Leaflet itself costs), canvas renderer, fitted to all shapes.
 */
export function LocationMap({ locations, selection, onSelect, fitKey, tileUrl, tileAttribution, onDrawn, height = 560 }: LocationMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [engine, setEngine] = useState<{ map: L.Map; layers: ShapeLayers } | null>(null);
  const statusRef = useRef<HTMLSpanElement>(null);
  const onSelectRef = useRef(onSelect);
  const onDrawnRef = useRef(onDrawn);
  const fittedKey = useRef<string | null>(null);
  useEffect(() => {
    onSelectRef.current = onSelect;
    onDrawnRef.current = onDrawn;
  });

  const shapes = useMemo(() => locations.map(toMapShape).filter((s): s is MapShape => s !== null), [locations]);

  // The map lives as long as the component; created in an effect so StrictMode's remount is clean.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, { preferCanvas: true, worldCopyJump: false, center: [20, 0], zoom: 2 });
    if (tileUrl) L.tileLayer(tileUrl, { attribution: tileAttribution, maxZoom: 19 }).addTo(map);
    else L.control.scale({ position: 'bottomleft' }).addTo(map);
    const layers = new ShapeLayers(map, (id) => onSelectRef.current(id));
    setEngine({ map, layers });
    return () => {
      layers.destroy();
      map.remove();
      fittedKey.current = null;
      setEngine(null);
    };
  }, [tileUrl, tileAttribution]);

  useEffect(() => {
    if (!engine) return;
    // Fit before adding the shapes, from the data itself: the canvas is then drawn once, at the final view.
    if (fittedKey.current !== fitKey && shapes.length > 0) {
      const bounds = boundsOf(shapes);
      if (bounds) engine.map.fitBounds(bounds, fitOptions);
      fittedKey.current = fitKey;
    }
    const drawn = engine.layers.sync(shapes);
    // The status line tells what Leaflet holds, so it is written from here, like the canvas.
    if (statusRef.current) statusRef.current.textContent = describeDrawn(drawn);
    onDrawnRef.current?.(drawn);
  }, [engine, shapes, fitKey]);

  const selectedId = selection?.id ?? null;
  useEffect(() => {
    engine?.layers.select(selectedId);
  }, [engine, selectedId, shapes]);

  useEffect(() => {
    const bounds = engine && selection?.zoom ? engine.layers.boundsOf(selection.id) : null;
    if (engine && bounds) engine.map.fitBounds(bounds, { ...fitOptions, padding: [48, 48], animate: true });
  }, [engine, selection]);

  // Lets end-to-end tests click a shape on the canvas; absent for people (navigator.webdriver is false).
  useEffect(() => {
    if (!engine || !navigator.webdriver) return;
    const hook: LocationMapTestHook = {
      pointOf(id) {
        const point = engine.layers.pointOf(id);
        if (!point) return null;
        const box = engine.map.getContainer().getBoundingClientRect();
        return { x: box.left + point.x, y: box.top + point.y };
      },
    };
    (window as unknown as { __locationMap?: LocationMapTestHook }).__locationMap = hook;
    return () => {
      delete (window as unknown as { __locationMap?: LocationMapTestHook }).__locationMap;
    };
  }, [engine]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Box
        ref={containerRef}
        role="region"
        aria-label="Locations map"
        sx={{
          height,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          // Without tiles this plain background is the map; shapes and the scale bar sit on it.
          '&.leaflet-container': { bgcolor: tileUrl ? '#dde3ea' : '#eef2f7', fontFamily: 'inherit' },
        }}
      />
      <Typography ref={statusRef} role="status" variant="caption" sx={{ color: 'text.secondary', minHeight: '1.5em' }} />
    </Box>
  );
}
