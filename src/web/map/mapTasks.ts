/**
 * The map's own work, MapLibre's start and the overlays' sources and layers, run as browser tasks
 * of their own that begin here rather than inside React's render and commit. Two reasons:
 * - Each task stays shorter, and input between them is answered.
 * - The browser counts a task's time against the script whose function began it (what Lighthouse's
 *   "CPU by script" reports). Begun from a React task, MapLibre's WebGL start and layers were counted
 *   as the entry chunk's. vite.config.ts gives this module a chunk of its own ('map-tasks'), so the
 *   entry chunk's figure is React's and the page's own work, and this chunk's is the map's.
 * The components (BaseMap, CoverageOverlay, WirelessOverlay) only schedule these and undo them.
 */
import { Map as MapLibreMap, Marker, NavigationControl } from 'maplibre-gl';
import type { GeoJSONSource, StyleSpecification, VectorTileSource } from 'maplibre-gl';
import type { MapBounds } from '../../common/api/mapStart.js';
import { START_VIEW_FIT } from '../../common/mapDefaults.js';
import { COVERAGE_SOURCE_ID, COVERAGE_SOURCE_LAYER, coverageOverlayLayers, coverageSource } from './coverageOverlayLayers.js';
import type { LatLng } from './mapTypes.js';
import type { PublicZone } from '../../common/api/zones.js';
import { lightenSoftwareRendering } from './softwareRendering.js';
import { ZONE_COLOR, ZONE_SOURCE_ID, zoneAreaLayers, zoneFeatures, zoneSource } from './zoneAreaLayers.js';
import { zoneLabelPoint } from './zoneGeometry.js';
import { zoneProgressText } from './zoneProgress.js';
import { WIRELESS_FILL_LAYER_ID, WIRELESS_SOURCE_ID, wirelessOverlayLayers, wirelessSource, wirelessTilesUrl } from './wirelessOverlayLayers.js';

/** performance.mark name set when coverage is first drawn. */
export const COVERAGE_DRAWN_MARK = 'coverage-overlay-drawn';

/** MapLibre's fitBounds options for a start view's box. */
export const FIT_OPTIONS = { padding: START_VIEW_FIT.paddingPx, maxZoom: START_VIEW_FIT.maxZoom } as const;

export function lngLatBounds(bounds: MapBounds): [[number, number], [number, number]] {
  return [
    [bounds.west, bounds.south],
    [bounds.east, bounds.north],
  ];
}

/** The view and style a map starts from. */
export interface MapStart {
  center: LatLng;
  zoom: number;
  bounds: MapBounds | null;
  style: StyleSpecification;
}

/** What the caller hears of a start: the map once its style has loaded, or that it cannot start (no WebGL). */
export interface MapStartListener {
  onReady: (map: MapLibreMap) => void;
  onUnavailable: () => void;
}

/** Stops whatever a schedule… function began and takes back what it added. */
export type Undo = () => void;

/**
 * Starts a MapLibre map in `container` in a task of its own: the camera written on the element
 * after every move (data-center "lat,lng" and data-zoom) and the zoom buttons. The undo cancels a
 * start not yet run, or removes the map.
 */
export function scheduleMapStart(container: HTMLDivElement, start: MapStart, listener: MapStartListener): Undo {
  const started: { map: MapLibreMap | null } = { map: null };
  const timer = window.setTimeout(runMapStart, 0, container, start, listener, started);
  return () => {
    window.clearTimeout(timer);
    started.map?.remove();
  };
}

