import { DEFAULT_ZOOM, EMBED_MAP_CENTER, EMBED_ZOOM_RANGE } from '../../../common/mapDefaults.js';
import type { LatLng, MapTheme } from '../../map/mapTypes.js';
import { EMBED_DEFAULT_HEIGHT, EMBED_DEFAULT_THEME } from '../embed/embedParams.js';

/**
 * The code an admin pastes into another website to show the coverage map (SPEC.md section 2,
 * "Embed Code Generator"). Everything here is pure: the screen and the widget page only render it.
 *
 * Decision: URLs and script tags carry only the settings that differ from the /embed page's
 * defaults (search shown, height 600px, light theme, zoom 10, centre -25.7479,28.2293), so the
 * code stays short and every parameter in it is one the admin chose.
 */

/** The settings of the generator, resolved to valid values. */
export interface EmbedConfig {
  showSearch: boolean;
  /** A CSS length: the frame's height (and the map's, see frameHeightParam). */
  height: string;
  /** A CSS length: the frame's width. /embed has no width parameter; it fills its frame. */
  width: string;
  theme: MapTheme;
  zoom: number;
  location: LatLng;
}

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

/** SPEC.md section 9, "Embed defaults": height 600px, width 100%, zoom 10. */
export const EMBED_DEFAULT_WIDTH = '100%';

export const DEFAULT_EMBED_CONFIG: EmbedConfig = {
  showSearch: true,
  height: EMBED_DEFAULT_HEIGHT,
  width: EMBED_DEFAULT_WIDTH,
  theme: EMBED_DEFAULT_THEME,
  zoom: DEFAULT_ZOOM,
  location: { ...EMBED_MAP_CENTER },
};

export const DEFAULT_EMBED_CONFIG_INPUT: EmbedConfigInput = {
  showSearch: true,
  height: EMBED_DEFAULT_HEIGHT,
  width: EMBED_DEFAULT_WIDTH,
  theme: EMBED_DEFAULT_THEME,
  zoom: String(DEFAULT_ZOOM),
  location: formatLocation(EMBED_MAP_CENTER),
};

/** The accessible name and tooltip of the embedded frame. */
export const EMBED_FRAME_TITLE = 'Internet coverage map';

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
/** Units relative to the frame's surroundings rather than fixed sizes. */
const RELATIVE_UNITS = new Set(['%', 'vh', 'dvh', 'svh', 'lvh']);
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Checks every typed value. An invalid one is reported and replaced by its default, so the code
 * shown is always usable (SPEC.md section 5: an invalid zoom falls back to 10).
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

