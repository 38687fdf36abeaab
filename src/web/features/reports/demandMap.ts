import type { FeatureCollection, Point } from 'geojson';
import type { CircleLayerSpecification, LngLatBoundsLike } from 'maplibre-gl';
import type { MapDataReport } from '../../../common/api/reports.js';
import type { WaitlistPoint } from '../../../common/api/waitlist.js';

/** The demand map's colours: all searches in blue, those that found no coverage in red on top, waitlisted spots in purple. */
export const DEMAND_COLORS = { searches: '#1e88e5', withoutCoverage: '#e53935', waitlisted: '#8e24aa' } as const;

export const DEMAND_SOURCE_ID = 'demand-cells';
export const DEMAND_LAYER_ID = 'demand-searches';
export const DEMAND_UNCOVERED_LAYER_ID = 'demand-without-coverage';
export const WAITLIST_SOURCE_ID = 'demand-waitlist';
export const WAITLIST_LAYER_ID = 'demand-waitlisted-spots';

/** Circle radii in pixels: the smallest cell stays visible, the largest does not hide its neighbours. */
export const CIRCLE_RADIUS = { min: 4, max: 30 } as const;

/**
 * A circle's radius for `count` searches when the busiest cell has `maxCount`: the area, not the
 * radius, grows with the count (radius ~ square root), between CIRCLE_RADIUS.min and .max. 0 for
 * no searches.
 */
export function circleRadius(count: number, maxCount: number, radius: { min: number; max: number } = CIRCLE_RADIUS): number {
  if (count <= 0 || maxCount <= 0) return 0;
  const share = Math.sqrt(Math.min(count, maxCount) / maxCount);
  return Math.round((radius.min + (radius.max - radius.min) * share) * 10) / 10;
}

export interface DemandCellProperties {
  count: number;
  without_coverage: number;
  /** Pixels, for the searches circle. */
  radius: number;
  /** Pixels, for the no-coverage circle drawn on top (0 when every search found coverage). */
  uncovered_radius: number;
}

/**
 * The cells as GeoJSON points ([lng, lat]) with their circle sizes: searches scaled against the
 * busiest cell in view, and the searches without coverage on the same scale, so a red core that
 * fills its circle means nobody there found coverage.
 */
export function demandFeatures(cells: MapDataReport['cells']): FeatureCollection<Point, DemandCellProperties> {
  const maxCount = cells.reduce((max, cell) => Math.max(max, cell.count), 0);
  return {
    type: 'FeatureCollection',
    features: cells.map((cell, index) => ({
      type: 'Feature',
      id: index,
      geometry: { type: 'Point', coordinates: [cell.lng, cell.lat] },
      properties: {
        count: cell.count,
        without_coverage: cell.without_coverage,
        radius: circleRadius(cell.count, maxCount),
        uncovered_radius: circleRadius(cell.without_coverage, maxCount),
      },
    })),
  };
}

/** The box around the cells (each widened by half a cell), [[west, south], [east, north]]; null without cells. */
export function demandBounds(cells: MapDataReport['cells'], cellDeg: number): LngLatBoundsLike | null {
  if (cells.length === 0) return null;
  const half = cellDeg / 2;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { lat, lng } of cells) {
    west = Math.min(west, lng - half);
    east = Math.max(east, lng + half);
    south = Math.min(south, lat - half);
    north = Math.max(north, lat + half);
  }
  return [
    [Math.max(-180, west), Math.max(-85, south)],
    [Math.min(180, east), Math.min(85, north)],
  ];
}

/** What GET /api/reports/map_data is asked for: the map's whole zoom and its visible box. */
export interface DemandView {
  zoom: number;
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The view of a map as the report's query: the zoom rounded down to a whole level, the box
 * clamped to the world (a map panned across the antimeridian shows more than 360°), and rounded to
 * 4 decimals (about 10 m) so tiny drifts do not make new queries.
 */
export function demandView(zoom: number, bounds: { west: number; south: number; east: number; north: number }): DemandView {
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
  const wide = bounds.east - bounds.west >= 360;
  return {
    zoom: Math.max(0, Math.min(22, Math.floor(zoom))),
    west: wide ? -180 : round(clamp(bounds.west, 180)),
    east: wide ? 180 : round(clamp(bounds.east, 180)),
    south: round(clamp(bounds.south, 90)),
    north: round(clamp(bounds.north, 90)),
  };
}

/** The query string of a view for map_data, after the period. */
export function demandViewParams(view: DemandView | null): Record<string, string> {
  if (!view) return {};
  return { zoom: String(view.zoom), west: String(view.west), south: String(view.south), east: String(view.east), north: String(view.north) };
}

/** Every searches circle, blue, sized by its `radius` property, white-edged to stand out on any basemap. */
export function demandCircleLayer(): CircleLayerSpecification {
  return {
    id: DEMAND_LAYER_ID,
    type: 'circle',
    source: DEMAND_SOURCE_ID,
    paint: {
      'circle-color': DEMAND_COLORS.searches,
      'circle-opacity': 0.55,
      'circle-radius': ['get', 'radius'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  };
}

/** The searches without coverage in red, over their cell's blue circle, on the same scale. */
export function uncoveredCircleLayer(): CircleLayerSpecification {
  return {
    id: DEMAND_UNCOVERED_LAYER_ID,
    type: 'circle',
    source: DEMAND_SOURCE_ID,
    filter: ['>', ['get', 'without_coverage'], 0],
    paint: {
      'circle-color': DEMAND_COLORS.withoutCoverage,
      'circle-opacity': 0.85,
      'circle-radius': ['get', 'uncovered_radius'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1,
    },
  };
}

/** The waitlisted spots as GeoJSON points ([lng, lat]); the properties say whose entry it is (null: any provider, no zone). */
export function waitlistFeatures(points: readonly WaitlistPoint[]): FeatureCollection<Point, { provider_id: number | null; zone_id: number | null }> {
  return {
    type: 'FeatureCollection',
    features: points.map((point, index) => ({
      type: 'Feature',
      id: index,
      geometry: { type: 'Point', coordinates: [point.lng, point.lat] },
      properties: { provider_id: point.provider_id, zone_id: point.zone_id },
    })),
  };
}

/**
 * Each waitlisted spot as a small purple dot over the searches circles: one spot is one household,
 * so the dots keep one size, growing a little with the zoom to stay visible among the circles.
 */
export function waitlistCircleLayer(visible: boolean): CircleLayerSpecification {
  return {
    id: WAITLIST_LAYER_ID,
    type: 'circle',
    source: WAITLIST_SOURCE_ID,
    layout: { visibility: visible ? 'visible' : 'none' },
    paint: {
      'circle-color': DEMAND_COLORS.waitlisted,
      'circle-opacity': 0.9,
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 3.5, 12, 6],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1,
    },
  };
}
