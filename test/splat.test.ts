/**
 * Cross-check of the line-of-sight engine against SPLAT! (notes/splat.md) on synthetic SRTM-3
 * terrain: one tile, S26E028, holding a scenario in each 80-column band (paths along meridians,
 * terrain varying with the row only) and, east of them, flat ground with a round hill for diagonal
 * paths. Both tools read the same .hgt bytes. Run with SPLAT! installed (apt-get install splat);
 * without it the suite is skipped with a notice, except under CI, where that fails.
 *
 * What is compared, per path (SPLAT! with k = 1.333, 5.8 GHz):
 * - the verdict (clear or obstructed), except on a borderline path, where the ray passes within
 *   BORDERLINE_M of terrain + bulge: there SPLAT!'s nearest-sample terrain and our bilinear
 *   terrain may honestly disagree (notes/splat.md);
 * - distance (SPLAT! prints 0.01 km) and free-space loss (SPLAT! prints 0.01 dB, its formula is
 *   about 0.019 dB above the exact one): within 0.006 km and 0.05 dB;
 * - the receiver antenna heights needed to clear the path, the first Fresnel zone and 60 % of it:
 *   within 0.5 m where SPLAT! gives one (it raises the antenna in 1-foot steps, so it asks up to
 *   0.305 m more); where SPLAT! finds that clearance already, ours must not exceed the antenna height.
 *   SPLAT! reads terrain at the nearest tile sample, we interpolate bilinearly: on meridian paths
 *   (samples on the grid) and flat ground the two terrains are the same and the 0.5 m holds as it is.
 *   Off the grid on sloping ground (the round hill) they differ, so the path is also analysed on
 *   nearest-sample terrain: that analysis must be within 0.5 m of SPLAT!, and ours within 0.5 m plus
 *   the difference the terrain sampling alone makes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HgtTile } from '../src/geo/elevation/hgt.js';
import { pathSamples } from '../src/geo/elevation/pathSamples.js';
import { hgtBytes } from '../src/geo/elevation/testing/hgtBytes.js';
import { analysePath, type PathAnalysis } from '../src/geo/rf/pathProfile.js';
import { freeSpacePathLossDb } from '../src/geo/rf/radio.js';
import { EARTH_RADIUS_M, type LatLng } from '../src/geo/sphere.js';
import { convertHgt, parseSplatReport, runSplatPath, splatAvailable, type SplatReport } from './support/splat.js';

const SOUTH = -26;
const WEST = 28;
const HGT_NAME = 'S26E028.hgt';
const SIDE = 1201;
const FREQUENCY_MHZ = 5800;
/** SRTM-3 sample spacing along a meridian, metres: 3 arc-seconds on our sphere. */
const SPACING_M = (EARTH_RADIUS_M * Math.PI) / 180 / 1200;
/** Closer than this to terrain + bulge, a path's verdict is not compared. */
const BORDERLINE_M = 2;
const REQUIRED_TOLERANCE_M = 0.5;

/** Columns per meridian scenario; its path runs down the band's middle column. */
const BAND_COLS = 80;
/** Columns from here eastwards hold the diagonal paths' terrain. */
const DIAGONAL_COL = 13 * BAND_COLS;

type Profile = (row: number) => number;

const flat =
  (heightM: number): Profile =>
  () =>
    heightM;

/** A ridge along a row: a triangle `halfWidth` rows each side (0: one row) rising to `topM` over `under`. */
const ridge =
  (centreRow: number, halfWidth: number, topM: number, under: Profile): Profile =>
  (row) => {
    const base = under(row);
    const rise = halfWidth === 0 ? (row === centreRow ? 1 : 0) : Math.max(0, 1 - Math.abs(row - centreRow) / halfWidth);
    return base + (topM - base) * rise;
  };

/** Terrain along a path from row `from` to row `to` as a function of t = 0..1 (clamped beyond the ends). */
const along =
  (from: number, to: number, height: (t: number) => number): Profile =>
  (row) =>
    height(Math.min(1, Math.max(0, (row - from) / (to - from))));

interface Scenario {
  name: string;
  from: { row: number; col: number };
  to: { row: number; col: number };
  txM: number;
  rxM: number;
}

interface MeridianScenario {
  name: string;
  /** Tower row and target row, on the band's middle column. */
  rows: [number, number];
  txM: number;
  rxM: number;
  profile: Profile;
}

