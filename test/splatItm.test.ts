/**
 * Cross-check of our ITM (src/geo/rf/itm, Longley-Rice point-to-point) against SPLAT! `-olditm`
 * (notes/splat.md) on synthetic SRTM-3 terrain: one tile, S26E028, holding a scenario in each
 * 80-column band, every path along the band's middle column (a meridian), the terrain varying with
 * the row only. Run with SPLAT! installed (apt-get install splat); without it the suite is skipped
 * with a notice, except under CI, where that fails.
 *
 * Our function is fed exactly the profile SPLAT! gives ITM (splatMeridianItmProfile: the rows from
 * the transmitter's up to the one before the receiver's, 92.668 m apart; SPLAT! samples the tile
 * without interpolation, and on a meridian its samples are the grid's), with the parameters of the
 * same .lrp file. Per path, where SPLAT! reports model error 0 (any other number: no reference),
 * our loss must be within TOLERANCE_DB of its "Longley-Rice path loss" and our mode must be its "Mode of
 * propagation". SPLAT! uses ITM's variability mode 12 (mobile, no location variability); ours
 * defaults to broadcast (3), the same loss at a location fraction of 0.5, which is what we pass.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hgtBytes } from '../src/geo/elevation/testing/hgtBytes.js';
import { type RadioClimate } from '../src/geo/rf/itm/parameters.js';
import { type ItmResult, type PropagationMode, itmPointToPoint } from '../src/geo/rf/itm/pointToPoint.js';
import {
  DEFAULT_SPLAT_LRP,
  SPLAT_ITM_SPACING_M,
  type SplatItmReport,
  type SplatLrp,
  convertHgt,
  parseSplatItmReport,
  runSplatPath,
  splatAvailable,
  splatMeridianItmProfile,
} from './support/splat.js';

const SOUTH = -26;
const WEST = 28;
const HGT_NAME = 'S26E028.hgt';
const SIDE = 1201;
/** Columns per scenario; its path runs down the band's middle column. */
const BAND_COLS = 80;
/**
 * The issue asks for 1 dB; on these paths we agree with SPLAT! to the 0.01 dB it prints, and a
 * tolerance of 1 dB would let a slip in one of ITM's constants through (25.1 → 25 in the
 * diffraction weighting moves no path by 1 dB), so the check holds to 0.05 dB.
 */
const TOLERANCE_DB = 0.05;

/** SPLAT!'s names of the modes. */
const SPLAT_MODES: Record<string, PropagationMode> = {
  'Line-Of-Sight Mode': 'line_of_sight',
  'Single Horizon, Diffraction Dominant': 'single_horizon_diffraction',
  'Double Horizon, Diffraction Dominant': 'double_horizon_diffraction',
  'Single Horizon, Troposcatter Dominant': 'single_horizon_troposcatter',
  'Double Horizon, Troposcatter Dominant': 'double_horizon_troposcatter',
};

type Profile = (row: number) => number;

const flat =
  (heightM: number): Profile =>
  () =>
    heightM;

/** A ridge along a row: a triangle `halfWidth` rows each side rising to `topM` over `under` (one sample at the top, so one horizon point). */
const ridge =
  (centreRow: number, halfWidth: number, topM: number, under: Profile): Profile =>
  (row) => {
    const base = under(row);
    const rise = Math.max(0, 1 - Math.abs(row - centreRow) / (halfWidth + 1));
    return base + (topM - base) * rise;
  };

/** Terrain along rows `from` to `to` as a function of t = 0..1 (clamped beyond the ends). */
const along =
  (from: number, to: number, height: (t: number) => number): Profile =>
  (row) =>
    height(Math.min(1, Math.max(0, (row - from) / (to - from))));

/** Small bumps of a few metres, so that Δh is not 0. */
const rolling =
  (baseM: number, amplitudeM: number): Profile =>
  (row) =>
    baseM + amplitudeM * Math.sin(row / 3) * Math.cos(row / 11);

interface Scenario {
  name: string;
  expected: 'line of sight' | 'single horizon' | 'double horizon';
  /** Transmitter row and receiver row (1200 rows a degree, 92.7 m apart). */
  rows: [number, number];
  txM: number;
  rxM: number;
  frequencyMHz: number;
  profile: Profile;
  /** Default DEFAULT_SPLAT_LRP with 50 % of time. */
  lrp?: Partial<SplatLrp>;
}

