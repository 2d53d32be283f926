import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo, useRef } from 'react';
import { MapContainer, ScaleControl, TileLayer } from 'react-leaflet';
import type { Location } from '../../../../contract/location';
import { toMapShape, type MapShape, type ShapeCounts } from '../model/map-shapes';
import { LocationShapes } from './location-shapes';

export type { LocationMapTestHook } from './location-shapes';

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

/**
 * The Locations map on react-leaflet: `MapContainer` with the canvas renderer (`preferCanvas`), a
 * tile layer or a scale bar, and every shape in one canvas layer (`LocationShapes`), not a React
 * element per shape, so thousands of shapes cost what Leaflet itself costs.
 */
export function LocationMap({ locations, selection, onSelect, fitKey, tileUrl, tileAttribution, onDrawn, height = 560 }: LocationMapProps) {
  const statusRef = useRef<HTMLSpanElement>(null);
  const shapes = useMemo(() => locations.map(toMapShape).filter((s): s is MapShape => s !== null), [locations]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
      <Box
        role="region"
        aria-label="Locations map"
        sx={{
          '& .leaflet-container': {
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            // Without tiles this plain background is the map; shapes and the scale bar sit on it.
            bgcolor: tileUrl ? '#dde3ea' : '#eef2f7',
            fontFamily: 'inherit',
          },
        }}
      >
        <MapContainer preferCanvas worldCopyJump={false} center={[20, 0]} zoom={2} style={{ height }}>
          {tileUrl ? <TileLayer url={tileUrl} attribution={tileAttribution} maxZoom={19} /> : <ScaleControl position="bottomleft" />}
          <LocationShapes shapes={shapes} selection={selection} onSelect={onSelect} fitKey={fitKey} onDrawn={onDrawn} statusRef={statusRef} />
        </MapContainer>
      </Box>
      <Typography ref={statusRef} role="status" variant="caption" sx={{ color: 'text.secondary', minHeight: '1.5em' }} />
    </Box>
  );
}
