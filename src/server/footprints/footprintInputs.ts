import { createHash } from 'node:crypto';
import type { RadioSettings } from '../../common/api/radioSettings.js';
import { reliabilityMarginDb } from '../../common/serviceLikelihood.js';
import type { CalibrationModel, TowerCalibration } from '../../geo/rf/calibration/calibrationModel.js';
import type { AntennaPattern } from '../../geo/rf/antenna/antennaPattern.js';
import type { FootprintTower } from '../../geo/rf/footprint.js';
import type { PropagationSettings } from '../../geo/rf/propagationSettings.js';
import type { PatternRecord } from '../antenna-patterns/antennaPatternRepository.js';
import type { ClutterAreaPolygons } from '../../geo/rf/clutterMap.js';
import { areasTouching, type ClutterAreasSnapshot } from '../clutter/clutterAreaService.js';
import { propagationSettingsOf } from '../radio-settings/itmInputs.js';
import type { SectorRecord } from '../towers/sectorRepository.js';
import type { TowerRecord } from '../towers/towerRepository.js';
import type { FootprintSource } from './footprintCompute.js';

/** What a footprint needs of a tower, stored or candidate. */
export type FootprintTowerFields = Pick<
  TowerRecord,
  'latitude' | 'longitude' | 'height_meters' | 'antenna_height_meters' | 'frequency_ghz' | 'power_dbm' | 'coverage_radius_km'
>;

/**
 * What footprints read of the calibration to measured signals, once per coverage revision. The
 * measurements' CalibrationSnapshot answers it (handed in by services.ts): declared here so that
 * footprints/ does not import measurements/, which keys its predictions on footprintInputsKey.
 */
export interface FootprintCalibration {
  /** Each tower's terms and a stable string of them; null when calibration is off or nothing is fitted. */
  lookup: { tower(towerId: number): TowerCalibration; towerHash(towerId: number): string } | null;
  /** The fitted model: its terms for every tower (offset, classes) calibrate a What if candidate. */
  model: Pick<CalibrationModel, 'globalOffsetDb' | 'classOffsetsDb' | 'rangeM'> | null;
  /** σ of the predictions, dB: the reliability margin's spread. */
  sigmaDb: number;
}

/** What every footprint takes from the radio settings: the model and clutter, and the default CPE profile (the receiver); the clutter areas and the calibration. */
export interface FootprintRadio {
  propagation: PropagationSettings;
  /** The clutter areas at the revision the footprints are reconciled at (ClutterAreaService.current). */
  clutter: ClutterAreasSnapshot;
  /** The default CPE profile's gain (dBi) and height above the ground (metres). */
  cpe: { gainDbi: number; heightM: number };
  calibration: FootprintCalibration;
  /**
   * What the band areas take off each cell's signal, dB: drawn at the settings' reliability
   * (reliabilityMarginDb of reliability_percent and the calibration's σ; 0 at 50 %, the median),
   * to the nearest MARGIN_STEP_DB.
   */
  reliabilityMarginDb: number;
}

/**
 * The margin's step, dB. σ moves a little with every measurement imported (it is the measured
 * RMSE), and the margin is in every footprint's key: to the exact decibel, each import would
 * recompute every tower's footprint. A quarter of a decibel is under a cell's worth of reach and
 * well within the spread itself.
 */
export const MARGIN_STEP_DB = 0.25;

/** An active sector with its pattern, and a hash of the pattern's content (what its footprint depends on, not the pattern's id). */
export interface SectorAntenna {
  sector: SectorRecord;
  pattern: AntennaPattern;
  patternHash: string;
}

/**
 * A tower's antennas as a footprint takes them: `sectors` null for a tower without sectors (one
 * omni antenna of `towerDbi`), else its active sectors (none: it radiates nothing).
 */
export interface TowerAntennas {
  sectors: SectorAntenna[] | null;
}

export function footprintRadioOf(settings: RadioSettings, clutter: ClutterAreasSnapshot, calibration: FootprintCalibration): FootprintRadio {
  const profile = settings.cpe_profiles.find((candidate) => candidate.is_default) ?? settings.cpe_profiles[0];
  if (!profile) throw new Error('the radio settings have no CPE profile');
  return {
    propagation: propagationSettingsOf(settings),
    clutter,
    cpe: { gainDbi: profile.gain_dbi, heightM: profile.height_m },
    calibration,
    reliabilityMarginDb: Math.round(reliabilityMarginDb(settings.reliability_percent, calibration.sigmaDb) / MARGIN_STEP_DB) * MARGIN_STEP_DB,
  };
}

/** A stored tower's calibration terms as its footprint's worker takes them; undefined when calibration is off. */
export function towerCalibrationOf(towerId: number, radio: FootprintRadio): TowerCalibration | undefined {
  return radio.calibration.lookup?.tower(towerId);
}

/**
 * The calibration of a tower that does not exist yet (the What if candidate): the terms every tower
 * shares (the global offset and the receiver classes'), none of a sector or of measured residuals,
 * which it has none of. Undefined when calibration is off.
 */
export function candidateCalibrationOf(radio: FootprintRadio): TowerCalibration | undefined {
  const { lookup, model } = radio.calibration;
  if (!lookup || !model) return undefined;
  return { towerId: 0, globalOffsetDb: model.globalOffsetDb, sectorOffsetsDb: {}, classOffsetsDb: model.classOffsetsDb, rangeM: model.rangeM, spatial: null };
}

