import { useEffect, useRef } from 'react';
import { useMapInstance } from './MapContext.js';
import { scheduleZoneAreas, type ZoneAreas as ZoneAreasOnMap } from './mapTasks.js';
import type { PublicZone } from '../../common/api/zones.js';

/**
 * The active pre-registration zones with their progress labels (mapTasks.ts adds them). Placed
 * after the coverage overlay, so the zones sit above the coverage and under the marker.
 */
export function ZoneAreas({ zones }: { zones: readonly PublicZone[] }) {
  const map = useMapInstance();
  const onMap = useRef<ZoneAreasOnMap | null>(null);
  // Read when the layers are added, a task later: the zones as they are then.
  const zonesNow = useRef(zones);
  zonesNow.current = zones;

  useEffect(() => {
    const areas = scheduleZoneAreas(map, zonesNow.current);
    onMap.current = areas;
    return () => {
      onMap.current = null;
      areas.undo();
    };
  }, [map]);

  useEffect(() => {
    onMap.current?.show(zones);
  }, [zones]);

  return null;
}
