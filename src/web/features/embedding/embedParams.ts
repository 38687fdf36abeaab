import { DEFAULT_ZOOM, EMBED_MAP_CENTER, EMBED_ZOOM_RANGE } from '../../../common/mapDefaults.js';
import type { LatLng, MapTheme } from '../../map/mapTypes.js';
import type { MapView } from '../../map/startView.js';

/** What the /embed page shows, from its query string (docs/api.md, Embedding the map). */
export interface EmbedParams {
  /** search=false hides the search bar; any other value, or none, shows it. */
  showSearch: boolean;
  /** A CSS height for the map. */
  height: string;
  theme: MapTheme;
  zoom: number;
  center: LatLng;
}

export const EMBED_DEFAULT_HEIGHT = '600px';
/** Light suits the pages a map is usually embedded in. */
export const EMBED_DEFAULT_THEME: MapTheme = 'light';

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
/** A positive CSS length. Only these forms pass, so the value cannot smuggle other CSS in. */
const CSS_LENGTH = /^(\d+(\.\d+)?)(px|vh|dvh|svh|lvh|em|rem|%)?$/;

/** Never throws: every missing or malformed parameter falls back to its default. */
export function parseEmbedParams(query: URLSearchParams | string): EmbedParams {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  return {
    showSearch: params.get('search')?.trim().toLowerCase() !== 'false',
    height: parseHeight(params.get('height')),
    theme: parseTheme(params.get('theme')),
    zoom: parseZoom(params.get('zoom')),
    center: parseLocation(params.get('location')),
  };
}

/**
 * Whether /embed with this query string shows the first screen of /embed without one (search box,
 * theme and height as by default), the one rendered ahead of time (app/prerender.tsx); its
 * location and zoom only move the map, which is not part of that screen.
 */
export function showsDefaultFirstScreen(query: URLSearchParams | string): boolean {
  const asked = parseEmbedParams(query);
  return asked.showSearch && asked.height === EMBED_DEFAULT_HEIGHT && asked.theme === EMBED_DEFAULT_THEME;
}

function parseHeight(raw: string | null): string {
  const match = raw?.trim().toLowerCase().match(CSS_LENGTH);
  const amount = Number(match?.[1]);
  if (!match || !(amount > 0)) return EMBED_DEFAULT_HEIGHT;
  const unit = match[3] ?? 'px';
  // The page inside the iframe has no sized parent, so a percentage means "of the frame": the
  // viewport height of the embedded document.
  return unit === '%' ? `${amount}vh` : `${amount}${unit}`;
}

function parseTheme(raw: string | null): MapTheme {
  const theme = raw?.trim().toLowerCase();
  return theme === 'dark' || theme === 'light' ? theme : EMBED_DEFAULT_THEME;
}

/**
 * Where /embed opens. Its location and zoom parameters win: a location alone opens there at zoom
 * 10, a zoom alone on the start view's centre. With neither (or neither valid), the start view,
 * fitted to the coverage's box when it has one.
 */
export function embedView(query: URLSearchParams | string, start: MapView): MapView {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const location = locationParam(params.get('location'));
  const zoom = zoomParam(params.get('zoom'));
  if (location === null && zoom === null) return start;
  return { center: location ?? start.center, zoom: zoom ?? DEFAULT_ZOOM, bounds: null };
}

function parseZoom(raw: string | null): number {
  return zoomParam(raw) ?? DEFAULT_ZOOM;
}

/** The zoom parameter clamped to 1..18; null when missing or not a number. */
function zoomParam(raw: string | null): number | null {
  const zoom = parseDecimal(raw);
  if (zoom === null) return null;
  return Math.min(EMBED_ZOOM_RANGE.max, Math.max(EMBED_ZOOM_RANGE.min, zoom));
}

function parseLocation(raw: string | null): LatLng {
  return locationParam(raw) ?? { ...EMBED_MAP_CENTER };
}

/** "latitude,longitude" in degrees, each within its range; null when missing or not that. */
function locationParam(raw: string | null): LatLng | null {
  const parts = raw?.split(',');
  if (parts?.length !== 2) return null;
  const lat = parseDecimal(parts[0] ?? null);
  const lng = parseDecimal(parts[1] ?? null);
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

function parseDecimal(raw: string | null): number | null {
  const text = raw?.trim();
  if (!text || !DECIMAL.test(text)) return null;
  return Number(text);
}
