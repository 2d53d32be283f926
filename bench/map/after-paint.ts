/** Resolves after the next frame was rendered: Leaflet's canvas redraw runs in the frame's callbacks, queued before this one. */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

export type BenchRun = (locations: unknown[]) => Promise<number>;
