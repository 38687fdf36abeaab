import { describe, expect, it } from 'vitest';
import { defaultRadioSettings, type RadioSettings } from '../../common/api/radioSettings.js';
import { BUILTIN_PATTERNS } from '../../geo/rf/antenna/builtinPatterns.js';
import { type ClutterAreasSnapshot, noClutterAreas, snapshotOf } from '../clutter/clutterAreaService.js';
import { patternRecord, sectorRecord, towerRecord } from '../testing/fakes.js';
import type { SectorRecord } from '../towers/sectorRepository.js';
import {
  antennaPatternOf,
  type FootprintCalibration,
  footprintInputsKey,
  footprintRadioOf,
  footprintSourcesOf,
  patternContentHash,
  type SectorAntenna,
  type TowerAntennas,
} from './footprintInputs.js';

const SETTINGS = defaultRadioSettings({ gainDbi: 23, heightM: 6 });
const TOWER = towerRecord({ id: 1 });
const PATTERN = antennaPatternOf(patternRecord(1));

function antenna(sector: SectorRecord, pattern = PATTERN): SectorAntenna {
  return { sector, pattern, patternHash: patternContentHash(pattern) };
}

/** One stored clutter area: a square of `sizeDeg` with its south-west corner at (lng, lat), and its content hash. */
function areaAt(lng: number, lat: number, hash: string, sizeDeg = 0.01) {
  const ring = [
    [lng, lat],
    [lng + sizeDeg, lat],
    [lng + sizeDeg, lat + sizeDeg],
    [lng, lat],
  ];
  return {
    id: 1,
    name: 'Pines',
    clutter_class: 'trees' as const,
    file_name: 'pines.kml',
    polygon_count: 1,
    vertex_count: 4,
    west: lng,
    south: lat,
    east: lng + sizeDeg,
    north: lat + sizeDeg,
    content_hash: hash,
    created_at: '2026-11-26T00:00:00.000Z',
    polygons_json: JSON.stringify([[ring]]),
  };
}
/** An area 5 km from the tower (-33.9, 18.55; 10 km radius), and one 1° away. */
const NEAR = areaAt(18.5, -33.92, 'near');
const FAR = areaAt(19.6, -33.9, 'far');

/** Calibration off, σ the default 10 dB. */
const UNCALIBRATED: FootprintCalibration = { lookup: null, model: null, sigmaDb: 10 };

/** Calibration on, each tower's terms named by `hashes` (by tower id). */
function calibratedWith(hashes: Record<number, string>): FootprintCalibration {
  const tower = (towerId: number) => ({
    towerId,
    globalOffsetDb: 0,
    sectorOffsetsDb: {},
    classOffsetsDb: { open: 0, trees: 0, suburban: 0, urban: 0, water: 0 },
    rangeM: 1_000,
    spatial: null,
  });
  return { lookup: { tower, towerHash: (towerId) => hashes[towerId]! }, model: null, sigmaDb: 10 };
}

function keyOf(
  changes: {
    settings?: RadioSettings;
    sectors?: SectorAntenna[] | null;
    tower?: typeof TOWER;
    clutter?: ClutterAreasSnapshot;
    calibration?: FootprintCalibration;
  } = {},
): string {
  const antennas: TowerAntennas = {
    sectors: changes.sectors === undefined ? [antenna(sectorRecord({ id: 7 })), antenna(sectorRecord({ id: 8, azimuth_deg: 180 }))] : changes.sectors,
  };
  return footprintInputsKey({
    towerId: 1,
    tower: changes.tower ?? TOWER,
    antennas,
    radio: footprintRadioOf(changes.settings ?? SETTINGS, changes.clutter ?? noClutterAreas(), changes.calibration ?? UNCALIBRATED),
    towerDbi: 16,
    maxCells: 10_000,
    terrain: 'hgt:N33E018',
  });
}

const withSettings = (changes: Partial<RadioSettings>) => ({ settings: { ...SETTINGS, ...changes } });
const withItm = (changes: Partial<RadioSettings['itm']>) => withSettings({ itm: { ...SETTINGS.itm, ...changes } });
const withDefaultProfile = (changes: Partial<RadioSettings['cpe_profiles'][number]>) =>
  withSettings({ cpe_profiles: SETTINGS.cpe_profiles.map((profile) => (profile.is_default ? { ...profile, ...changes } : profile)) });
const withFirstSector = (changes: Partial<SectorRecord>, pattern = PATTERN) => ({
  sectors: [antenna(sectorRecord({ id: 7, ...changes }), pattern), antenna(sectorRecord({ id: 8, azimuth_deg: 180 }))],
});

