import type { Feature, FeatureCollection, LineString, Point, Polygon } from 'geojson';
import type { CircleLayerSpecification, ExpressionSpecification, FillLayerSpecification, LineLayerSpecification, LngLatBoundsLike } from 'maplibre-gl';
import type { LosResult, TerrainTile } from '../../../common/api/lineOfSight.js';
import type { Tower } from '../../../common/api/towers.js';
import type { LatLng } from '../../map/mapTypes.js';
import { type LinkVerdict, linkVerdict } from './losFormat.js';

/**
 * A clear line is green and solid, a blocked one red and dashed, one to a tower beyond its
 * coverage radius grey and dotted (not analysed, so neither clear nor blocked); a tower marker is
 * blue when its line is clear and grey otherwise.
 */
export const LOS_COLORS = {
  clearLine: '#2e7d32',
  blockedLine: '#d32f2f',
  outOfRangeLine: '#757575',
  clearTower: '#1976d2',
  otherTower: '#9e9e9e',
  target: '#e53935',
  terrainTile: '#8d6e63',
  candidateTower: '#6a1b9a',
} as const;
/** MapLibre line-dasharray of a blocked line, in line widths. */
export const BLOCKED_DASH = [2, 2] as const;
/** MapLibre line-dasharray of a line to an out-of-range tower, in line widths: round dots (with round caps). */
export const OUT_OF_RANGE_DOTS = [0, 2] as const;

export const LOS_SOURCES = { towers: 'los-towers', lines: 'los-lines', tiles: 'los-terrain-tiles' } as const;
export const LOS_LAYERS = {
  tileFill: 'los-terrain-tiles-fill',
  tileLine: 'los-terrain-tiles-line',
  clearLines: 'los-lines-clear',
  blockedLines: 'los-lines-blocked',
  outOfRangeLines: 'los-lines-out-of-range',
  towers: 'los-towers',
} as const;

export interface TowerMarkerProperties {
  id: number;
  name: string;
  /** Clear line of sight to the current target. */
  clear: boolean;
  /** Its path is the one the profile shows. */
  selected: boolean;
}

export interface SightLineProperties {
  tower_id: number;
  clear: boolean;
  /** Clear, blocked or out of range: which of the three line layers draws it. */
  verdict: LinkVerdict;
  selected: boolean;
}

/** The layer that draws a line of each verdict. */
export const SIGHT_LINE_LAYER: Record<LinkVerdict, string> = {
  clear: LOS_LAYERS.clearLines,
  blocked: LOS_LAYERS.blockedLines,
  out_of_range: LOS_LAYERS.outOfRangeLines,
};

type MapTower = Pick<Tower, 'id' | 'name' | 'latitude' | 'longitude' | 'active'>;

/** Only active towers are drawn. */
export function activeTowers<T extends Pick<Tower, 'active'>>(towers: readonly T[]): T[] {
  return towers.filter((tower) => tower.active);
}

function clearIds(result: Pick<LosResult, 'results'> | undefined): Set<number> {
  return new Set((result?.results ?? []).filter((link) => link.has_line_of_sight).map((link) => link.tower_id));
}

/** One point per active tower (GeoJSON is [lng, lat]), knowing which are clear to the target. */
export function towerMarkers(
  towers: readonly MapTower[],
  result: Pick<LosResult, 'results'> | undefined,
  selectedId: number | null,
): FeatureCollection<Point, TowerMarkerProperties> {
  const clear = clearIds(result);
  return {
    type: 'FeatureCollection',
    features: activeTowers(towers).map((tower) => ({
      type: 'Feature',
      id: tower.id,
      geometry: { type: 'Point', coordinates: [tower.longitude, tower.latitude] },
      properties: { id: tower.id, name: tower.name, clear: clear.has(tower.id), selected: tower.id === selectedId },
    })),
  };
}

/** A line from each analysed (active) tower to the target; none without a target. */
export function sightLines(
  towers: readonly MapTower[],
  result: Pick<LosResult, 'results'> | undefined,
  target: LatLng | null,
  selectedId: number | null,
): FeatureCollection<LineString, SightLineProperties> {
  if (!result || !target) return { type: 'FeatureCollection', features: [] };
  const byId = new Map(activeTowers(towers).map((tower) => [tower.id, tower]));
  const features: Feature<LineString, SightLineProperties>[] = [];
  for (const link of result.results) {
    const tower = byId.get(link.tower_id);
    if (!tower) continue;
    features.push({
      type: 'Feature',
      id: link.tower_id,
      geometry: {
        type: 'LineString',
        coordinates: [
          [tower.longitude, tower.latitude],
          [target.lng, target.lat],
        ],
      },
      properties: { tower_id: link.tower_id, clear: link.has_line_of_sight, verdict: linkVerdict(link), selected: link.tower_id === selectedId },
    });
  }
  return { type: 'FeatureCollection', features };
}

