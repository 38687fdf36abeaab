import { useEffect } from 'react';
import { COVERAGE_SOURCE_ID, COVERAGE_SOURCE_LAYER, coverageOverlayLayers, coverageSource } from './coverageOverlayLayers.js';

/** performance.mark name set when coverage is first drawn. */
export const COVERAGE_DRAWN_MARK = 'coverage-overlay-drawn';
import { useMapInstance } from './MapContext.js';

/**
 * The coverage polygons from the server's vector tiles, styled by service status. Not interactive:
 * no layer listens for clicks, so a click anywhere reaches the map. A tile that fails to load only
 * leaves a gap; the map keeps working.
 */
export function CoverageOverlay() {
  const map = useMapInstance();

  useEffect(() => {
    const add = () => {
      if (map.getSource(COVERAGE_SOURCE_ID)) return;
      map.addSource(COVERAGE_SOURCE_ID, coverageSource(window.location.origin));
      for (const layer of coverageOverlayLayers()) map.addLayer(layer);
    };
    add();
    // A new basemap style drops every source and layer; put the overlay back on top of it.
    map.on('style.load', add);
    // A user-timing mark the first time coverage is on screen (read by bench/publicMap.ts and any
    // real-user monitoring): the map is idle, so every visible tile is loaded and drawn.
    const markDrawn = () => {
      if (map.querySourceFeatures(COVERAGE_SOURCE_ID, { sourceLayer: COVERAGE_SOURCE_LAYER }).length === 0) return;
      if (performance.getEntriesByName(COVERAGE_DRAWN_MARK).length === 0) performance.mark(COVERAGE_DRAWN_MARK);
      map.off('idle', markDrawn);
    };
    map.on('idle', markDrawn);
    return () => {
      map.off('idle', markDrawn);
      map.off('style.load', add);
      try {
        for (const layer of coverageOverlayLayers()) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
        if (map.getSource(COVERAGE_SOURCE_ID)) map.removeSource(COVERAGE_SOURCE_ID);
      } catch {
        // The map itself is being removed; its layers go with it.
      }
    };
  }, [map]);

  return null;
}
