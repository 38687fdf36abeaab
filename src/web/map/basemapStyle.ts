import type { StyleSpecification } from 'maplibre-gl';
import type { PublicConfig } from '../../common/api/publicConfig.js';
import type { MapTheme } from './mapTypes.js';

/** Ground colour behind the tiles, and the whole map when no basemap is configured. */
export const BASEMAP_BACKGROUND: Record<MapTheme, string> = {
  dark: '#1b1f26',
  light: '#eef0f3',
};

/**
 * The MapLibre style for a basemap. The server configures one (dark) raster basemap; the light
 * theme shows the same tiles with their brightness inverted, which turns a dark basemap into a
 * light one without a second tile provider.
 */
export function basemapStyle(basemap: PublicConfig['basemap'] | undefined, theme: MapTheme): StyleSpecification {
  const background = { id: 'background', type: 'background', paint: { 'background-color': BASEMAP_BACKGROUND[theme] } } as const;
  if (!basemap || basemap.tiles.length === 0) {
    return { version: 8, sources: {}, layers: [background] };
  }
  return {
    version: 8,
    sources: {
      basemap: {
        type: 'raster',
        tiles: basemap.tiles,
        tileSize: 256,
        attribution: basemap.attribution,
      },
    },
    layers: [
      background,
      {
        id: 'basemap',
        type: 'raster',
        source: 'basemap',
        paint: theme === 'light' ? { 'raster-brightness-min': 1, 'raster-brightness-max': 0 } : {},
      },
    ],
  };
}
