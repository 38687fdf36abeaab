import { describe, expect, it } from 'vitest';
import { ITM_DEFAULTS } from '../../common/itmInputs.js';
import type { CorrectionPoint } from '../../geo/rf/calibration/calibrationModel.js';
import { BUILTIN_PATTERNS } from '../../geo/rf/antenna/builtinPatterns.js';
import { freeSpacePathLossDb } from '../../geo/rf/radio.js';
import { destinationPoint } from '../../geo/sphere.js';
import type { PathTerrain } from '../terrain/terrain.js';
import { analyseLink, type LinkRadio, type LinkSector, type LinkTower } from './towerLink.js';

const TOWER: LinkTower = {
  id: 7,
  name: 'Kloof Mast',
  code: null,
  latitude: -33.5,
  longitude: 18.2,
  height_meters: 30,
  antenna_height_meters: 0,
  frequency_ghz: 5.8,
  power_dbm: 20,
  coverage_radius_km: 10,
};
/** 5 km due east of the tower (bearing 90°). */
const TARGET = destinationPoint({ lat: TOWER.latitude, lng: TOWER.longitude }, 90, 5_000);
/** A flat plain 100 m above sea level: the ray clears it. */
const PLAIN: PathTerrain = {
  distancesM: Float64Array.from({ length: 51 }, (_, i) => i * 100),
  terrainM: new Float64Array(51).fill(100),
  lats: new Float64Array(51).fill(TOWER.latitude),
  lngs: Float64Array.from({ length: 51 }, (_, i) => TOWER.longitude + (i / 50) * (TARGET.lng - TOWER.longitude)),
  source: 'hgt',
};
const RADIO: LinkRadio = {
  propagation: {
    model: 'free_space_knife_edge',
    itm: { ...ITM_DEFAULTS, timeFraction: 0.5, locationFraction: 0.5, situationFraction: 0.5 },
    clutterHeightM: 0,
  },
  towerDbi: 17,
  cpeDbi: 23,
};
/** The generic 120° sector: 15.2 dBi, 25 dB front to back (A_m of the 3GPP model). */
const SECTOR_120 = BUILTIN_PATTERNS.find((builtin) => builtin.id === 'sector_120')!.pattern;
/** The generic 60° sector: 17.7 dBi, the same 25 dB floor. */
const SECTOR_60 = BUILTIN_PATTERNS.find((builtin) => builtin.id === 'sector_60')!.pattern;
const sector = (id: number, name: string, azimuthDeg: number): LinkSector => ({
  id,
  name,
  azimuthDeg,
  downtiltDeg: 0,
  frequencyGhz: 5.8,
  powerDbm: 20,
  heightM: null,
  pattern: SECTOR_120,
});
const FREE_SPACE_5KM_DB = freeSpacePathLossDb(5_000, 5.8e9);

