import { useEffect, useRef } from 'react';
import { useMapInstance } from '../../map/MapContext.js';
import type { LatLng } from '../../map/mapTypes.js';

interface MapCameraWatcherProps {
  /** Called with the map's centre (degrees) and zoom now and after every move. */
  onChange: (center: LatLng, zoom: number) => void;
}

/** Reports a BaseMap's camera to the component around it (the Public map card's "use this view"). */
export function MapCameraWatcher({ onChange }: MapCameraWatcherProps) {
  const map = useMapInstance();
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    const report = () => {
      const { lat, lng } = map.getCenter();
      latest.current({ lat, lng }, map.getZoom());
    };
    report();
    map.on('moveend', report);
    return () => {
      map.off('moveend', report);
    };
  }, [map]);

  return null;
}