describe('the inputs key of a footprint', () => {
  const base = keyOf();

  it.each([
    ['the model', withSettings({ model: 'free_space_knife_edge' })],
    ['the ground permittivity', withItm({ relative_permittivity: 25 })],
    ['the conductivity', withItm({ conductivity_s_per_m: 0.01 })],
    ['the surface refractivity', withItm({ surface_refractivity_n: 320 })],
    ['the radio climate', withItm({ radio_climate: 'maritime_temperate_over_land' })],
    ['the polarisation', withItm({ polarization: 'horizontal' })],
    ['the time percentage', withItm({ time_percent: 90 })],
    ['the location percentage', withItm({ location_percent: 90 })],
    ['the situation percentage', withItm({ situation_percent: 90 })],
    ['the clutter height', withSettings({ clutter_height_m: 8 })],
    ["a clutter class's height", withSettings({ clutter_classes: { ...SETTINGS.clutter_classes, water: { height_m: 2, extra_loss_db: 0 } } })],
    ["a clutter class's extra loss", withSettings({ clutter_classes: { ...SETTINGS.clutter_classes, urban: { height_m: 20, extra_loss_db: 5 } } })],
    ['a clutter area within its reach', { clutter: snapshotOf([NEAR]) }],
    ["that area's content", { clutter: snapshotOf([{ ...NEAR, content_hash: 'replaced' }]) }],
    ["the default CPE profile's gain", withDefaultProfile({ gain_dbi: 25 })],
    ["the default CPE profile's height", withDefaultProfile({ height_m: 8 })],
    ['which profile is the default', withSettings({ cpe_profiles: SETTINGS.cpe_profiles.map((profile) => ({ ...profile, is_default: !profile.is_default })) })],
    ["a sector's id", withFirstSector({ id: 9 })],
    ["a sector's azimuth", withFirstSector({ azimuth_deg: 10 })],
    ["a sector's down-tilt", withFirstSector({ downtilt_deg: 4 })],
    ["a sector's frequency", withFirstSector({ frequency_ghz: 5.2 })],
    ["a sector's power", withFirstSector({ power_dbm: 24 })],
    ["a sector's height", withFirstSector({ height_m: 30 })],
    ["a sector's pattern (its content)", withFirstSector({}, BUILTIN_PATTERNS.find((builtin) => builtin.id === 'sector_60')!.pattern)],
    ["one table entry of a sector's pattern", withFirstSector({}, { ...PATTERN, verticalDb: PATTERN.verticalDb.map((db, i) => (i === 5 ? db + 0.1 : db)) })],
    ["a sector's pattern's own tilt", withFirstSector({}, { ...PATTERN, tiltDeg: 2 })],
    ['a sector going off', { sectors: [antenna(sectorRecord({ id: 7 }))] }],
    ['every sector going off (it radiates nothing)', { sectors: [] }],
    ['the sectors all deleted (an omni tower again)', { sectors: null }],
    ["the tower's radius", { tower: { ...TOWER, coverage_radius_km: 12 } }],
    ['the calibration turned on', { calibration: calibratedWith({ 1: 'terms' }) }],
    ['the reliability the areas are drawn at', withSettings({ reliability_percent: 90 })],
    ['σ, at a reliability other than 50 %', { calibration: { ...UNCALIBRATED, sigmaDb: 6 } }],
  ])('changes with %s', (_name, changes) => {
    expect(keyOf(changes)).not.toBe(base);
  });

  it.each([
    ["a sector's name", withFirstSector({ name: 'North' })],
    ["the pattern's id, with the same content (ids are reused after a delete)", withFirstSector({ antenna_pattern_id: 3 })],
    ["the pattern's name", withFirstSector({}, { ...PATTERN, name: 'Renamed' })],
    ["a sector's height given as the tower's own (45 m)", withFirstSector({ height_m: 45 })],
    [
      'a profile that is not the default',
      withSettings({ cpe_profiles: SETTINGS.cpe_profiles.map((profile) => (profile.is_default ? profile : { ...profile, gain_dbi: 33 })) }),
    ],
    ["the default profile's least usable signal and name", withDefaultProfile({ least_usable_signal_dbm: -75, name: 'Roof' })],
    ['a clutter area beyond its reach', { clutter: snapshotOf([FAR]) }],
  ])('stays the same with %s', (_name, changes) => {
    expect(keyOf(changes)).toBe(base);
  });
});

describe('the inputs key of a calibrated footprint', () => {
  it("changes with this tower's calibration terms, not with another tower's", () => {
    const calibrated = keyOf({ calibration: calibratedWith({ 1: 'a', 2: 'b' }) });
    expect(keyOf({ calibration: calibratedWith({ 1: 'a', 2: 'c' }) })).toBe(calibrated);
    expect(keyOf({ calibration: calibratedWith({ 1: 'z', 2: 'b' }) })).not.toBe(calibrated);
  });

  it('stays the same with σ at the median (50 %), where the areas take no margin', () => {
    const median = withSettings({ reliability_percent: 50 });
    expect(keyOf({ ...median, calibration: { ...UNCALIBRATED, sigmaDb: 6 } })).toBe(keyOf(median));
  });
});

describe('the antennas a footprint sweeps', () => {
  it("gives a tower without sectors one omni antenna of the tower's gain, and a sector its own radio, mount and height", () => {
    const radio = footprintRadioOf(SETTINGS, noClutterAreas(), UNCALIBRATED);
    const [omni] = footprintSourcesOf(TOWER, { sectors: null }, radio, 16);
    expect(omni).toEqual({ sectorId: null, tower: expect.objectContaining({ antennaM: 45, frequencyHz: 5.8e9, powerDbm: 30, txGainDbi: 16, rxGainDbi: 23 }) });
    const [sector] = footprintSourcesOf(TOWER, withFirstSector({ azimuth_deg: 120, height_m: 30, frequency_ghz: 5.2, power_dbm: 24 }), radio, 16);
    expect(sector!.tower).toMatchObject({ antennaM: 30, frequencyHz: 5.2e9, powerDbm: 24, rxGainDbi: 23 });
    expect(sector!.sectorId).toBe(7);
    expect(sector!.antenna).toEqual({ pattern: PATTERN, mount: { azimuthDeg: 120, downtiltDeg: 2 } });
    expect(footprintSourcesOf(TOWER, { sectors: [] }, radio, 16)).toEqual([]);
  });
});