const SCENARIOS: Scenario[] = [
  { name: 'flat plain, 10 km, 5.8 GHz', expected: 'line of sight', rows: [100, 208], txM: 30, rxM: 10, frequencyMHz: 5800, profile: flat(100) },
  { name: 'rolling plain, 2 km, 2.4 GHz', expected: 'line of sight', rows: [600, 622], txM: 15, rxM: 5, frequencyMHz: 2400, profile: rolling(300, 3) },
  {
    name: 'valley between hills, 20 km, 900 MHz, 90 % of time',
    expected: 'line of sight',
    rows: [300, 516],
    txM: 20,
    rxM: 10,
    frequencyMHz: 900,
    profile: along(300, 516, (t) => 200 + 150 * Math.cos(2 * Math.PI * t)),
    lrp: { timeFraction: 0.9 },
  },
  {
    name: 'flat plain, 40 km, high masts, 5.8 GHz',
    expected: 'line of sight',
    rows: [50, 482],
    txM: 80,
    rxM: 40,
    frequencyMHz: 5800,
    profile: rolling(150, 2),
  },
  {
    name: 'one-sample ridge half way, 10 km, 5.8 GHz',
    expected: 'single horizon',
    rows: [546, 654],
    txM: 30,
    rxM: 30,
    frequencyMHz: 5800,
    profile: ridge(600, 0, 140, flat(100)),
  },
  {
    name: 'broad ridge near the target, 25 km, 900 MHz',
    expected: 'single horizon',
    rows: [100, 370],
    txM: 40,
    rxM: 10,
    frequencyMHz: 900,
    profile: ridge(316, 10, 250, rolling(200, 4)),
  },
  {
    name: 'ridge at a third, 15 km, 2.4 GHz, horizontal, wet ground',
    expected: 'single horizon',
    rows: [900, 738],
    txM: 25,
    rxM: 8,
    frequencyMHz: 2400,
    profile: ridge(846, 5, 190, flat(120)),
    lrp: { polarization: 0, relativePermittivity: 25, conductivitySPerM: 0.02 },
  },
  {
    name: 'hill shoulder, 35 km, 5.8 GHz, 10 % of time',
    expected: 'single horizon',
    rows: [700, 1078],
    txM: 30,
    rxM: 10,
    frequencyMHz: 5800,
    profile: ridge(950, 30, 260, rolling(100, 3)),
    lrp: { timeFraction: 0.1 },
  },
  {
    name: 'two ridges, 12 km, 5.8 GHz',
    expected: 'double horizon',
    rows: [200, 330],
    txM: 30,
    rxM: 10,
    frequencyMHz: 5800,
    profile: ridge(245, 2, 160, ridge(290, 2, 155, flat(100))),
  },
  {
    name: 'two ridges, 30 km, 900 MHz, maritime temperate over land, 280 N',
    expected: 'double horizon',
    rows: [100, 424],
    txM: 40,
    rxM: 10,
    frequencyMHz: 900,
    profile: ridge(190, 8, 330, ridge(330, 8, 300, rolling(150, 5))),
    lrp: { climate: 6, surfaceRefractivityN: 280 },
  },
  {
    name: 'two ridges, 5 km, 2.4 GHz, 70 % of situations',
    expected: 'double horizon',
    rows: [800, 854],
    txM: 6,
    rxM: 6,
    frequencyMHz: 2400,
    profile: ridge(818, 1, 140, ridge(836, 1, 135, flat(100))),
    lrp: { situationFraction: 0.7 },
  },
  {
    name: 'deep valleys at both ends, 40 km, 5.8 GHz',
    expected: 'double horizon',
    rows: [60, 492],
    txM: 10,
    rxM: 10,
    frequencyMHz: 5800,
    profile: along(60, 492, (t) => 100 + 250 * Math.min(1, Math.min(t, 1 - t) / 0.06)),
  },
  {
    name: 'ridges close to a low transmitter, 5 km, 2.4 GHz (SPLAT! warns)',
    expected: 'double horizon',
    rows: [800, 854],
    txM: 12,
    rxM: 6,
    frequencyMHz: 2400,
    profile: ridge(815, 1, 140, ridge(838, 1, 135, flat(100))),
  },
];

function tileHeight(row: number, col: number): number {
  return SCENARIOS[Math.min(Math.floor(col / BAND_COLS), SCENARIOS.length - 1)]!.profile(row);
}

/** The point of sample (row, col) of the tile, degrees. */
function gridPoint(row: number, col: number) {
  return { lat: SOUTH + 1 - row / (SIDE - 1), lng: WEST + col / (SIDE - 1) };
}

interface Comparison {
  scenario: Scenario;
  lrp: SplatLrp;
  ours: ItmResult;
  /** null: SPLAT! timed out. */
  splat: SplatItmReport | null;
}

function ourSide(scenario: Scenario, lrp: SplatLrp): ItmResult {
  // The tile holds whole metres, as SPLAT! reads them.
  const profileM = splatMeridianItmProfile(scenario.rows[0], scenario.rows[1], (row) => Math.round(scenario.profile(row)));
  return itmPointToPoint({
    profileM,
    spacingM: SPLAT_ITM_SPACING_M,
    txHeightM: scenario.txM,
    rxHeightM: scenario.rxM,
    frequencyMHz: scenario.frequencyMHz,
    polarization: lrp.polarization === 1 ? 'vertical' : 'horizontal',
    relativePermittivity: lrp.relativePermittivity,
    conductivitySPerM: lrp.conductivitySPerM,
    surfaceRefractivityN: lrp.surfaceRefractivityN,
    climate: lrp.climate as RadioClimate,
    timeFraction: lrp.timeFraction,
    locationFraction: 0.5,
    situationFraction: lrp.situationFraction,
  });
}

