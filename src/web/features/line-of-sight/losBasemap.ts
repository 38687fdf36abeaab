import type { RasterLayerSpecification, RasterSourceSpecification, StyleSpecification } from 'maplibre-gl';
import type { PublicConfig } from '../../../common/api/publicConfig.js';

/** The Line of Sight map's type selector; Terrain is the default. */
export const LOS_MAP_TYPES = ['terrain', 'satellite', 'hybrid'] as const;
export type LosMapType = (typeof LOS_MAP_TYPES)[number];
export const LOS_MAP_TYPE_LABELS: Record<LosMapType, string> = { terrain: 'Terrain', satellite: 'Satellite', hybrid: 'Hybrid' };
export const DEFAULT_LOS_MAP_TYPE: LosMapType = 'terrain';

/** Ground colour under the tiles, and the whole map when none are configured or reachable. */
export const LOS_BACKGROUND = '#e8eae3';

/**
 * The map's own style: the background only. The raster tiles of the chosen type are layers added
 * under the drawing (losBasemapLayers), so switching type never drops the towers and lines.
 */
export const LOS_BASE_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': LOS_BACKGROUND } }],
};

/** Ids of the basemap's sources and layers, each prefixed so they can be found and removed. */
export const LOS_BASEMAP_PREFIX = 'los-basemap-';

export interface BasemapLayer {
  id: string;
  source: RasterSourceSpecification;
  layer: RasterLayerSpecification;
}

/**
 * The raster layers of a map type, bottom first: Terrain the terrain tiles, Satellite the imagery,
 * Hybrid the imagery with the labels on top. A type whose tiles are not configured has no layers
 * (the background shows). Attribution travels with each source.
 */
export function losBasemapLayers(losMap: PublicConfig['losMap'] | undefined, type: LosMapType): BasemapLayer[] {
  if (!losMap) return [];
  const parts: [string, PublicConfig['losMap']['terrain']][] =
    type === 'terrain'
      ? [['terrain', losMap.terrain]]
      : type === 'satellite'
        ? [['satellite', losMap.satellite]]
        : [
            ['satellite', losMap.satellite],
            ['labels', losMap.labels],
          ];
  return parts
    .filter(([, tiles]) => tiles.tiles.length > 0)
    .map(([name, tiles]) => {
      const id = `${LOS_BASEMAP_PREFIX}${name}`;
      return {
        id,
        // Beyond its deepest level a source is drawn enlarged rather than asked for tiles that may not
        // exist (topographic tile services commonly stop at 17, imagery at 19).
        source: { type: 'raster', tiles: tiles.tiles, tileSize: 256, attribution: tiles.attribution, maxzoom: name === 'terrain' ? 17 : 19 },
        layer: { id, type: 'raster', source: id },
      };
    });
}
