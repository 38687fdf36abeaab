import type { LosTowerResult, ProfilePoint } from '../../common/api/lineOfSight.js';
import { PROFILE_MAX_POINTS } from '../../common/api/lineOfSight.js';
import { clutterClassOf } from '../../common/api/clutterAreas.js';
import type { CorrectionPoint } from '../../geo/rf/calibration/calibrationModel.js';
import { signalBand } from '../../common/signalBands.js';
import type { AntennaPattern } from '../../geo/rf/antenna/antennaPattern.js';
import { antennaPatternDb } from '../../geo/rf/antenna/antennaPatternDb.js';
import type { ClutterMap } from '../../geo/rf/clutterMap.js';
import { pathLoss, type PathLossResult } from '../../geo/rf/pathLoss.js';
import { decimateIndices } from '../../geo/rf/pathProfile.js';
import { elevationAngleDeg, type PropagationSettings } from '../../geo/rf/propagationSettings.js';
import { distanceM, initialBearingDeg, type LatLng } from '../../geo/sphere.js';
import type { TowerRecord } from '../towers/towerRepository.js';
import type { PathTerrain } from '../terrain/terrain.js';

/** What a link needs of a tower. */
export type LinkTower = Pick<
  TowerRecord,
  'id' | 'name' | 'code' | 'latitude' | 'longitude' | 'height_meters' | 'antenna_height_meters' | 'frequency_ghz' | 'power_dbm' | 'coverage_radius_km'
>;

/** What every link shares: the propagation settings and the gains of the antennas that carry no pattern. */
export interface LinkRadio {
  propagation: PropagationSettings;
  /** The omni antenna of a tower without sectors (TOWER_ANTENNA_GAIN_DBI), dBi. */
  towerDbi: number;
  /** The customer's antenna: the default CPE profile's gain, dBi. */
  cpeDbi: number;
  /** The clutter areas (one map per coverage revision); absent, none: the uniform clutter everywhere. */
  clutter?: ClutterMap;
  /**
   * The calibration to measured signals (docs/radio-model.md, Calibration): a signal correction in
   * dB at a point, added to each antenna's signal before the best is chosen. Absent: calibration
   * off, and path_loss_db.calibration is null.
   */
  calibration?: { correctionDb(point: CorrectionPoint): number };
}

/** An active sector as a link uses it, its pattern read. */
export interface LinkSector {
  id: number;
  name: string;
  /** Where the pattern's boresight points, degrees clockwise from true north. */
  azimuthDeg: number;
  /** Mechanical down-tilt, degrees, positive below the horizon. */
  downtiltDeg: number;
  frequencyGhz: number;
  /** Transmit power into the antenna, dBm. */
  powerDbm: number;
  /** Above ground, metres; null: the tower's height plus its antenna height. */
  heightM: number | null;
  pattern: AntennaPattern;
}

/**
 * What a tower radiates from: null for a tower without sectors (one omni antenna with the tower's
 * own height, frequency and power); otherwise its active sectors, none when every sector is inactive.
 */
export type TowerAntennas = readonly LinkSector[] | null;

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
    propagation_mode: null,
    antenna_pattern_db: null,
    sector_id: null,
    sector_name: null,
    clutter_class: null,
    profile: [],
  };
}

/**
 * A tower in range whose sectors are all inactive: it radiates nothing, so no path is analysed and
 * it never serves (docs/radio-model.md, Sectors).
 */
