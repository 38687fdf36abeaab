import type { MapMouseEvent } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import type { LatLng } from './mapTypes.js';
import { useMapInstance } from './MapContext.js';

interface MapClickHandlerProps {
  onClick: (point: LatLng) => void;
}

/** Reports every click on the map (markers and controls excepted) as a point in degrees. */
export function MapClickHandler({ onClick }: MapClickHandlerProps) {
  const map = useMapInstance();
  const latest = useRef(onClick);
  latest.current = onClick;

  useEffect(() => {
    const handle = (event: MapMouseEvent) => latest.current({ lat: event.lngLat.lat, lng: event.lngLat.lng });
    map.on('click', handle);
    return () => {
      map.off('click', handle);
    };
  }, [map]);

  return null;
}