const valley = (t: number) => 100 + 100 * (1 + Math.cos(2 * Math.PI * t));
/** The 13 meridian scenarios, one per band from column 0. */
const MERIDIANS: MeridianScenario[] = [
  { name: 'flat plain, 10 km', rows: [100, 208], txM: 30, rxM: 10, profile: flat(100) },
  { name: 'flat plain, 30 km, earth bulge', rows: [100, 423], txM: 10, rxM: 10, profile: flat(100) },
  { name: 'flat plain, 2 km', rows: [600, 578], txM: 10, rxM: 2, profile: flat(100) },
  { name: 'one-sample ridge 140 m (notes)', rows: [546, 654], txM: 30, rxM: 30, profile: ridge(600, 0, 140, flat(100)) },
  { name: 'broad ridge 115 m, F1 not clear', rows: [300, 450], txM: 30, rxM: 30, profile: ridge(375, 6, 115, flat(100)) },
  { name: 'broad ridge 160 m at a third', rows: [900, 684], txM: 30, rxM: 15, profile: ridge(828, 8, 160, flat(100)) },
  { name: 'tall ridge near target, 25 km', rows: [100, 370], txM: 40, rxM: 10, profile: ridge(316, 10, 250, flat(200)) },
  { name: 'ridge grazing the ray', rows: [200, 380], txM: 30, rxM: 30, profile: ridge(290, 6, 126, flat(100)) },
  { name: 'ridge 4 m under the ray', rows: [200, 380], txM: 30, rxM: 30, profile: ridge(290, 6, 122, flat(100)) },
  { name: 'valley between hills', rows: [500, 630], txM: 10, rxM: 5, profile: along(500, 630, valley) },
  { name: 'valley with a hump', rows: [500, 630], txM: 10, rxM: 5, profile: ridge(552, 4, 330, along(500, 630, valley)) },
  { name: 'even slope up, 15 km', rows: [1000, 838], txM: 10, rxM: 10, profile: along(1000, 838, (t) => 100 + 500 * t) },
  { name: 'hill shoulder (convex slope), 15 km', rows: [1000, 838], txM: 10, rxM: 10, profile: along(1000, 838, (t) => 100 + 200 * (1 - (1 - t) ** 2)) },
];

/** East of the bands: 100 m plain with a round hill (80 m high, 40 rows ≈ 3.7 km wide) at row 985, column 1120. */
function diagonalTerrain(row: number, col: number): number {
  const r2 = (row - 985) ** 2 + ((col - 1120) * Math.cos((25.8 * Math.PI) / 180)) ** 2;
  return 100 + 80 * Math.exp(-r2 / (2 * 40 ** 2));
}

const DIAGONALS: Scenario[] = [
  { name: 'diagonal flat plain, 29 km', from: { row: 50, col: 1050 }, to: { row: 340, col: 1190 }, txM: 15, rxM: 15 },
  { name: 'diagonal flat plain, 29 km, low', from: { row: 700, col: 1190 }, to: { row: 420, col: 1050 }, txM: 8, rxM: 8 },
  { name: 'diagonal over a round hill', from: { row: 840, col: 1060 }, to: { row: 1130, col: 1180 }, txM: 20, rxM: 20 },
];

const SCENARIOS: Scenario[] = [
  ...MERIDIANS.map((m, band) => {
    const col = band * BAND_COLS + BAND_COLS / 2;
    return { name: m.name, from: { row: m.rows[0], col }, to: { row: m.rows[1], col }, txM: m.txM, rxM: m.rxM };
  }),
  ...DIAGONALS,
];

function tileHeight(row: number, col: number): number {
  if (col >= DIAGONAL_COL) return diagonalTerrain(row, col);
  return MERIDIANS[Math.floor(col / BAND_COLS)]!.profile(row);
}

/** The point of sample (row, col) of the tile, degrees. */
function gridPoint(at: { row: number; col: number }): LatLng {
  return { lat: SOUTH + 1 - at.row / (SIDE - 1), lng: WEST + at.col / (SIDE - 1) };
}

interface OurSide extends PathAnalysis {
  distanceKm: number;
  freeSpaceLossDb: number;
  borderline: boolean;
  /** The same path analysed on SPLAT!'s terrain: the nearest tile sample instead of bilinear interpolation. */
  nearestSample: PathAnalysis;
  /** Largest difference between the two terrains along the path, metres (about 0 where samples sit on the grid or the ground is flat). */
  terrainGapM: number;
}

