import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect } from 'react';
import { useMapInstance } from './MapContext.js';
import { WIRELESS_COLOR, WIRELESS_FILL_OPACITY } from './wirelessOverlayLayers.js';

const SOURCE_ID = 'footprint-areas';
const FILL_ID = 'footprint-areas-fill';
const LINE_ID = 'footprint-areas-line';

/**
 * One footprint's band areas (a GeoJSON FeatureCollection from the server: band, rank) drawn as the
 * wireless overlay draws them (deepening towards the tower), with the outer edge outlined. For a candidate tower, whose
 * footprint is not in the public tiles.
 */
export function FootprintAreas({ areas }: { areas: FeatureCollection }) {
  const map = useMapInstance();

  useEffect(() => {
    const add = () => {
      const existing = map.getSource(SOURCE_ID) as GeoJSONSource | undefined;
      if (existing) {
        existing.setData(areas);
        return;
      }
      map.addSource(SOURCE_ID, { type: 'geojson', data: areas });
      map.addLayer({ id: FILL_ID, type: 'fill', source: SOURCE_ID, paint: { 'fill-color': WIRELESS_COLOR, 'fill-opacity': WIRELESS_FILL_OPACITY } });
      map.addLayer({
        id: LINE_ID,
        type: 'line',
        source: SOURCE_ID,
        filter: ['==', ['get', 'rank'], 1],
        paint: { 'line-color': '#333333', 'line-width': 1.5, 'line-dasharray': [2, 1] },
      });
    };
    add();
    map.on('style.load', add);
    return () => {
      map.off('style.load', add);
      try {
        for (const id of [LINE_ID, FILL_ID]) if (map.getLayer(id)) map.removeLayer(id);
        if (map.getSource(SOURCE_ID)) map.removeSource(SOURCE_ID);
      } catch {
        // The map itself is being removed; its layers go with it.
      }
    };
  }, [map, areas]);

  return null;
}
