import type { FeatureCollection, Point, Polygon } from 'geojson';
import type { CircleLayerSpecification, ExpressionSpecification, FillLayerSpecification, LineLayerSpecification, LngLatBoundsLike } from 'maplibre-gl';
import type { Tower } from '../../../common/api/towers.js';

/** Marker colours: active towers blue, inactive ones grey, as on the Line of Sight map. */
export const TOWER_COLORS = { active: '#1976d2', inactive: '#9e9e9e' } as const;

export const TOWER_POINTS_SOURCE_ID = 'towers';
export const TOWER_AREAS_SOURCE_ID = 'tower-areas';
export const TOWER_POINTS_LAYER_ID = 'tower-points';

/** Properties of each tower feature (GeoJSON coordinates are [lng, lat]). */
export interface TowerFeatureProperties {
  id: number;
  name: string;
  active: boolean;
}

type TowerFields = Pick<Tower, 'id' | 'name' | 'latitude' | 'longitude' | 'active' | 'coverage_radius_km'>;

export function towerPoints(towers: readonly TowerFields[]): FeatureCollection<Point, TowerFeatureProperties> {
  return {
    type: 'FeatureCollection',
    features: towers.map((tower) => ({
      type: 'Feature',
      id: tower.id,
      geometry: { type: 'Point', coordinates: [tower.longitude, tower.latitude] },
      properties: { id: tower.id, name: tower.name, active: tower.active },
    })),
  };
}

/** Mean earth radius, km. */
const EARTH_RADIUS_KM = 6371;
/** Vertices of each coverage circle. */
const CIRCLE_STEPS = 48;

/**
 * Each tower's coverage radius as a polygon: the points at `coverage_radius_km` along the great
 * circle in every direction (spherical earth), so the circles stay round away from the equator.
 */
export function towerAreas(towers: readonly TowerFields[]): FeatureCollection<Polygon, TowerFeatureProperties> {
  return {
    type: 'FeatureCollection',
    features: towers.map((tower) => ({
      type: 'Feature',
      id: tower.id,
      geometry: { type: 'Polygon', coordinates: [circle(tower.latitude, tower.longitude, tower.coverage_radius_km)] },
      properties: { id: tower.id, name: tower.name, active: tower.active },
    })),
  };
}

function circle(latitude: number, longitude: number, radiusKm: number): Array<[number, number]> {
  const toRad = Math.PI / 180;
  const lat1 = latitude * toRad;
  const lng1 = longitude * toRad;
  const angular = radiusKm / EARTH_RADIUS_KM;
  const ring: Array<[number, number]> = [];
  for (let step = 0; step <= CIRCLE_STEPS; step += 1) {
    const bearing = ((step % CIRCLE_STEPS) / CIRCLE_STEPS) * 2 * Math.PI;
    const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
    const lng2 = lng1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
    ring.push([lng2 / toRad, lat2 / toRad]);
  }
  return ring;
}

/** Kilometres per degree of latitude (and of longitude at the equator) on the mean earth sphere. */
const KM_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_KM;

/**
 * The box around the towers and their coverage circles, [[west, south], [east, north]]; null when
 * there are none.
 */
export function towerBounds(towers: readonly Pick<Tower, 'latitude' | 'longitude' | 'coverage_radius_km'>[]): LngLatBoundsLike | null {
  if (towers.length === 0) return null;
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { latitude, longitude, coverage_radius_km: radius } of towers) {
    const dLat = radius / KM_PER_DEGREE;
    // Near the poles a degree of longitude shrinks to nothing: cap the widening at half the globe.
    const dLng = Math.min(180, radius / (KM_PER_DEGREE * Math.max(Math.cos((latitude * Math.PI) / 180), 1e-6)));
    west = Math.min(west, longitude - dLng);
    east = Math.max(east, longitude + dLng);
    south = Math.min(south, latitude - dLat);
    north = Math.max(north, latitude + dLat);
  }
  return [
    [Math.max(-180, west), Math.max(-90, south)],
    [Math.min(180, east), Math.min(90, north)],
  ];
}

/** The tower's colour: blue when its `active` property is true, grey otherwise. */
const byActive = (): ExpressionSpecification => ['case', ['to-boolean', ['get', 'active']], TOWER_COLORS.active, TOWER_COLORS.inactive];

/** Coverage circles (faint fill and outline) under the tower points. */
export function towerAreaLayers(): [FillLayerSpecification, LineLayerSpecification] {
  return [
    {
      id: 'tower-areas-fill',
      type: 'fill',
      source: TOWER_AREAS_SOURCE_ID,
      paint: { 'fill-color': byActive(), 'fill-opacity': 0.08 },
    },
    {
      id: 'tower-areas-line',
      type: 'line',
      source: TOWER_AREAS_SOURCE_ID,
      paint: { 'line-color': byActive(), 'line-opacity': 0.5, 'line-width': 1 },
    },
  ];
}

/** One dot per tower: blue when active, grey when not, with a white ring to stand out on any basemap. */
export function towerPointLayer(): CircleLayerSpecification {
  return {
    id: TOWER_POINTS_LAYER_ID,
    type: 'circle',
    source: TOWER_POINTS_SOURCE_ID,
    paint: {
      'circle-color': byActive(),
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 4, 10, 7, 14, 9],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  };
}
