import type { TowerFootprintState } from '../../../common/api/footprints.js';
import type { Feature, FeatureCollection, Point, Polygon } from 'geojson';
import type { CircleLayerSpecification, ExpressionSpecification, FillLayerSpecification, LineLayerSpecification, LngLatBoundsLike } from 'maplibre-gl';
import type { Tower } from '../../../common/api/towers.js';

/** Marker colours: active towers blue, inactive ones grey, as on the Line of Sight map. */
export const TOWER_COLORS = { active: '#1976d2', inactive: '#9e9e9e' } as const;

export const TOWER_POINTS_SOURCE_ID = 'towers';
export const TOWER_AREAS_SOURCE_ID = 'tower-areas';
export const TOWER_POINTS_LAYER_ID = 'tower-points';
export const SECTOR_WEDGES_SOURCE_ID = 'sector-wedges';
export const SECTOR_WEDGES_LAYER_ID = 'sector-wedges-fill';

/** Sector wedges: orange, apart from the blue of the towers and the green of the footprints. */
export const SECTOR_COLOR = '#ef6c00';

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
  const ring: Array<[number, number]> = [];
  for (let step = 0; step <= CIRCLE_STEPS; step += 1) ring.push(destination(latitude, longitude, ((step % CIRCLE_STEPS) / CIRCLE_STEPS) * 360, radiusKm));
  return ring;
}

const TO_RAD = Math.PI / 180;

/** [lng, lat] of the point `distanceKm` from (latitude, longitude) along the great circle leaving at `bearingDeg` (clockwise from north). */
function destination(latitude: number, longitude: number, bearingDeg: number, distanceKm: number): [number, number] {
  const lat1 = latitude * TO_RAD;
  const lng1 = longitude * TO_RAD;
  const bearing = bearingDeg * TO_RAD;
  const angular = distanceKm / EARTH_RADIUS_KM;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
  const lng2 = lng1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2));
  return [lng2 / TO_RAD, lat2 / TO_RAD];
}

/** Properties of each sector wedge: which sector, where it points and how wide its half-power beam is (degrees). */
export interface SectorWedgeProperties {
  tower_id: number;
  tower_name: string;
  sector_id: number;
  name: string;
  azimuth_deg: number;
  beamwidth_deg: number;
  downtilt_deg: number;
}

/** Greatest angle between two vertices of a wedge's arc, degrees. */
const ARC_STEP_DEG = 2;

/**
 * Each active sector of each active tower as a wedge from the tower, centred on the sector's azimuth
 * and as wide as its pattern's horizontal half-power beamwidth (`beamwidthOf` its pattern id; a
 * pattern not known yet draws no wedge), out to the tower's coverage radius: the reach the server
 * analyses, so the wedge shows the slice of the tower's circle the sector serves. A beam of 360°
 * (an omni pattern) is the whole circle.
 */
export function sectorWedges(
  towers: readonly Pick<Tower, 'id' | 'name' | 'latitude' | 'longitude' | 'active' | 'coverage_radius_km' | 'sectors'>[],
  beamwidthOf: (patternId: number) => number | undefined,
): FeatureCollection<Polygon, SectorWedgeProperties> {
  const features: Array<Feature<Polygon, SectorWedgeProperties>> = [];
  for (const tower of towers) {
    if (!tower.active) continue;
    for (const sector of tower.sectors) {
      const width = beamwidthOf(sector.antenna_pattern_id);
      if (!sector.active || width === undefined) continue;
      features.push({
        type: 'Feature',
        id: sector.id,
        geometry: { type: 'Polygon', coordinates: [wedge(tower.latitude, tower.longitude, sector.azimuth_deg, width, tower.coverage_radius_km)] },
        properties: {
          tower_id: tower.id,
          tower_name: tower.name,
          sector_id: sector.id,
          name: sector.name,
          azimuth_deg: sector.azimuth_deg,
          beamwidth_deg: width,
          downtilt_deg: sector.downtilt_deg,
        },
      });
    }
  }
  return { type: 'FeatureCollection', features };
}

/** The closed ring of a wedge: the tower, the arc from azimuth − width/2 to azimuth + width/2 clockwise, back to the tower. */
function wedge(latitude: number, longitude: number, azimuthDeg: number, widthDeg: number, radiusKm: number): Array<[number, number]> {
  if (widthDeg >= 360) return circle(latitude, longitude, radiusKm);
  const steps = Math.max(2, Math.ceil(widthDeg / ARC_STEP_DEG));
  const start = azimuthDeg - widthDeg / 2;
  const centre: [number, number] = [longitude, latitude];
  const ring: Array<[number, number]> = [centre];
  for (let step = 0; step <= steps; step += 1) ring.push(destination(latitude, longitude, start + (widthDeg * step) / steps, radiusKm));
  ring.push(centre);
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

/** Sector wedges: a light fill and a solid edge, over the coverage circles and under the tower points. */
export function sectorWedgeLayers(): [FillLayerSpecification, LineLayerSpecification] {
  return [
    { id: SECTOR_WEDGES_LAYER_ID, type: 'fill', source: SECTOR_WEDGES_SOURCE_ID, paint: { 'fill-color': SECTOR_COLOR, 'fill-opacity': 0.18 } },
    { id: 'sector-wedges-line', type: 'line', source: SECTOR_WEDGES_SOURCE_ID, paint: { 'line-color': SECTOR_COLOR, 'line-opacity': 0.8, 'line-width': 1.5 } },
  ];
}

/**
 * What the ready footprints are: each one's tower and when it was stored. It moves when a footprint
 * becomes ready, is computed again or goes, which is when the map's overlay tiles change.
 */
export function footprintsVersionOf(states: readonly TowerFootprintState[]): string {
  return states
    .filter((state) => state.status === 'ready')
    .map((state) => `${state.tower_id}@${state.updated_at}`)
    .join(',');
}
