import { Marker } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import type { LatLng } from './mapTypes.js';
import { useMapInstance } from './MapContext.js';

/** How the map moves to a newly placed marker. */
export type CameraMove = 'fly' | 'ease' | 'none';

interface PointMarkerProps {
  point: LatLng;
  /** Accessible name of the marker. */
  label: string;
  /** How the map moves when `point` changes. */
  camera: CameraMove;
  /** For 'fly': the zoom to reach, unless the map is already closer. */
  flyZoom?: number;
  /** Makes the marker draggable; called with where it was dropped. */
  onDragEnd?: (point: LatLng) => void;
  color?: string;
}

/** One marker on the map, following `point`, optionally draggable. */
export function PointMarker({ point, label, camera, flyZoom = 13, onDragEnd, color = '#e53935' }: PointMarkerProps) {
  const map = useMapInstance();
  const markerRef = useRef<Marker | null>(null);
  const latestDragEnd = useRef(onDragEnd);
  latestDragEnd.current = onDragEnd;
  const draggable = onDragEnd !== undefined;

  useEffect(() => {
    const marker = new Marker({ color, draggable }).setLngLat([point.lng, point.lat]).addTo(map);
    marker.getElement().setAttribute('aria-label', label);
    marker.getElement().setAttribute('role', 'img');
    marker.on('dragend', () => {
      const { lat, lng } = marker.getLngLat();
      latestDragEnd.current?.({ lat, lng });
    });
    markerRef.current = marker;
    return () => {
      marker.remove();
      markerRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- The marker is rebuilt only when its look changes; its position follows in the effect below.
  }, [map, color, draggable, label]);

  useEffect(() => {
    markerRef.current?.setLngLat([point.lng, point.lat]);
    const center: [number, number] = [point.lng, point.lat];
    if (camera === 'fly') map.flyTo({ center, zoom: Math.max(map.getZoom(), flyZoom) });
    else if (camera === 'ease') map.easeTo({ center });
  }, [map, point, camera, flyZoom]);

  return null;
}
