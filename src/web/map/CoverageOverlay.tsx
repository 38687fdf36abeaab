import { useEffect } from 'react';
import { useMapInstance } from './MapContext.js';
import { scheduleCoverageOverlay } from './mapTasks.js';

/**
 * The coverage polygons from the server's vector tiles, styled by service status (mapTasks.ts adds
 * them). Not interactive: no layer listens for clicks, so a click anywhere reaches the map. A tile
 * that fails to load only leaves a gap; the map keeps working.
 */
export function CoverageOverlay() {
  const map = useMapInstance();
  useEffect(() => scheduleCoverageOverlay(map), [map]);
  return null;
}