/** Whether a CSS length depends on its container or the viewport (%, vh...) rather than being fixed. */
export function isRelativeLength(length: string): boolean {
  const unit = length.match(/[a-z%]+$/)?.[0] ?? 'px';
  return RELATIVE_UNITS.has(unit);
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

export function formatLocation(location: LatLng): string {
  return `${location.lat},${location.lng}`;
}

/**
 * Makes text safe inside a double- or single-quoted HTML attribute (and in element content): the
 * five characters that can end an attribute or start markup become character references.
 */
export function escapeHtmlAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** `name="value"` with the value escaped. */
function attribute(name: string, value: string): string {
  return `${name}="${escapeHtmlAttribute(value)}"`;
}

/** The /embed query parameters, in SPEC.md's order, that differ from the page's defaults. */
function embedParameters(config: EmbedConfig): [name: string, value: string][] {
  const params: [string, string][] = [];
  if (!config.showSearch) params.push(['search', 'false']);
  if (config.height !== EMBED_DEFAULT_HEIGHT) params.push(['height', config.height]);
  if (config.theme !== EMBED_DEFAULT_THEME) params.push(['theme', config.theme]);
  if (config.zoom !== DEFAULT_ZOOM) params.push(['zoom', String(config.zoom)]);
  if (config.location.lat !== EMBED_MAP_CENTER.lat || config.location.lng !== EMBED_MAP_CENTER.lng) {
    params.push(['location', formatLocation(config.location)]);
  }
  return params;
}

/** The origin of this site without a trailing slash, e.g. https://coverage.example.com. */
function trimOrigin(origin: string): string {
  return origin.replace(/\/+$/, '');
}

/**
 * The address of the embedded map: `${origin}/embed` plus the non-default parameters. Values are
 * URL-encoded, except the comma of location, which is legal in a query and easier to read.
 */
export function buildEmbedUrl(origin: string, config: EmbedConfig): string {
  const query = embedParameters(config)
    .map(([name, value]) => `${name}=${encodeURIComponent(value).replace(/%2C/gi, ',')}`)
    .join('&');
  return `${trimOrigin(origin)}/embed${query ? `?${query}` : ''}`;
}

/**
 * The map height to ask of /embed inside a frame. A fixed height (px, em, rem) is the frame's own,
 * so the map matches it; a relative one (%, vh) sizes the frame from the host page, and the map
 * then fills the frame (100%, which /embed reads as the frame's full height).
 */
export function frameHeightParam(height: string): string {
  return isRelativeLength(height) ? '100%' : height;
}

/** A fixed-size iframe. The size is in the attributes and in style, which also takes vh, em... */
export function buildIframeCode(origin: string, config: EmbedConfig): string {
  const src = buildEmbedUrl(origin, { ...config, height: frameHeightParam(config.height) });
  return (
    `<iframe ${attribute('src', src)} ${attribute('width', config.width)} ${attribute('height', config.height)} ` +
    `${attribute('style', `border:0;width:${config.width};height:${config.height}`)} loading="lazy" ` +
    `${attribute('title', EMBED_FRAME_TITLE)} allow="geolocation"></iframe>`
  );
}

/** The 16:9 wrapper: padding-bottom 56.25% of the width gives the height. */
const RESPONSIVE_WRAPPER_STYLE = 'position:relative;padding-bottom:56.25%;height:0;overflow:hidden';
const RESPONSIVE_FRAME_STYLE = 'position:absolute;top:0;left:0;width:100%;height:100%;border:0';

/**
 * An iframe that keeps a 16:9 shape at any width (the height setting does not apply). The map
 * fills the frame. A width other than 100% goes on an outer box, because the wrapper's percentage
 * padding is measured against its container's width.
 */
export function buildResponsiveIframeCode(origin: string, config: EmbedConfig): string {
  const src = buildEmbedUrl(origin, { ...config, height: '100%' });
  const frame =
    `<iframe ${attribute('src', src)} ${attribute('style', RESPONSIVE_FRAME_STYLE)} loading="lazy" ` +
    `${attribute('title', EMBED_FRAME_TITLE)} allow="geolocation"></iframe>`;
  const wrapper = `<div ${attribute('style', RESPONSIVE_WRAPPER_STYLE)}>\n  ${frame}\n</div>`;
  if (config.width === EMBED_DEFAULT_WIDTH) return wrapper;
  return `<div ${attribute('style', `width:${config.width}`)}>\n${indent(wrapper)}\n</div>`;
}

function indent(code: string): string {
  return code
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

/**
 * One script tag that adds the frame right after itself and keeps its height fitted to the map
 * (public/embed.js; options documented on /widget). The data-* attributes mirror the /embed
 * parameters plus data-width.
 */
export function buildScriptEmbedCode(origin: string, config: EmbedConfig): string {
  const data = scriptEmbedData(config).map(([name, value]) => attribute(name, value));
  const attributes = [attribute('src', `${trimOrigin(origin)}/embed.js`), ...data, 'async'];
  return `<script ${attributes.join(' ')}></script>`;
}

/** The script embed's data-* attributes (names with the prefix) for the settings that differ from the defaults. */
export function scriptEmbedData(config: EmbedConfig): [name: string, value: string][] {
  const data = embedParameters(config).map(([name, value]): [string, string] => [`data-${name}`, value]);
  if (config.width !== EMBED_DEFAULT_WIDTH) data.push(['data-width', config.width]);
  return data;
}

/** SPEC.md section 9: the preview popup is 800x600. */
export const PREVIEW_POPUP_FEATURES = 'width=800,height=600';