function runMapStart(container: HTMLDivElement, start: MapStart, listener: MapStartListener, started: { map: MapLibreMap | null }): void {
  let map: MapLibreMap;
  try {
    map = new MapLibreMap({
      container,
      style: start.style,
      center: [start.center.lng, start.center.lat],
      zoom: start.zoom,
      ...(start.bounds ? { bounds: lngLatBounds(start.bounds), fitBoundsOptions: FIT_OPTIONS } : {}),
      attributionControl: { compact: true },
    });
  } catch (error) {
    // Without WebGL MapLibre cannot start: the caller says so rather than leave an empty box.
    console.error('The map could not be created', error);
    listener.onUnavailable();
    return;
  }
  started.map = map;
  const showCamera = () => {
    const { lat, lng } = map.getCenter();
    container.dataset.center = `${lat.toFixed(5)},${lng.toFixed(5)}`;
    container.dataset.zoom = map.getZoom().toFixed(2);
  };
  showCamera();
  map.on('moveend', showCamera);
  lightenSoftwareRendering(map);
  map.addControl(new NavigationControl({ showCompass: false }), 'bottom-right');
  // 'style.load' rather than 'load': 'load' waits for the first tiles, and a tile server that
  // never answers would otherwise keep the overlay, the marker and map clicks away.
  map.once('style.load', () => listener.onReady(map));
}

/**
 * Adds the coverage polygons (the server's vector tiles, styled by service status) in a task of
 * their own, again after every new basemap style, and marks COVERAGE_DRAWN_MARK the first time
 * they are on screen. Not interactive: a click anywhere reaches the map.
 */
export function scheduleCoverageOverlay(map: MapLibreMap): Undo {
  const add = () => {
    if (map.getSource(COVERAGE_SOURCE_ID)) return;
    map.addSource(COVERAGE_SOURCE_ID, coverageSource(window.location.origin));
    for (const layer of coverageOverlayLayers()) map.addLayer(layer);
  };
  // A user-timing mark the first time coverage is on screen (read by bench/publicMap.ts and any
  // real-user monitoring): the map is idle, so every visible tile is loaded and drawn.
  const markDrawn = () => {
    if (map.querySourceFeatures(COVERAGE_SOURCE_ID, { sourceLayer: COVERAGE_SOURCE_LAYER }).length === 0) return;
    if (performance.getEntriesByName(COVERAGE_DRAWN_MARK).length === 0) performance.mark(COVERAGE_DRAWN_MARK);
    map.off('idle', markDrawn);
  };
  const timer = window.setTimeout(add, 0);
  // A new basemap style drops every source and layer; put the overlay back on top of it.
  map.on('style.load', add);
  map.on('idle', markDrawn);
  return () => {
    window.clearTimeout(timer);
    map.off('idle', markDrawn);
    map.off('style.load', add);
    removeQuietly(() => {
      for (const layer of coverageOverlayLayers()) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(COVERAGE_SOURCE_ID)) map.removeSource(COVERAGE_SOURCE_ID);
    });
  };
}

/**
 * Adds the towers' predicted wireless coverage in a task of its own, under the coverage overlay
 * when it is there (the providers' own areas stay on top), hidden until `showWirelessOverlay`.
 * `version` is read when the source is added (see wirelessTilesUrl).
 */
export function scheduleWirelessOverlay(map: MapLibreMap, visible: () => boolean, version: () => string | undefined = () => undefined): Undo {
  const add = () => {
    if (map.getSource(WIRELESS_SOURCE_ID)) return;
    map.addSource(WIRELESS_SOURCE_ID, wirelessSource(window.location.origin, version()));
    const before = map.getLayer('coverage-fill') ? 'coverage-fill' : undefined;
    for (const layer of wirelessOverlayLayers(visible())) map.addLayer(layer, before);
  };
  const timer = window.setTimeout(add, 0);
  map.on('style.load', add);
  return () => {
    window.clearTimeout(timer);
    map.off('style.load', add);
    removeQuietly(() => {
      if (map.getLayer(WIRELESS_FILL_LAYER_ID)) map.removeLayer(WIRELESS_FILL_LAYER_ID);
      if (map.getSource(WIRELESS_SOURCE_ID)) map.removeSource(WIRELESS_SOURCE_ID);
    });
  };
}

