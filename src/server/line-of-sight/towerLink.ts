import type { LosTowerResult, ProfilePoint } from '../../common/api/lineOfSight.js';
import { PROFILE_MAX_POINTS } from '../../common/api/lineOfSight.js';
import { signalBand } from '../../common/signalBands.js';
import { receivedSignalDbm } from '../../geo/rf/linkBudget.js';
import { analysePath, decimateIndices } from '../../geo/rf/pathProfile.js';
import { freeSpacePathLossDb } from '../../geo/rf/radio.js';
import { distanceM, type LatLng } from '../../geo/sphere.js';
import type { TowerRecord } from '../towers/towerRepository.js';
import type { PathTerrain } from '../terrain/terrain.js';

/** What a link needs of a tower. */
export type LinkTower = Pick<
  TowerRecord,
  'id' | 'name' | 'code' | 'latitude' | 'longitude' | 'height_meters' | 'antenna_height_meters' | 'frequency_ghz' | 'power_dbm' | 'coverage_radius_km'
>;

export interface AntennaGains {
  /** The tower's sector antenna, dBi. */
  towerDbi: number;
  /** The customer's roof antenna (CPE), dBi. */
  cpeDbi: number;
}

const SCALES = [1, 10, 100, 1000, 10_000];

/** `value` rounded to `digits` (0-4) decimals; profiles round thousands of values, so no toFixed or pow. */
function round(value: number, digits: 0 | 1 | 2 | 3 | 4): number {
  const scale = SCALES[digits]!;
  return Math.round(value * scale) / scale;
}

/** Great-circle distance from a tower to a point, metres. */
export function towerDistanceM(tower: LinkTower, target: LatLng): number {
  return distanceM({ lat: tower.latitude, lng: tower.longitude }, target);
}

export function inRange(tower: LinkTower, distance: number): boolean {
  return distance <= tower.coverage_radius_km * 1000;
}

/** A tower beyond its coverage radius: reported out of range, never clear, and not analysed. */
export function outOfRangeLink(tower: LinkTower, distance: number): LosTowerResult {
  return {
    tower_id: tower.id,
    tower_name: tower.name,
    tower_code: tower.code,
    has_line_of_sight: false,
    distance_km: round(distance / 1000, 3),
    signal_strength: null,
    signal_band: 'Unknown',
    in_range: false,
    fresnel_clearance_pct: null,
    fresnel_60_clear: false,
    obstruction: null,
    path_loss_db: null,
    required_height_m: null,
    terrain_source: null,
    profile: [],
  };
}

/** A link's answer, and its profile for drawing, built only when asked for. */
export interface AnalysedLink {
  /** The answer with an empty profile. */
  result: LosTowerResult;
  /**
   * The path's points for the client. Kept in typed arrays until called: an analysis of many
   * towers then holds no small objects while it runs, and young-generation garbage collections
   * stay short (building all profiles as it went made them take 5-7 ms).
   */
  profile(): ProfilePoint[];
}

/**
 * The link from a tower to a target antenna `targetHeightM` above the ground, over `terrain`
 * (docs/radio-model.md): the straight ray over terrain + earth bulge (k = 4/3), the first Fresnel
 * zone, free-space loss plus the knife-edge loss of the worst obstacle, and the received signal.
 */
export function analyseLink(tower: LinkTower, terrain: PathTerrain, targetHeightM: number, gains: AntennaGains): AnalysedLink {
  const frequencyHz = tower.frequency_ghz * 1e9;
  const analysis = analysePath({
    distancesM: terrain.distancesM,
    terrainM: terrain.terrainM,
    txAntennaM: tower.height_meters + tower.antenna_height_meters,
    rxAntennaM: targetHeightM,
    frequencyHz,
  });
  const distance = terrain.distancesM[terrain.distancesM.length - 1] ?? 0;
  const freeSpace = freeSpacePathLossDb(Math.max(distance, 1), frequencyHz);
  const diffraction = analysis.diffractionLossDb;
  const signal = receivedSignalDbm({
    powerDbm: tower.power_dbm,
    txGainDbi: gains.towerDbi,
    rxGainDbi: gains.cpeDbi,
    freeSpaceLossDb: freeSpace,
    diffractionLossDb: diffraction,
  });
  const obstruction = analysis.obstruction;
  const result: LosTowerResult = {
    tower_id: tower.id,
    tower_name: tower.name,
    tower_code: tower.code,
    has_line_of_sight: analysis.clear,
    distance_km: round(distance / 1000, 3),
    signal_strength: round(signal, 1),
    signal_band: signalBand(signal),
    in_range: true,
    fresnel_clearance_pct: Number.isFinite(analysis.worstClearanceRatio) ? round(analysis.worstClearanceRatio * 100, 1) : null,
    fresnel_60_clear: analysis.fresnel60Clear,
    obstruction: obstruction && {
      distance_km: round(obstruction.distanceM / 1000, 3),
      height_m: round(obstruction.heightM, 1),
      cut_m: round(obstruction.cutM, 1),
    },
    path_loss_db: { total: round(freeSpace + diffraction, 2), free_space: round(freeSpace, 2), diffraction: round(diffraction, 2) },
    required_height_m: round(analysis.requiredRxAntennaM, 1),
    terrain_source: terrain.source,
    profile: [],
  };
  const profile = () =>
    decimateIndices(terrain.distancesM.length, PROFILE_MAX_POINTS, obstruction?.index ?? null).map((i): ProfilePoint => ({
      distance_km: round(terrain.distancesM[i]! / 1000, 4),
      terrain_m: round(terrain.terrainM[i]!, 1),
      bulge_m: round(analysis.bulgeM[i]!, 2),
      ray_m: round(analysis.rayM[i]!, 1),
      fresnel_m: round(analysis.fresnelM[i]!, 2),
    }));
  return { result, profile };
}