/** The box a footprint covers, [west, south, east, north] degrees (as footprintService's boundsOf). */
function footprintBox(tower: FootprintTowerFields): [number, number, number, number] {
  const latDeg = (tower.coverage_radius_km * 1000) / 111_195;
  const lngDeg = latDeg / Math.max(Math.cos((tower.latitude * Math.PI) / 180), 1e-6);
  return [tower.longitude - lngDeg, tower.latitude - latDeg, tower.longitude + lngDeg, tower.latitude + latDeg];
}

/** The clutter areas a tower's footprint reads (those whose box overlaps its own), oldest first, as the worker takes them. */
export function footprintClutterAreas(tower: FootprintTowerFields, radio: FootprintRadio): ClutterAreaPolygons[] {
  return areasTouching(radio.clutter, footprintBox(tower)).map(({ code, polygons }) => ({ code, polygons }));
}

/** A stored pattern as the sweep takes it. */
export function antennaPatternOf(record: PatternRecord): AntennaPattern {
  return {
    name: record.name,
    format: record.format as AntennaPattern['format'],
    gainDbi: record.peak_gain_dbi,
    horizontalDb: record.horizontal_db,
    verticalDb: record.vertical_db,
    tiltDeg: record.tilt_deg,
    tiltAzimuthDeg: record.tilt_azimuth_deg,
  };
}

/** A short hash of what a pattern's gains come from: the peak gain, both tables and the file's own tilt. */
export function patternContentHash(pattern: AntennaPattern): string {
  const content = [pattern.gainDbi, pattern.tiltDeg, pattern.tiltAzimuthDeg, pattern.horizontalDb, pattern.verticalDb];
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 32);
}

/** The antennas the worker sweeps for a tower: its sectors (each with its own radio and mount), or the omni antenna. */
export function footprintSourcesOf(tower: FootprintTowerFields, antennas: TowerAntennas, radio: FootprintRadio, towerDbi: number): FootprintSource[] {
  const base: FootprintTower = {
    lat: tower.latitude,
    lng: tower.longitude,
    antennaM: tower.height_meters + tower.antenna_height_meters,
    frequencyHz: tower.frequency_ghz * 1e9,
    radiusM: tower.coverage_radius_km * 1000,
    powerDbm: tower.power_dbm,
    txGainDbi: towerDbi,
    rxGainDbi: radio.cpe.gainDbi,
  };
  if (!antennas.sectors) return [{ tower: base, sectorId: null }];
  return antennas.sectors.map(({ sector, pattern }) => ({
    sectorId: sector.id,
    // The sector's pattern gives the transmit gain toward each cell (txGainDbi is not read).
    tower: { ...base, antennaM: sectorHeightM(tower, sector), frequencyHz: sector.frequency_ghz * 1e9, powerDbm: sector.power_dbm, txGainDbi: 0 },
    antenna: { pattern, mount: { azimuthDeg: sector.azimuth_deg, downtiltDeg: sector.downtilt_deg } },
  }));
}

/** A sector's antenna above the ground, metres: its own height, or the tower's height plus its antenna height. */
export function sectorHeightM(tower: Pick<TowerRecord, 'height_meters' | 'antenna_height_meters'>, sector: Pick<SectorRecord, 'height_m'>): number {
  return sector.height_m ?? tower.height_meters + tower.antenna_height_meters;
}

/**
 * What a footprint depends on, as a short hash: the tower's position and radio, its active sectors
 * (id, mount, radio, height and the content of their pattern; a sector's name is not an input),
 * the model, ITM's parameters, the clutter (uniform, the classes' heights and extra losses, and the
 * content hash of every clutter area whose box overlaps the footprint's: an upload elsewhere
 * recomputes nothing), the default CPE profile's gain and height, the omni antenna's gain, the
 * grid's limit, the terrain under it (`terrain`, its signature), this tower's calibration terms
 * when calibration is on (a fit that moves only other towers' terms recomputes nothing here) and
 * the reliability margin the band areas are drawn at (the reliability and σ as they draw: a new σ
 * at 50 % redraws nothing).
 */
export function footprintInputsKey(input: {
  /** The tower's id: its calibration terms are keyed by it. */
  towerId: number;
  tower: FootprintTowerFields;
  antennas: TowerAntennas;
  radio: FootprintRadio;
  towerDbi: number;
  maxCells: number;
  terrain: string;
}): string {
  const { tower, antennas, radio } = input;
  const sectors =
    antennas.sectors?.map(({ sector, patternHash }) => [
      sector.id,
      sector.azimuth_deg,
      sector.downtilt_deg,
      sector.frequency_ghz,
      sector.power_dbm,
      sectorHeightM(tower, sector),
      patternHash,
    ]) ?? null;
  const inputs = [
    tower.latitude,
    tower.longitude,
    tower.height_meters,
    tower.antenna_height_meters,
    tower.frequency_ghz,
    tower.power_dbm,
    tower.coverage_radius_km,
    sectors,
    radio.propagation,
    areasTouching(radio.clutter, footprintBox(tower)).map((area) => area.contentHash),
    radio.cpe.gainDbi,
    radio.cpe.heightM,
    input.towerDbi,
    input.maxCells,
    input.terrain,
    radio.calibration.lookup?.towerHash(input.towerId) ?? null,
    radio.reliabilityMarginDb,
  ];
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 32);
}