/** Fetches the wireless overlay's tiles again at the address of `version`, once it is on the map (before that, it is added with it). */
export function reloadWirelessOverlay(map: MapLibreMap, version: string): void {
  map.getSource<VectorTileSource>(WIRELESS_SOURCE_ID)?.setTiles([wirelessTilesUrl(window.location.origin, version)]);
}

/** Shows or hides the wireless overlay once it is on the map (before that, its layer is added as `visible` says). */
export function showWirelessOverlay(map: MapLibreMap, visible: boolean): void {
  if (map.getLayer(WIRELESS_FILL_LAYER_ID)) map.setLayoutProperty(WIRELESS_FILL_LAYER_ID, 'visibility', visible ? 'visible' : 'none');
}

/** The zones on a map: `show` draws a new list (before the layers are added, they start with it); `undo` takes them away. */
export interface ZoneAreas {
  show: (zones: readonly PublicZone[]) => void;
  undo: Undo;
}

/**
 * Adds the pre-registration zones (a light fill and a dashed outline, above the coverage, under the
 * marker) in a task of their own, again after every new basemap style, each with its name and
 * progress as a label in the page (the basemap has no fonts for map text). Labels let clicks through
 * to the map, where a click checks the spot as anywhere else.
 */
export function scheduleZoneAreas(map: MapLibreMap, initial: readonly PublicZone[]): ZoneAreas {
  let zones = initial;
  let labels: Marker[] = [];
  const relabel = () => {
    for (const label of labels) label.remove();
    labels = zones.flatMap((zone) => {
      const at = zoneLabelPoint(zone.geometry);
      return at ? [zoneLabel(zone).setLngLat(at).addTo(map)] : [];
    });
    // addTo names every marker "Map marker"; the label's own words are its name.
    for (const [k, label] of labels.entries()) labelAccessibly(label, zones[k] as PublicZone);
  };
  const add = () => {
    if (map.getSource(ZONE_SOURCE_ID)) return;
    map.addSource(ZONE_SOURCE_ID, zoneSource(zones));
    for (const layer of zoneAreaLayers()) map.addLayer(layer);
  };
  const timer = window.setTimeout(() => {
    add();
    relabel();
  }, 0);
  map.on('style.load', add);
  return {
    show(next) {
      zones = next;
      const source = map.getSource<GeoJSONSource>(ZONE_SOURCE_ID);
      if (!source) return;
      source.setData(zoneFeatures(zones));
      relabel();
    },
    undo() {
      window.clearTimeout(timer);
      map.off('style.load', add);
      for (const label of labels) label.remove();
      removeQuietly(() => {
        for (const layer of zoneAreaLayers()) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
        if (map.getSource(ZONE_SOURCE_ID)) map.removeSource(ZONE_SOURCE_ID);
      });
    },
  };
}

/** A zone's label: its name over its progress ("87 of 120 — help bring fibre to Bredasdorp"). */
function zoneLabel(zone: PublicZone): Marker {
  const element = document.createElement('div');
  element.className = 'zone-label';
  Object.assign(element.style, {
    pointerEvents: 'none',
    maxWidth: '220px',
    padding: '4px 8px',
    borderRadius: '6px',
    border: `1px solid ${ZONE_COLOR}`,
    background: 'rgba(255, 255, 255, 0.94)',
    color: '#1b1f26',
    font: '12px/1.35 system-ui, sans-serif',
    textAlign: 'center',
  });
  const name = document.createElement('strong');
  name.textContent = zone.name;
  const progress = document.createElement('div');
  progress.textContent = zoneProgressText(zone);
  element.append(name, progress);
  return new Marker({ element });
}

function labelAccessibly(label: Marker, zone: PublicZone): void {
  const element = label.getElement();
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', `Pre-registration zone ${zone.name}: ${zoneProgressText(zone)}`);
}

function removeQuietly(remove: () => void): void {
  try {
    remove();
  } catch {
    // The map itself is being removed; its layers go with it.
  }
}
