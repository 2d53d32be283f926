/**
 * The dashboard's map component (react-leaflet `MapContainer` with the shapes in one canvas layer),
 * mounted alone with injected data (no API, no list) and wired the way the Locations page wires it:
 * a selection held in state, a map click selecting without zoom, a fit key. `window.bench` hands it
 * the locations and resolves with the milliseconds until they are drawn. The size matches plain.html.
 */
import { useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Location } from '../../src/contract/location';
import { LocationMap } from '../../src/app/features/locations/components/location-map';
import { afterPaint, type BenchRun } from './after-paint';

let deliver: ((locations: Location[], drawn: () => void) => void) | undefined;

function Harness() {
  const [state, setState] = useState<{ locations: Location[]; drawn?: () => void }>({ locations: [] });
  const [selection, setSelection] = useState<{ id: string; zoom: boolean } | null>(null);
  const selectFromMap = useCallback((id: string) => setSelection({ id, zoom: false }), []);
  useEffect(() => {
    deliver = (locations, drawn) => setState({ locations, drawn });
  }, []);
  return (
    <LocationMap
      locations={state.locations}
      selection={selection}
      onSelect={selectFromMap}
      fitKey={`|${state.locations.length > 0}`}
      onDrawn={() => state.drawn?.()}
      height={800}
    />
  );
}

const bench: BenchRun = async (locations) => {
  const start = performance.now();
  await new Promise<void>((resolve) => deliver?.(locations as Location[], resolve));
  await afterPaint();
  return performance.now() - start;
};
(window as unknown as { bench: BenchRun }).bench = bench;

createRoot(document.getElementById('root') as HTMLElement).render(<Harness />);
