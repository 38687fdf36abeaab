import { useEffect } from 'react';
import { useMapInstance } from './MapContext.js';
import { WIRELESS_FILL_LAYER_ID, WIRELESS_SOURCE_ID, wirelessOverlayLayers, wirelessSource } from './wirelessOverlayLayers.js';

/**
 * The towers' predicted wireless coverage from the server's vector tiles, under the coverage
 * overlay, shown or hidden by `visible`. Not interactive; a tile that fails leaves a gap.
 */
export function WirelessOverlay({ visible }: { visible: boolean }) {
  const map = useMapInstance();

  useEffect(() => {
    const add = () => {
      if (map.getSource(WIRELESS_SOURCE_ID)) return;
      map.addSource(WIRELESS_SOURCE_ID, wirelessSource(window.location.origin));
      // Below the first layer of the coverage overlay when it is there, so the providers' own areas stay on top.
      const before = map.getLayer('coverage-fill') ? 'coverage-fill' : undefined;
      for (const layer of wirelessOverlayLayers(true)) map.addLayer(layer, before);
    };
    add();
    map.on('style.load', add);
    return () => {
      map.off('style.load', add);
      try {
        if (map.getLayer(WIRELESS_FILL_LAYER_ID)) map.removeLayer(WIRELESS_FILL_LAYER_ID);
        if (map.getSource(WIRELESS_SOURCE_ID)) map.removeSource(WIRELESS_SOURCE_ID);
      } catch {
        // The map itself is being removed; its layers go with it.
      }
    };
  }, [map]);

  useEffect(() => {
    const apply = () => {
      if (map.getLayer(WIRELESS_FILL_LAYER_ID)) map.setLayoutProperty(WIRELESS_FILL_LAYER_ID, 'visibility', visible ? 'visible' : 'none');
    };
    apply();
    map.on('style.load', apply);
    return () => {
      map.off('style.load', apply);
    };
  }, [map, visible]);

  return null;
}