interface Comparison {
  scenario: Scenario;
  ours: OurSide;
  /** null: SPLAT! timed out. */
  splat: SplatReport | null;
}

/** The tile's sample nearest to a point, metres, as SPLAT! reads terrain. */
function nearestSampleM(lat: number, lng: number): number {
  return Math.round(tileHeight(Math.round((SOUTH + 1 - lat) * (SIDE - 1)), Math.round((lng - WEST) * (SIDE - 1))));
}

function ourSide(tile: HgtTile, scenario: Scenario): OurSide {
  const samples = pathSamples(gridPoint(scenario.from), gridPoint(scenario.to), SPACING_M, 10_000);
  const analyse = (terrainM: Float64Array) =>
    analysePath({ distancesM: samples.distancesM, terrainM, txAntennaM: scenario.txM, rxAntennaM: scenario.rxM, frequencyHz: FREQUENCY_MHZ * 1e6 });
  const bilinearM = samples.lats.map((lat, i) => tile.elevation(lat, samples.lngs[i]!));
  const nearestM = samples.lats.map((lat, i) => nearestSampleM(lat, samples.lngs[i]!));
  const analysis = analyse(bilinearM);
  const totalM = samples.distancesM.at(-1)!;
  return {
    ...analysis,
    distanceKm: totalM / 1000,
    freeSpaceLossDb: freeSpacePathLossDb(totalM, FREQUENCY_MHZ * 1e6),
    borderline: analysis.obstruction !== null && Math.abs(analysis.obstruction.cutM) < BORDERLINE_M,
    nearestSample: analyse(nearestM),
    terrainGapM: bilinearM.reduce((gap, h, i) => Math.max(gap, Math.abs(h - nearestM[i]!)), 0),
  };
}

const fmt = (value: number | null) => (value === null ? 'clear' : value.toFixed(2));

/** Required receiver antenna heights, metres: clear, first Fresnel zone, 60 % of it. */
const requiredHeights = (a: PathAnalysis) => [a.requiredRxAntennaM, a.requiredRxAntennaFresnelM, a.requiredRxAntennaFresnel60M] as const;

function printTable(comparisons: Comparison[]): void {
  const rows = comparisons.map(({ scenario, ours, splat }) => {
    const [clearM, fresnelM, fresnel60M] = requiredHeights(ours);
    const splatKm = splat?.obstructions.map((o) => ours.distanceKm - o.distanceFromRxKm) ?? [];
    return {
      path: scenario.name,
      km: ours.distanceKm.toFixed(3),
      'verdict ours / SPLAT!': `${ours.clear ? 'clear' : 'blocked'} / ${splat === null ? 'timeout' : splat.obstructions.length === 0 ? 'clear' : 'blocked'}${ours.borderline ? ' (borderline)' : ''}`,
      'worst cut m': ours.obstruction === null ? '-' : ours.obstruction.cutM.toFixed(2),
      'FSPL dB': `${ours.freeSpaceLossDb.toFixed(3)} / ${splat?.freeSpaceLossDb.toFixed(2) ?? '-'}`,
      'clear m': `${clearM.toFixed(2)} / ${splat ? fmt(splat.requiredM) : '-'}`,
      'F1 m': `${fresnelM.toFixed(2)} / ${splat ? fmt(splat.requiredFresnelM) : '-'}`,
      '60% F1 m': `${fresnel60M.toFixed(2)} / ${splat ? fmt(splat.requiredFresnel60M) : '-'}`,
      'ours on SPLAT! terrain m':
        ours.terrainGapM < 0.001
          ? '='
          : requiredHeights(ours.nearestSample)
              .map((h) => h.toFixed(2))
              .join(' / '),
      'worst sample km / SPLAT! obstructions km': `${ours.obstruction ? (ours.obstruction.distanceM / 1000).toFixed(2) : '-'} / ${
        splatKm.length === 0 ? '-' : `${splatKm.length}: ${Math.min(...splatKm).toFixed(2)}-${Math.max(...splatKm).toFixed(2)}`
      }`,
    };
  });
  console.log(
    'SPLAT! cross-check, ours / SPLAT!: receiver antenna AGL needed to clear the ray, the first Fresnel zone, 60 % of it ("clear": SPLAT! needs no raise);\n' +
      '"ours on SPLAT! terrain": the same on the nearest tile samples, as SPLAT! reads terrain ("=": the same terrain, samples on the grid or flat ground); distances from the tower.',
  );
  console.table(rows);
}

