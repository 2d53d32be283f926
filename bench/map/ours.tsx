/**
 * The dashboard's map component, mounted alone with injected data (no API, no list): `window.bench`
 * hands it the locations and resolves with the milliseconds until they are drawn.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Location } from '../../src/contract/location';
import { LocationMap } from '../../src/app/features/locations/components/location-map';
import { afterPaint, type BenchRun } from './after-paint';

let deliver: ((locations: Location[], drawn: () => void) => void) | undefined;

function Harness() {
  const [state, setState] = useState<{ locations: Location[]; drawn?: () => void }>({ locations: [] });
  useEffect(() => {
    deliver = (locations, drawn) => setState({ locations, drawn });
  }, []);
  return <LocationMap locations={state.locations} selection={null} onSelect={() => undefined} fitKey="bench" onDrawn={() => state.drawn?.()} height={800} />;
}

const bench: BenchRun = async (locations) => {
  const start = performance.now();
  await new Promise<void>((resolve) => deliver?.(locations as Location[], resolve));
  await afterPaint();
  return performance.now() - start;
};
(window as unknown as { bench: BenchRun }).bench = bench;

createRoot(document.getElementById('root') as HTMLElement).render(<Harness />);