export function silentLink(tower: LinkTower, distance: number): LosTowerResult {
  return { ...outOfRangeLink(tower, distance), in_range: true };
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

/** One antenna a link may be served by, with what it adds toward the target. */
interface Emitter {
  /** Null for the omni antenna of a tower without sectors. */
  sector: LinkSector | null;
  /** The pattern's attenuation toward the target, dB ≤ 0; 0 for the omni antenna. */
  patternDb: number;
  loss: PathLossResult;
  /** The calibration's signal correction toward the target, dB; null when calibration is off. */
  correctionDb: number | null;
  /** Received signal, the correction included, dBm. */
  signalDbm: number;
}

/**
 * The link from a tower to a target antenna `targetHeightM` above the ground, over `terrain`
 * (docs/radio-model.md): the straight ray over terrain + clutter + earth bulge (k = 4/3), the first
 * Fresnel zone, the loss under the settings' model (pathLoss), and the received signal
 * power + gain toward the target + CPE gain − loss, the loss including the calibration's term when it
 * is on (path_loss_db.calibration, the negative of its signal correction). A tower with sectors is served by the active
 * sector that sees the target with the best signal (by the best signal when none sees it), each analysed from its own height and frequency with its pattern's
 * gain toward the target; all inactive, it radiates nothing (silentLink).
 */
export function analyseLink(
  tower: LinkTower,
  antennas: TowerAntennas,
  target: LatLng,
  terrain: PathTerrain,
  targetHeightM: number,
  radio: LinkRadio,
): AnalysedLink {
  const distance = terrain.distancesM[terrain.distancesM.length - 1] ?? 0;
  if (antennas !== null && antennas.length === 0) return { result: silentLink(tower, distance), profile: () => [] };
  // The class of the clutter area each sample lies in (docs/radio-model.md, Clutter), looked up once for every sector.
  const clutterCodes = radio.clutter && !radio.clutter.isEmpty ? radio.clutter.codesAlong(terrain.lats, terrain.lngs) : undefined;
  // Sectors of one height and frequency share the path's analysis and loss.
  const losses = new Map<string, PathLossResult>();
  const lossFrom = (heightM: number, frequencyGhz: number): PathLossResult => {
    const key = `${heightM}:${frequencyGhz}`;
    let loss = losses.get(key);
    if (!loss) {
      loss = pathLoss(
        {
          distancesM: terrain.distancesM,
          terrainM: terrain.terrainM,
          txAntennaM: heightM,
          rxAntennaM: targetHeightM,
          frequencyHz: frequencyGhz * 1e9,
          ...(clutterCodes && { clutterCodes }),
        },
        radio.propagation,
      );
      losses.set(key, loss);
    }
    return loss;
  };
  const receiverClass = clutterClassOf(clutterCodes?.[clutterCodes.length - 1] ?? 0);
  /** The calibration's correction of one antenna's signal at the target (its sector's offset; null for the omni antenna). */
  const correctionOf = (sectorId: number | null): number | null =>
    radio.calibration
      ? radio.calibration.correctionDb({ towerId: tower.id, sectorId, receiverClass: receiverClass ?? 'open', lat: target.lat, lng: target.lng })
      : null;
  const towerHeightM = tower.height_meters + tower.antenna_height_meters;
  const emitters: Emitter[] = [];
  if (antennas === null) {
    const loss = lossFrom(towerHeightM, tower.frequency_ghz);
    const correctionDb = correctionOf(null);
    emitters.push({
      sector: null,
      patternDb: 0,
      loss,
      correctionDb,
      signalDbm: tower.power_dbm + radio.towerDbi + radio.cpeDbi - loss.totalDb + (correctionDb ?? 0),
    });
  } else {
    const targetTopM = terrain.terrainM[terrain.terrainM.length - 1]! + targetHeightM;
    const bearing = initialBearingDeg({ lat: tower.latitude, lng: tower.longitude }, target);
    for (const sector of antennas) {
      const heightM = sector.heightM ?? towerHeightM;
      const loss = lossFrom(heightM, sector.frequencyGhz);
      // The vertical pattern is read at the target antenna's elevation over the bare ends (propagationSettings.ts).
      const elevation = elevationAngleDeg(distance, terrain.terrainM[0]! + heightM, targetTopM);
      const patternDb = antennaPatternDb(sector.pattern, { azimuthDeg: sector.azimuthDeg, downtiltDeg: sector.downtiltDeg }, bearing, elevation);
      const gainDbi = sector.pattern.gainDbi + patternDb;
      const correctionDb = correctionOf(sector.id);
      emitters.push({
        sector,
        patternDb,
        loss,
        correctionDb,
        signalDbm: sector.powerDbm + gainDbi + radio.cpeDbi - loss.totalDb + (correctionDb ?? 0),
      });
    }
  }
  // Line of sight first, then signal: the rule the footprints unite sectors by, so that a sector
  // with a strong signal over a hill never hides a weaker one that sees the target.
  const best = emitters.reduce((a, b) => (servesBetter(b, a) ? b : a));
  const { loss } = best;
  // The calibration enters the loss as the negative of its signal correction (docs/radio-model.md).
  const calibrationDb = best.correctionDb === null ? null : 0 - best.correctionDb; // 0 − x, not −x: no −0 in the answer
  const analysis = loss.analysis;
  const signal = best.signalDbm;
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
    path_loss_db: {
      total: round(loss.totalDb + (calibrationDb ?? 0), 2),
      free_space: round(loss.freeSpaceDb, 2),
      diffraction: round(loss.diffractionDb, 2),
      model: loss.model,
      itm: loss.itmDb === null ? null : round(loss.itmDb, 2),
      itm_warnings: loss.warnings,
      itm_refusal: loss.itmRefusal,
      clutter: round(loss.clutterDb, 2),
      calibration: calibrationDb === null ? null : round(calibrationDb, 2),
    },
    required_height_m: round(analysis.requiredRxAntennaM, 1),
    terrain_source: terrain.source,
    propagation_mode: loss.mode,
    antenna_pattern_db: round(best.patternDb, 2),
    sector_id: best.sector?.id ?? null,
    sector_name: best.sector?.name ?? null,
    clutter_class: receiverClass,
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

/** Whether emitter `a` serves a target better than `b`: line of sight first, then the stronger signal. */
function servesBetter(a: Emitter, b: Emitter): boolean {
  if (a.loss.analysis.clear !== b.loss.analysis.clear) return a.loss.analysis.clear;
  return a.signalDbm > b.signalDbm;
}