describe.runIf(splatAvailable())('line of sight agrees with SPLAT! on synthetic SRTM-3 terrain', () => {
  let dir: string;
  let comparisons: Comparison[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'splat-'));
    const bytes = hgtBytes(SIDE, tileHeight);
    fs.writeFileSync(path.join(dir, HGT_NAME), bytes);
    await convertHgt(dir, HGT_NAME, SOUTH, WEST);
    const tile = new HgtTile(SOUTH, WEST, bytes);
    comparisons = await Promise.all(
      SCENARIOS.map(async (scenario, i) => {
        const id = String(i + 1).padStart(2, '0');
        const report = await runSplatPath(
          dir,
          { name: `tx${id}`, ...gridPoint(scenario.from), antennaM: scenario.txM },
          { name: `rx${id}`, ...gridPoint(scenario.to), antennaM: scenario.rxM },
          FREQUENCY_MHZ,
        );
        return { scenario, ours: ourSide(tile, scenario), splat: report === null ? null : parseSplatReport(report) };
      }),
    );
    printTable(comparisons);
  }, 50_000);

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('compares at least 10 paths of 2 to 30 km, several blocked and several clear, where SPLAT! answered', () => {
    const answered = comparisons.filter((c) => c.splat !== null && !c.ours.borderline);
    expect(answered.length).toBeGreaterThanOrEqual(10);
    expect(answered.filter((c) => c.ours.clear).length).toBeGreaterThanOrEqual(4);
    expect(answered.filter((c) => !c.ours.clear).length).toBeGreaterThanOrEqual(4);
    for (const { ours } of comparisons) {
      expect(ours.distanceKm).toBeGreaterThanOrEqual(2);
      expect(ours.distanceKm).toBeLessThanOrEqual(30);
    }
  });

  it.each(SCENARIOS.map((s) => s.name))('%s: same verdict, distance, free-space loss and required antenna heights', (name) => {
    const { scenario, ours, splat } = comparisons.find((c) => c.scenario.name === name)!;
    const rxM = scenario.rxM;
    if (splat === null) {
      console.warn(`NOTICE: SPLAT! timed out on "${name}": no reference for this path`);
      return;
    }
    if (!ours.borderline) expect(ours.clear, 'clear').toBe(splat.obstructions.length === 0);
    expect(Math.abs(ours.distanceKm - splat.distanceKm), 'distance km').toBeLessThanOrEqual(0.006);
    expect(Math.abs(ours.freeSpaceLossDb - splat.freeSpaceLossDb), 'free-space loss dB').toBeLessThanOrEqual(0.05);

    // SPLAT!'s geometry on SPLAT!'s terrain: within the tolerance everywhere. Ours on bilinear terrain:
    // within the tolerance plus what nearest-sample terrain alone changes (nothing on the grid or flat ground).
    const ourHeights = requiredHeights(ours);
    const nearestHeights = requiredHeights(ours.nearestSample);
    const splatHeights = [splat.requiredM, splat.requiredFresnelM, splat.requiredFresnel60M];
    ['clear', 'first Fresnel zone', '60 % of the first Fresnel zone'].forEach((what, i) => {
      const [oursM, nearestM, splatM] = [ourHeights[i]!, nearestHeights[i]!, splatHeights[i] ?? null];
      if (splatM === null) {
        expect(nearestM, `${what}: SPLAT! needs no raise, ours on its terrain ${nearestM.toFixed(2)} m`).toBeLessThanOrEqual(rxM + REQUIRED_TOLERANCE_M);
        expect(oursM, `${what}: SPLAT! needs no raise, ours ${oursM.toFixed(2)} m`).toBeLessThanOrEqual(
          rxM + REQUIRED_TOLERANCE_M + Math.abs(oursM - nearestM),
        );
      } else {
        expect(Math.abs(nearestM - splatM), `${what}: ours on SPLAT! terrain ${nearestM.toFixed(2)} m, SPLAT! ${splatM} m`).toBeLessThanOrEqual(
          REQUIRED_TOLERANCE_M,
        );
        expect(Math.abs(oursM - splatM), `${what}: ours ${oursM.toFixed(2)} m, SPLAT! ${splatM} m`).toBeLessThanOrEqual(
          REQUIRED_TOLERANCE_M + Math.abs(oursM - nearestM),
        );
      }
    });
  });
});
