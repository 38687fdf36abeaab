import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { CLUTTER_FILL_LAYER_ID, CLUTTER_LINE_LAYER_ID, CLUTTER_SOURCE_ID, clutterAreaLayers } from './clutterAreaLayers.js';
import { useMapInstance } from './MapContext.js';

/** How long after a frame the count of areas drawn is written, ms. */
const REPORT_MS = 200;

const empty = (): FeatureCollection => ({ type: 'FeatureCollection', features: [] });

/**
 * The clutter areas (GET /api/clutter_areas/geojson: properties id, name, clutter_class) filled in
 * their class's colour and outlined. The layers are added when this mounts, so they sit under the
 * layers of components after it; the areas arrive later through setData. Shortly after each redraw
 * the number of areas MapLibre actually drew in the view is written on the map's element
 * (data-clutter-areas-drawn), for the browser tests and anyone inspecting the page: 0 when hidden.
 */
export function ClutterAreas({ areas, visible }: { areas: FeatureCollection | undefined; visible: boolean }) {
  const map = useMapInstance();
  const latest = useRef({ areas, visible });
  latest.current = { areas, visible };

  useEffect(() => {
    // Again after a new style, which drops every source and layer, with what is shown now.
    const add = () => {
      if (map.getSource(CLUTTER_SOURCE_ID)) return;
      map.addSource(CLUTTER_SOURCE_ID, { type: 'geojson', data: latest.current.areas ?? empty() });
      for (const layer of clutterAreaLayers(latest.current.visible)) map.addLayer(layer);
    };
    let reportTimer: number | undefined;
    const reportDrawn = () => {
      reportTimer = undefined;
      if (!map.getLayer(CLUTTER_FILL_LAYER_ID)) return;
      // One area may come back in several pieces (tiles of the source): count them by id.
      const drawn = new Set(map.queryRenderedFeatures({ layers: [CLUTTER_FILL_LAYER_ID] }).map((feature) => feature.properties.id));
      map.getContainer().dataset.clutterAreasDrawn = String(drawn.size);
    };
    // After frames rather than on 'idle': a basemap whose tile server never answers keeps the map
    // from ever being idle. At most once per REPORT_MS however many frames are drawn.
    const scheduleReport = () => {
      reportTimer ??= window.setTimeout(reportDrawn, REPORT_MS);
    };
    add();
    map.on('style.load', add);
    map.on('render', scheduleReport);
    scheduleReport();
    return () => {
      map.off('style.load', add);
      map.off('render', scheduleReport);
      window.clearTimeout(reportTimer);
      try {
        for (const id of [CLUTTER_LINE_LAYER_ID, CLUTTER_FILL_LAYER_ID]) if (map.getLayer(id)) map.removeLayer(id);
        if (map.getSource(CLUTTER_SOURCE_ID)) map.removeSource(CLUTTER_SOURCE_ID);
      } catch {
        // The map itself is being removed; its layers go with it.
      }
    };
  }, [map]);

  useEffect(() => {
    (map.getSource(CLUTTER_SOURCE_ID) as GeoJSONSource | undefined)?.setData(areas ?? empty());
  }, [map, areas]);

  useEffect(() => {
    for (const id of [CLUTTER_FILL_LAYER_ID, CLUTTER_LINE_LAYER_ID])
      if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', visible ? 'visible' : 'none');
  }, [map, visible]);

  return null;
}
