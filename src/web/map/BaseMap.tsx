import 'maplibre-gl/dist/maplibre-gl.css';
import type { Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { MapBounds } from '../../common/api/mapStart.js';
import type { LatLng } from './mapTypes.js';
import { MapContext } from './MapContext.js';
import { FIT_OPTIONS, lngLatBounds, scheduleMapStart } from './mapTasks.js';

export interface BaseMapProps {
  center: LatLng;
  zoom: number;
  /**
   * A box (degrees) to open fitted to instead of center and zoom (the coverage's start view), with
   * START_VIEW_FIT's margin and zoom limits, whatever the map's size.
   */
  bounds?: MapBounds | null;
  style: StyleSpecification;
  /** Accessible name of the map region, e.g. "Coverage map". */
  label: string;
  /**
   * Layers, markers and handlers; rendered once the map's style has loaded (not waiting for tiles,
   * which may never arrive when the tile server is unreachable), with the map in MapContext.
   */
  children?: ReactNode;
}

/**
 * A MapLibre map filling its parent. Later changes of center, zoom, bounds or style are applied to the live
 * map. The camera is written on the map's element after every move (data-center "lat,lng" and
 * data-zoom), where tests and anyone inspecting the page can read it. A new style replaces every layer, so children that add layers must re-add them on the map's
 * 'style.load' event.
 */
export function BaseMap({ center, zoom, bounds = null, style, label, children }: BaseMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  // The map is created once, from the first render's props; the effects below follow later ones.
  const initialProps = useRef({ center, zoom, bounds, style });
  const appliedStyle = useRef(style);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    // MapLibre's start (the WebGL context, the style, the controls) runs as a task of its own (mapTasks.ts).
    const undo = scheduleMapStart(container, initialProps.current, { onReady: setMap, onUnavailable: () => setUnavailable(true) });
    return () => {
      setMap(null);
      undo();
    };
  }, []);

  useEffect(() => {
    if (!map || appliedStyle.current === style) return;
    appliedStyle.current = style;
    map.setStyle(style);
  }, [map, style]);

  // The box by its numbers, so that an equal box in a new object does not move the map.
  const [west, south, east, north] = bounds ? [bounds.west, bounds.south, bounds.east, bounds.north] : [];
  useEffect(() => {
    if (!map) return;
    if (west !== undefined && south !== undefined && east !== undefined && north !== undefined) {
      map.fitBounds(lngLatBounds({ west, south, east, north }), { ...FIT_OPTIONS, animate: false });
    } else {
      map.jumpTo({ center: [center.lng, center.lat], zoom });
    }
  }, [map, center.lat, center.lng, zoom, west, south, east, north]);

  return (
    <div role="region" aria-label={label} style={{ position: 'relative', width: '100%', height: '100%' }}>
      {/* Sized by width and height rather than absolute insets: maplibre-gl.css makes the container
          position: relative, and it may load after this style (the map is a lazily loaded chunk). */}
      <div ref={containerRef} style={{ width: '100%', height: '100%' }} />
      {unavailable && (
        // Plain markup: the public pages draw their maps without MUI.
        <div style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16 }}>
          <p
            role="alert"
            style={{ margin: 0, padding: '6px 16px', borderRadius: 8, background: '#fff4e5', color: '#663c00', font: '0.875rem system-ui, sans-serif' }}
          >
            The map cannot be shown: this browser does not support WebGL or has it turned off.
          </p>
        </div>
      )}
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </div>
  );
}
