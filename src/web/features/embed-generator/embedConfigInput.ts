import type { StartView } from '../../../common/api/mapStart.js';
import { DEFAULT_ZOOM, EMBED_MAP_CENTER, EMBED_ZOOM_RANGE } from '../../../common/mapDefaults.js';
import type { LatLng, MapTheme } from '../../map/mapTypes.js';
import type { EmbedConfig } from '../embedding/index.js';
import { EMBED_DEFAULT_HEIGHT, EMBED_DEFAULT_THEME, EMBED_DEFAULT_WIDTH, formatLocation } from '../embedding/index.js';

/**
 * The generator's settings as typed, checked and resolved into the EmbedConfig that the embed code
 * builders (features/embedding) take.
 */

/** The form's values as typed. */
export interface EmbedConfigInput {
  showSearch: boolean;
  height: string;
  width: string;
  theme: MapTheme;
  zoom: string;
  location: string;
}

export type EmbedConfigField = 'height' | 'width' | 'zoom' | 'location';

export const DEFAULT_EMBED_CONFIG_INPUT: EmbedConfigInput = {
  showSearch: true,
  height: EMBED_DEFAULT_HEIGHT,
  width: EMBED_DEFAULT_WIDTH,
  theme: EMBED_DEFAULT_THEME,
  zoom: String(DEFAULT_ZOOM),
  location: formatLocation(EMBED_MAP_CENTER),
};

/** Decimal places of a start view's centre in the location field: 4 is about 10 m. */
const START_LOCATION_DECIMALS = 4;

/**
 * The form's starting values: the embed's defaults, at the place the public map opens when there
 * is a start view (its centre, and its zoom rounded down to a whole level so that the view's
 * box still fits).
 */
export function startEmbedConfigInput(startView: StartView | null | undefined): EmbedConfigInput {
  if (!startView) return DEFAULT_EMBED_CONFIG_INPUT;
  const round = (degrees: number) => Number(degrees.toFixed(START_LOCATION_DECIMALS));
  const zoom = Math.min(EMBED_ZOOM_RANGE.max, Math.max(EMBED_ZOOM_RANGE.min, Math.floor(startView.zoom)));
  return {
    ...DEFAULT_EMBED_CONFIG_INPUT,
    zoom: String(zoom),
    location: formatLocation({ lat: round(startView.center.lat), lng: round(startView.center.lng) }),
  };
}

export const ZOOM_MESSAGE = `Zoom must be a whole number from ${EMBED_ZOOM_RANGE.min} to ${EMBED_ZOOM_RANGE.max}; using ${DEFAULT_ZOOM}.`;
export const LOCATION_FORMAT_MESSAGE = 'Location must be latitude,longitude, e.g. -25.7479,28.2293';
export const LATITUDE_RANGE_MESSAGE = 'Latitude must be between -90 and 90';
export const LONGITUDE_RANGE_MESSAGE = 'Longitude must be between -180 and 180';

/**
 * Heights the /embed page understands (its CSS_LENGTH rule): a number with px, em, rem, %, vh,
 * dvh, svh or lvh, a bare number meaning pixels. Nothing else passes, so no other CSS gets in.
 */
const HEIGHT_LENGTH = /^(\d+(?:\.\d+)?)(px|em|rem|%|vh|dvh|svh|lvh)?$/;
/** Widths: the same, with the viewport-width units instead of the height ones. */
const WIDTH_LENGTH = /^(\d+(?:\.\d+)?)(px|em|rem|%|vw|dvw|svw|lvw)?$/;
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Checks every typed value. An invalid one is reported and replaced by its default, so the code
 * shown is always usable (an invalid zoom falls back to 10).
 */
export function resolveEmbedConfig(input: EmbedConfigInput): {
  config: EmbedConfig;
  problems: Partial<Record<EmbedConfigField, string>>;
} {
  const problems: Partial<Record<EmbedConfigField, string>> = {};

  const height = normalizeCssLength(input.height, HEIGHT_LENGTH);
  if (height === null) problems.height = `Height must be a CSS length such as 600px, 80vh or 100%; using ${EMBED_DEFAULT_HEIGHT}.`;
  const width = normalizeCssLength(input.width, WIDTH_LENGTH);
  if (width === null) problems.width = `Width must be a CSS length such as 100%, 800px or 50rem; using ${EMBED_DEFAULT_WIDTH}.`;

  const zoom = parseZoom(input.zoom);
  if (zoom === null) problems.zoom = ZOOM_MESSAGE;

  const location = parseLocation(input.location);
  if (typeof location === 'string') problems.location = location;

  return {
    config: {
      showSearch: input.showSearch,
      height: height ?? EMBED_DEFAULT_HEIGHT,
      width: width ?? EMBED_DEFAULT_WIDTH,
      theme: input.theme === 'dark' ? 'dark' : 'light',
      zoom: zoom ?? DEFAULT_ZOOM,
      location: typeof location === 'string' ? { ...EMBED_MAP_CENTER } : location,
    },
    problems,
  };
}

/** "600" -> "600px", " 80VH " -> "80vh"; null when not a positive length of the allowed units. */
export function normalizeCssLength(text: string, rule: RegExp = HEIGHT_LENGTH): string | null {
  const match = text.trim().toLowerCase().match(rule);
  if (!match || !(Number(match[1]) > 0)) return null;
  return `${match[1]}${match[2] ?? 'px'}`;
}

/** Empty means the default; otherwise a whole number within 1..18, else null. */
function parseZoom(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return DEFAULT_ZOOM;
  if (!/^\d+$/.test(trimmed)) return null;
  const zoom = Number(trimmed);
  return zoom >= EMBED_ZOOM_RANGE.min && zoom <= EMBED_ZOOM_RANGE.max ? zoom : null;
}

/** "latitude,longitude" in degrees (spaces allowed), or the reason it is not one. Empty means the default. */
export function parseLocation(text: string): LatLng | string {
  const trimmed = text.trim();
  if (trimmed === '') return { ...EMBED_MAP_CENTER };
  const parts = trimmed.split(',').map((part) => part.trim());
  if (parts.length !== 2 || !parts.every((part) => DECIMAL.test(part))) return LOCATION_FORMAT_MESSAGE;
  const lat = Number(parts[0]);
  const lng = Number(parts[1]);
  if (Math.abs(lat) > 90) return LATITUDE_RANGE_MESSAGE;
  if (Math.abs(lng) > 180) return LONGITUDE_RANGE_MESSAGE;
  return { lat, lng };
}

/** The preview popup is 800x600. */
export const PREVIEW_POPUP_FEATURES = 'width=800,height=600';