/** Each loaded SRTM tile's one-degree square, from (south, west) to (south + 1, west + 1). */
export function tileFootprints(tiles: readonly TerrainTile[]): FeatureCollection<Polygon, { name: string }> {
  return {
    type: 'FeatureCollection',
    features: tiles.map((tile) => {
      const { south, west } = tile;
      return {
        type: 'Feature',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [west, south],
              [west + 1, south],
              [west + 1, south + 1],
              [west, south + 1],
              [west, south],
            ],
          ],
        },
        properties: { name: tile.name },
      };
    }),
  };
}

/** The box around the target and the analysed towers, [[west, south], [east, north]]; null with nothing to show. */
export function analysisBounds(points: readonly LatLng[]): LngLatBoundsLike | null {
  if (points.length === 0) return null;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

const selectedWidth = (normal: number, selected: number): ExpressionSpecification => ['case', ['to-boolean', ['get', 'selected']], selected, normal];

/** Tile footprints (outlined squares) under the lines and towers. */
export function tileLayers(): [FillLayerSpecification, LineLayerSpecification] {
  return [
    { id: LOS_LAYERS.tileFill, type: 'fill', source: LOS_SOURCES.tiles, paint: { 'fill-color': LOS_COLORS.terrainTile, 'fill-opacity': 0.06 } },
    { id: LOS_LAYERS.tileLine, type: 'line', source: LOS_SOURCES.tiles, paint: { 'line-color': LOS_COLORS.terrainTile, 'line-width': 2, 'line-opacity': 0.9 } },
  ];
}

const verdictIs = (verdict: LinkVerdict): ExpressionSpecification => ['==', ['get', 'verdict'], verdict];

/**
 * The sight lines: clear green solid, blocked red dashed, out of range grey dotted (MapLibre cannot
 * vary the dash by feature, hence one layer per verdict, split by a filter), drawn in this order so
 * that an out-of-range line running along an analysed one stays under it. The selected tower's
 * line is drawn wider.
 */
export function sightLineLayers(): [LineLayerSpecification, LineLayerSpecification, LineLayerSpecification] {
  return [
    {
      id: LOS_LAYERS.outOfRangeLines,
      type: 'line',
      source: LOS_SOURCES.lines,
      filter: verdictIs('out_of_range'),
      layout: { 'line-cap': 'round' },
      paint: { 'line-color': LOS_COLORS.outOfRangeLine, 'line-width': selectedWidth(3, 5), 'line-dasharray': [...OUT_OF_RANGE_DOTS] },
    },
    {
      id: LOS_LAYERS.blockedLines,
      type: 'line',
      source: LOS_SOURCES.lines,
      filter: verdictIs('blocked'),
      paint: { 'line-color': LOS_COLORS.blockedLine, 'line-width': selectedWidth(3, 5), 'line-dasharray': [...BLOCKED_DASH] },
    },
    {
      id: LOS_LAYERS.clearLines,
      type: 'line',
      source: LOS_SOURCES.lines,
      filter: ['to-boolean', ['get', 'clear']],
      layout: { 'line-cap': 'round' },
      paint: { 'line-color': LOS_COLORS.clearLine, 'line-width': selectedWidth(3, 5) },
    },
  ];
}

/** One dot per active tower: blue when clear to the target, grey otherwise; the selected one ringed in black. */
export function towerMarkerLayer(): CircleLayerSpecification {
  return {
    id: LOS_LAYERS.towers,
    type: 'circle',
    source: LOS_SOURCES.towers,
    paint: {
      'circle-color': ['case', ['to-boolean', ['get', 'clear']], LOS_COLORS.clearTower, LOS_COLORS.otherTower],
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 5, 10, 8, 14, 10],
      'circle-stroke-color': ['case', ['to-boolean', ['get', 'selected']], '#212121', '#ffffff'],
      'circle-stroke-width': selectedWidth(2, 3),
    },
  };
}
