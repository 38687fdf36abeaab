import type { FeatureCollection, Point } from 'geojson';
import type { CircleLayerSpecification, LngLatBoundsLike } from 'maplibre-gl';
import type { MeasurementPoint } from '../../../common/api/measurements.js';

export const RESIDUAL_SOURCE_ID = 'measurement-points';
export const RESIDUAL_LAYER_ID = 'measurement-residuals';

/**
 * The diverging scale of a residual (measured − predicted, dB): red where the map promised more
 * than was measured (it overclaims), blue where the signal was stronger, near white where they
 * agree. Residuals beyond ±20 dB take the end colours. (ColorBrewer RdBu, readable by most
 * colour-blind eyes.)
 */
export const RESIDUAL_STOPS: readonly { db: number; color: string }[] = [
  { db: -20, color: '#b2182b' },
  { db: -10, color: '#ef8a62' },
  { db: 0, color: '#f7f7f7' },
  { db: 10, color: '#67a9cf' },
  { db: 20, color: '#2166ac' },
];

/** A measurement without a residual: not yet predicted, out of range, or an install that got no signal. */
export const NO_RESIDUAL_COLOR = '#9e9e9e';

const channels = (hex: string): [number, number, number] => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
const hexOf = (rgb: readonly number[]): string => `#${rgb.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;

/** The colour of a residual in dB on RESIDUAL_STOPS, interpolated in RGB between the stops; null: NO_RESIDUAL_COLOR. */
export function residualColor(residualDb: number | null): string {
  if (residualDb === null || !Number.isFinite(residualDb)) return NO_RESIDUAL_COLOR;
  const first = RESIDUAL_STOPS[0]!;
  const last = RESIDUAL_STOPS[RESIDUAL_STOPS.length - 1]!;
  if (residualDb <= first.db) return first.color;
  if (residualDb >= last.db) return last.color;
  const upper = RESIDUAL_STOPS.findIndex((stop) => stop.db >= residualDb);
  const high = RESIDUAL_STOPS[upper]!;
  const low = RESIDUAL_STOPS[upper - 1]!;
  const share = (residualDb - low.db) / (high.db - low.db);
  const from = channels(low.color);
  const to = channels(high.color);
  return hexOf(from.map((value, i) => value + (to[i]! - value) * share));
}

export interface ResidualPointProperties {
  id: number;
  residual_db: number | null;
  rssi_dbm: number | null;
  source: MeasurementPoint['source'];
  color: string;
}

/** The points as GeoJSON ([lng, lat]) with their colour; those without a residual first, so the coloured ones draw over them. */
export function residualFeatures(points: readonly MeasurementPoint[]): FeatureCollection<Point, ResidualPointProperties> {
  const ordered = [...points].sort((a, b) => Number(a.residual_db !== null) - Number(b.residual_db !== null));
  return {
    type: 'FeatureCollection',
    features: ordered.map((point) => ({
      type: 'Feature',
      id: point.id,
      geometry: { type: 'Point', coordinates: [point.lng, point.lat] },
      properties: { id: point.id, residual_db: point.residual_db, rssi_dbm: point.rssi_dbm, source: point.source, color: residualColor(point.residual_db) },
    })),
  };
}

/** The box around the points, [[west, south], [east, north]], widened a little so a single point is not framed at street level; null without points. */
export function residualBounds(points: readonly MeasurementPoint[], padDeg = 0.005): LngLatBoundsLike | null {
  if (points.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { lat, lng } of points) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [Math.max(-180, west - padDeg), Math.max(-85, south - padDeg)],
    [Math.min(180, east + padDeg), Math.min(85, north + padDeg)],
  ];
}

/** One dot per measurement in its residual's colour, edged dark so the near-white ones show on a light basemap; larger as the map zooms in. */
export function residualCircleLayer(): CircleLayerSpecification {
  return {
    id: RESIDUAL_LAYER_ID,
    type: 'circle',
    source: RESIDUAL_SOURCE_ID,
    paint: {
      'circle-color': ['get', 'color'],
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 6, 3, 14, 7],
      'circle-stroke-color': '#424242',
      'circle-stroke-width': 0.75,
      'circle-opacity': 0.95,
    },
  };
}
