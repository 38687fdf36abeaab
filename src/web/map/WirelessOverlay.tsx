import { useEffect, useRef } from 'react';
import { useMapInstance } from './MapContext.js';
import { scheduleWirelessOverlay, showWirelessOverlay } from './mapTasks.js';

/**
 * The towers' predicted wireless coverage from the server's vector tiles, under the coverage
 * overlay (mapTasks.ts adds it), shown or hidden by `visible`. Not interactive; a tile that fails
 * leaves a gap.
 */
export function WirelessOverlay({ visible }: { visible: boolean }) {
  const map = useMapInstance();
  // Read when the layer is added, a task later: the visibility as it is then.
  const visibleNow = useRef(visible);
  useEffect(() => {
    visibleNow.current = visible;
  }, [visible]);

  useEffect(() => scheduleWirelessOverlay(map, () => visibleNow.current), [map]);

  useEffect(() => {
    showWirelessOverlay(map, visible);
    const apply = () => showWirelessOverlay(map, visible);
    map.on('style.load', apply);
    return () => {
      map.off('style.load', apply);
    };
  }, [map, visible]);

  return null;
}