describe('analyseLink', () => {
  it('answers a tower without sectors as one omni antenna of TOWER_ANTENNA_GAIN_DBI', () => {
    const { result } = analyseLink(TOWER, null, TARGET, PLAIN, 6, RADIO);
    expect(result).toMatchObject({ antenna_pattern_db: 0, sector_id: null, sector_name: null, propagation_mode: null, has_line_of_sight: true });
    expect(result.path_loss_db).toMatchObject({ model: 'free_space_knife_edge', itm: null, clutter: 0, diffraction: 0 });
    expect(result.signal_strength).toBeCloseTo(20 + 17 + 23 - FREE_SPACE_5KM_DB, 1);
  });

  it("names ITM's warnings on a path shorter than the model was fitted on, none on a longer one, and why ITM refused a path", () => {
    const itm: LinkRadio = { ...RADIO, propagation: { ...RADIO.propagation, model: 'itm' } };
    const long = analyseLink(TOWER, null, TARGET, PLAIN, 6, itm).result.path_loss_db!;
    expect(long).toMatchObject({ model: 'itm', itm_warnings: [], itm_refusal: null });
    // 900 m: under ITM's 1 km (NTIA's pathDistanceTooSmall2).
    const near = destinationPoint({ lat: TOWER.latitude, lng: TOWER.longitude }, 90, 900);
    const short: PathTerrain = {
      ...PLAIN,
      distancesM: PLAIN.distancesM.map((d) => d * 0.18),
      lngs: PLAIN.lngs.map((_, i) => TOWER.longitude + (i / 50) * (near.lng - TOWER.longitude)),
    };
    expect(analyseLink(TOWER, null, near, short, 6, itm).result.path_loss_db).toMatchObject({ model: 'itm', itm_warnings: ['pathDistanceTooSmall2'] });
    // ITM takes frequencies from 20 MHz to 20 GHz: at 30 GHz free space plus knife edge stands in, and says why.
    const refused = analyseLink({ ...TOWER, frequency_ghz: 30 }, null, TARGET, PLAIN, 6, itm).result.path_loss_db!;
    expect(refused).toMatchObject({ model: 'free_space_knife_edge', itm: null, itm_warnings: [] });
    expect(refused.itm_refusal).toMatch(/frequency/i);
  });

  it('is served by the sector the target is ahead of, with the pattern at its peak', () => {
    const { result } = analyseLink(TOWER, [sector(1, 'West', 270), sector(2, 'East', 90)], TARGET, PLAIN, 6, RADIO);
    expect(result).toMatchObject({ sector_id: 2, sector_name: 'East' });
    // 0.3° below the horizon: the vertical table's entries 0 (0 dB) and 1 (12 · (1 / 6)² = 0.33 dB), read linearly in field: 0.1 dB.
    expect(result.antenna_pattern_db).toBeLessThanOrEqual(0);
    expect(result.antenna_pattern_db).toBeGreaterThan(-0.15);
    expect(result.signal_strength).toBeCloseTo(20 + 15.2 + result.antenna_pattern_db! + 23 - FREE_SPACE_5KM_DB, 1);
  });

  it('gives a target behind every sector the front-to-back attenuation', () => {
    // 60° sectors reach their 25 dB floor 87° off the boresight: 12 · (87 / 60)² > 25.
    const narrow = (id: number, name: string, azimuthDeg: number) => ({ ...sector(id, name, azimuthDeg), pattern: SECTOR_60 });
    const { result } = analyseLink(TOWER, [narrow(1, 'West', 270), narrow(3, 'South-west', 200)], TARGET, PLAIN, 6, RADIO);
    expect(result.antenna_pattern_db).toBeCloseTo(-25, 0);
    expect(result.signal_strength).toBeCloseTo(20 + 17.7 - 25 + 23 - FREE_SPACE_5KM_DB, 0);
  });

  it('analyses each sector from its own height and frequency', () => {
    const low = { ...sector(1, 'Low', 90), heightM: 10 };
    const high = { ...sector(2, 'High', 90), heightM: 60, frequencyGhz: 2.4 };
    const { result } = analyseLink(TOWER, [low, high], TARGET, PLAIN, 6, RADIO);
    // Both point at the target; 2.4 GHz loses 7.7 dB less than 5.8 GHz over the same path.
    expect(result.sector_name).toBe('High');
    expect(result.path_loss_db!.free_space).toBeCloseTo(freeSpacePathLossDb(5_000, 2.4e9), 1);
  });

  it('is served by a sector that sees the target before a stronger one that does not', () => {
    // A ridge 20 m above the plain half way: the ray from 60 m up passes 13 m over it, the one from 10 m up 12 m under it.
    const ridge: PathTerrain = { ...PLAIN, terrainM: PLAIN.terrainM.map((h, i) => (i === 25 ? 120 : h)) };
    const hidden = { ...sector(1, 'Low and loud', 90), heightM: 10, powerDbm: 40 };
    const seeing = { ...sector(2, 'High', 90), heightM: 60 };
    const { result } = analyseLink(TOWER, [hidden, seeing], TARGET, ridge, 6, RADIO);
    expect(result).toMatchObject({ sector_name: 'High', has_line_of_sight: true });
    const alone = analyseLink(TOWER, [hidden], TARGET, ridge, 6, RADIO).result;
    expect(alone.has_line_of_sight).toBe(false);
    expect(alone.signal_strength!).toBeGreaterThan(result.signal_strength!);
  });

  it('has no calibration term when calibration is off', () => {
    expect(analyseLink(TOWER, null, TARGET, PLAIN, 6, RADIO).result.path_loss_db!.calibration).toBeNull();
  });

  it("adds the calibration's correction to the signal and its negative to the loss, asked at the target for the serving sector", () => {
    const asked: CorrectionPoint[] = [];
    // The East sector measured 4.5 dB weaker than predicted, the West one 10 dB stronger (behind the target, it still loses).
    const calibration = {
      correctionDb(point: CorrectionPoint) {
        asked.push(point);
        return point.sectorId === 2 ? -4.5 : 10;
      },
    };
    const sectors = [sector(1, 'West', 270), sector(2, 'East', 90)];
    const plain = analyseLink(TOWER, sectors, TARGET, PLAIN, 6, RADIO).result;
    const { result } = analyseLink(TOWER, sectors, TARGET, PLAIN, 6, { ...RADIO, calibration });
    expect(result.sector_name).toBe('East');
    expect(result.path_loss_db!.calibration).toBe(4.5);
    expect(result.path_loss_db!.total).toBeCloseTo(plain.path_loss_db!.total + 4.5, 2);
    expect(result.signal_strength).toBeCloseTo(plain.signal_strength! - 4.5, 1);
    expect(asked).toEqual([
      { towerId: 7, sectorId: 1, receiverClass: 'open', lat: TARGET.lat, lng: TARGET.lng },
      { towerId: 7, sectorId: 2, receiverClass: 'open', lat: TARGET.lat, lng: TARGET.lng },
    ]);
  });

  it('lets the calibration decide which sector serves: corrected signals are compared', () => {
    // Both sectors point at the target; the High one (2.4 GHz) is the stronger by 7.7 dB uncorrected.
    const low = { ...sector(1, 'Low', 90), heightM: 10 };
    const high = { ...sector(2, 'High', 90), heightM: 60, frequencyGhz: 2.4 };
    const calibration = { correctionDb: (point: CorrectionPoint) => (point.sectorId === 2 ? -12 : 0) };
    const { result } = analyseLink(TOWER, [low, high], TARGET, PLAIN, 6, { ...RADIO, calibration });
    expect(result).toMatchObject({ sector_name: 'Low', path_loss_db: { calibration: 0 } });
  });

  it('answers a tower whose sectors are all inactive as radiating nothing', () => {
    const { result, profile } = analyseLink(TOWER, [], TARGET, PLAIN, 6, RADIO);
    expect(result).toMatchObject({
      in_range: true,
      has_line_of_sight: false,
      signal_strength: null,
      signal_band: 'Unknown',
      path_loss_db: null,
      sector_id: null,
    });
    expect(profile()).toEqual([]);
  });
});