function printTable(comparisons: Comparison[]): void {
  console.log('ITM cross-check, ours / SPLAT! -olditm: Longley-Rice path loss (dB) and mode of propagation');
  console.table(
    comparisons.map(({ scenario, ours, splat }) => ({
      path: scenario.name,
      km: ours.ok ? (ours.details.pathM / 1000).toFixed(2) : '-',
      'ours dB': ours.ok ? ours.lossDb.toFixed(2) : `error ${ours.errorCode}`,
      'SPLAT! dB': splat === null ? 'timeout' : splat.lossDb.toFixed(2),
      'diff dB': ours.ok && splat ? (ours.lossDb - splat.lossDb).toFixed(2) : '-',
      'ours mode': ours.ok ? ours.mode : '-',
      'SPLAT! mode': splat?.mode ?? '-',
      'SPLAT! error': splat?.errorNumber ?? '-',
      'our warnings': ours.ok ? ours.warningNames.join(' ') : '-',
    })),
  );
}

describe.runIf(splatAvailable())('ITM agrees with SPLAT! -olditm on synthetic SRTM-3 terrain', () => {
  let dir: string;
  let comparisons: Comparison[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'splat-itm-'));
    fs.writeFileSync(path.join(dir, HGT_NAME), hgtBytes(SIDE, tileHeight));
    await convertHgt(dir, HGT_NAME, SOUTH, WEST);
    comparisons = await Promise.all(
      SCENARIOS.map(async (scenario, band) => {
        const lrp: SplatLrp = { ...DEFAULT_SPLAT_LRP, timeFraction: 0.5, ...scenario.lrp };
        const col = band * BAND_COLS + BAND_COLS / 2;
        const id = String(band + 1).padStart(2, '0');
        const report = await runSplatPath(
          dir,
          { name: `tx${id}`, ...gridPoint(scenario.rows[0], col), antennaM: scenario.txM },
          { name: `rx${id}`, ...gridPoint(scenario.rows[1], col), antennaM: scenario.rxM },
          scenario.frequencyMHz,
          { lrp, oldItm: true },
        );
        return { scenario, lrp, ours: ourSide(scenario, lrp), splat: report === null ? null : parseSplatItmReport(report) };
      }),
    );
    printTable(comparisons);
  }, 60_000);

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('compares at least 3 line-of-sight, 3 single-horizon and 3 double-horizon paths of 2 to 40 km where SPLAT! answered without error', () => {
    const answered = comparisons.filter((c) => c.splat !== null && c.splat.errorNumber === 0);
    for (const expected of ['line of sight', 'single horizon', 'double horizon'] as const) {
      expect(answered.filter((c) => c.scenario.expected === expected).length, expected).toBeGreaterThanOrEqual(3);
    }
    for (const { ours } of comparisons) {
      expect(ours.ok).toBe(true);
      if (ours.ok) {
        expect(ours.details.pathM).toBeGreaterThanOrEqual(1900);
        expect(ours.details.pathM).toBeLessThanOrEqual(40_000);
      }
    }
  });

  it.each(SCENARIOS.map((s) => s.name))('%s: same mode, loss within 0.05 dB, warnings where SPLAT! has an error number', (name) => {
    const { scenario, ours, splat } = comparisons.find((c) => c.scenario.name === name)!;
    expect(ours.ok).toBe(true);
    if (!ours.ok) return;
    if (splat === null) {
      console.warn(`NOTICE: SPLAT! timed out on "${name}": no reference for this path`);
      return;
    }
    // ITM 1.2.2's error number (SPLAT!'s) and NTIA's warning flags (ours) flag the same conditions.
    expect(ours.warnings !== 0, `SPLAT! error ${splat.errorNumber}, our warnings ${ours.warningNames.join(', ')}`).toBe(splat.errorNumber !== 0);
    if (splat.errorNumber !== 0) {
      console.warn(`NOTICE: SPLAT! reports model error ${splat.errorNumber} on "${name}": no reference for this path`);
      return;
    }
    expect(SPLAT_MODES[splat.mode], `SPLAT! mode "${splat.mode}"`).toBeDefined();
    expect(ours.mode).toBe(SPLAT_MODES[splat.mode]);
    expect(ours.mode.replaceAll('_', ' ')).toContain(scenario.expected);
    expect(Math.abs(ours.lossDb - splat.lossDb), `ours ${ours.lossDb.toFixed(2)} dB, SPLAT! ${splat.lossDb} dB`).toBeLessThanOrEqual(TOLERANCE_DB);
  });
});
