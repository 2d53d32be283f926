import { createElementObject, createLayerComponent, extendContext, type LayerProps } from '@react-leaflet/core';
import type { ReactNode } from 'react';
import { ShapeLayers } from './shape-layers';

/**
 * Every shape of the map as ONE react-leaflet layer: the element is the imperative `ShapeLayers`
 * group (filled through its ref, never a React element per shape, so thousands of shapes cost what
 * Leaflet costs). Children such as a `<Tooltip>` bind to the group, so one tooltip serves all shapes.
 */
export const ShapeCanvasLayer = createLayerComponent<ShapeLayers, LayerProps & { children?: ReactNode }>(function createShapeLayers(_props, context) {
  const layers = new ShapeLayers();
  return createElementObject(layers, extendContext(context, { overlayContainer: layers }));
});
