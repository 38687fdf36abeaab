import type { Map as MapLibreMap } from 'maplibre-gl';
import { createContext, useContext } from 'react';

export const MapContext = createContext<MapLibreMap | null>(null);

/** The loaded map, for components rendered as children of BaseMap (layers, markers). */
export function useMapInstance(): MapLibreMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMapInstance must be used inside a BaseMap');
  return map;
}
