import 'maplibre-gl/dist/maplibre-gl.css';
import { Map as MapLibreMap, NavigationControl } from 'maplibre-gl';
import type { StyleSpecification } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { MapBounds } from '../../common/api/mapStart.js';
import { START_VIEW_FIT } from '../../common/mapDefaults.js';
import type { LatLng } from './mapTypes.js';
import { MapContext } from './MapContext.js';
import { lightenSoftwareRendering } from './softwareRendering.js';

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

/** MapLibre's fitBounds options for a start view's box. */
const FIT_OPTIONS = { padding: START_VIEW_FIT.paddingPx, maxZoom: START_VIEW_FIT.maxZoom } as const;

function lngLatBounds(bounds: MapBounds): [[number, number], [number, number]] {
  return [
    [bounds.west, bounds.south],
    [bounds.east, bounds.north],
  ];
}

/**
 * A MapLibre map in `container` at the first render's view, with the camera written on the
 * element after every move and the zoom buttons; `onReady` gets it once its style has loaded.
 * Null when MapLibre cannot start (no WebGL).
 */
function startMap(
  container: HTMLDivElement,
  initial: Pick<BaseMapProps, 'center' | 'zoom' | 'bounds' | 'style'>,
  onReady: (map: MapLibreMap) => void,
): MapLibreMap | null {
  let instance: MapLibreMap;
  try {
    instance = new MapLibreMap({
      container,
      style: initial.style,
      center: [initial.center.lng, initial.center.lat],
      zoom: initial.zoom,
      ...(initial.bounds ? { bounds: lngLatBounds(initial.bounds), fitBoundsOptions: FIT_OPTIONS } : {}),
      attributionControl: { compact: true },
    });
  } catch (error) {
    // Without WebGL MapLibre cannot start: the caller says so rather than leave an empty box.
    console.error('The map could not be created', error);
    return null;
  }
  const showCamera = () => {
    const { lat, lng } = instance.getCenter();
    container.dataset.center = `${lat.toFixed(5)},${lng.toFixed(5)}`;
    container.dataset.zoom = instance.getZoom().toFixed(2);
  };
  showCamera();
  instance.on('moveend', showCamera);
  lightenSoftwareRendering(instance);
  instance.addControl(new NavigationControl({ showCompass: false }), 'bottom-right');
  // 'style.load' rather than 'load': 'load' waits for the first tiles, and a tile server that
  // never answers would otherwise keep the overlay, the marker and map clicks away.
  instance.once('style.load', () => onReady(instance));
  return instance;
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
    let instance: MapLibreMap | null = null;
    // MapLibre's start (the WebGL context, the style, the controls) runs as a task of its own
    // rather than inside React's commit: each stays shorter, and input between them is answered.
    const start = window.setTimeout(() => {
      instance = startMap(container, initialProps.current, setMap);
      if (!instance) setUnavailable(true);
    }, 0);
    return () => {
      window.clearTimeout(start);
      setMap(null);
      instance?.remove();
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
