import { DEFAULT_ZOOM, EMBED_MAP_CENTER } from '../../../common/mapDefaults.js';
import type { LatLng, MapTheme } from '../../map/mapTypes.js';
import { EMBED_DEFAULT_HEIGHT, EMBED_DEFAULT_THEME } from './embedParams.js';

/**
 * The code another website pastes to show the coverage map (the Embed Code Generator screen):
 * the /embed address, iframe code and the embed.js script tag. Everything here is
 * pure: the generator screen and the widget page only render it, and /embed reads it back
 * (embedParams.ts).
 *
 * Decision: URLs and script tags carry only the settings that differ from the /embed page's
 * defaults (search shown, height 600px, light theme, zoom 10, centre -25.7479,28.2293), so the
 * code stays short and every parameter in it is one the admin chose. The generator starts at the
 * public map's start view, whose centre and zoom are then written out like any other choice: code
 * pasted on a partner's site keeps its view when the coverage, and so the start view, changes.
 */

/** The settings of embed code, resolved to valid values. */
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

/** The embed's defaults: height 600px, width 100%, zoom 10. */
export const EMBED_DEFAULT_WIDTH = '100%';

export const DEFAULT_EMBED_CONFIG: EmbedConfig = {
  showSearch: true,
  height: EMBED_DEFAULT_HEIGHT,
  width: EMBED_DEFAULT_WIDTH,
  theme: EMBED_DEFAULT_THEME,
  zoom: DEFAULT_ZOOM,
  location: { ...EMBED_MAP_CENTER },
};

/** The accessible name and tooltip of the embedded frame. */
export const EMBED_FRAME_TITLE = 'Internet coverage map';

/** Units relative to the frame's surroundings rather than fixed sizes. */
const RELATIVE_UNITS = new Set(['%', 'vh', 'dvh', 'svh', 'lvh']);

/** Whether a CSS length depends on its container or the viewport (%, vh...) rather than being fixed. */
export function isRelativeLength(length: string): boolean {
  const unit = length.match(/[a-z%]+$/)?.[0] ?? 'px';
  return RELATIVE_UNITS.has(unit);
}

/** "latitude,longitude", as the location parameter and the generator's location field hold it. */
export function formatLocation(location: LatLng): string {
  return `${location.lat},${location.lng}`;
}

/**
 * Makes text safe inside a double- or single-quoted HTML attribute (and in element content): the
 * five characters that can end an attribute or start markup become character references.
 */
export function escapeHtmlAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `name="value"` with the value escaped. */
function attribute(name: string, value: string): string {
  return `${name}="${escapeHtmlAttribute(value)}"`;
}

/** The /embed query parameters (search, height, theme, zoom, location, in that order) that differ from the page's defaults. */
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
