import { useEffect, useRef } from 'react';
import { useMapInstance } from './MapContext.js';
import { reloadWirelessOverlay, scheduleWirelessOverlay, showWirelessOverlay } from './mapTasks.js';

/**
 * The towers' predicted wireless coverage from the server's vector tiles, under the coverage
 * overlay (mapTasks.ts adds it), shown or hidden by `visible`. Not interactive; a tile that fails
 * leaves a gap. A screen that watches the footprints passes their `version` (what they are made
 * of): when it changes, the tiles are fetched again, so a footprint that became ready, or was
 * computed again, is drawn without reloading the page.
 */
export function WirelessOverlay({ visible, version }: { visible: boolean; version?: string }) {
  const map = useMapInstance();
  // Read when the source and layer are added, a task later: the visibility and version as they are then.
  const visibleNow = useRef(visible);
  const versionNow = useRef(version);
  useEffect(() => {
    visibleNow.current = visible;
  }, [visible]);

  useEffect(
    () =>
      scheduleWirelessOverlay(
        map,
        () => visibleNow.current,
        () => versionNow.current,
      ),
    [map],
  );

  useEffect(() => {
    if (version === undefined || version === versionNow.current) return;
    versionNow.current = version;
    reloadWirelessOverlay(map, version);
  }, [map, version]);

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
