/**
 * The link's ITM loss against SPLAT! `-olditm` (notes/splat.md) through the pipeline the
 * line-of-sight answers use: terrain read by the server's Terrain.path from an SRTM-3 tile in a
 * folder (HgtDirectory, bilinear heights at the tile's spacing, equally spaced samples) and the loss
 * by geo/rf/pathLoss.ts under the ITM settings, against SPLAT!'s "Longley-Rice path loss" with the
 * same parameters (the radio settings' defaults: average ground, 301 N-units, continental
 * temperate, vertical, 50 % of time and situations). Within 1 dB on a line-of-sight, a single-horizon
 * and a double-horizon path. (test/splatItm.test.ts feeds ITM SPLAT!'s own profile and agrees to
 * 0.05 dB; here the profiles differ as the two tools sample paths: SPLAT! leaves out the last
 * sample and stands the receiver on the row before, about 93 m short, which moves a loss by
 * 0.1 dB or so on these paths; on an extreme double-horizon path, two 190 m ridges with the second
 * 3.7 km before the receiver (a 195 dB loss), it reached 1.01 dB.) Skipped with a notice without SPLAT!, as test/splat.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITM_DEFAULTS } from '../src/common/itmInputs.js';
import { hgtBytes } from '../src/geo/elevation/testing/hgtBytes.js';
import { pathLoss, type PathLossResult } from '../src/geo/rf/pathLoss.js';
import type { LatLng } from '../src/geo/sphere.js';
import { FlatElevationSource } from '../src/server/terrain/flatElevationSource.js';
import { HgtDirectory } from '../src/server/terrain/hgtDirectory.js';
import { HgtElevationSource } from '../src/server/terrain/hgtElevationSource.js';
import { Terrain } from '../src/server/terrain/terrain.js';
import { TileMemory } from '../src/server/terrain/tileMemory.js';
import { convertHgt, DEFAULT_SPLAT_LRP, parseSplatItmReport, runSplatPath, splatAvailable, type SplatItmReport } from './support/splat.js';

const SOUTH = -26;
const WEST = 28;
const HGT_NAME = 'S26E028.hgt';
const SIDE = 1201;
const BAND_COLS = 80;
const FREQUENCY_MHZ = 5800;
const TOLERANCE_DB = 1;

type Profile = (row: number) => number;
/** A 100 m plain with triangular ridges: `[centre row, half width in rows, top m]`. */
const plainWith =
  (...ridges: [number, number, number][]): Profile =>
  (row) =>
    ridges.reduce((height, [centre, half, top]) => Math.max(height, 100 + (top - 100) * Math.max(0, 1 - Math.abs(row - centre) / (half + 1))), 100);

interface Scenario {
  name: string;
  mode: string;
  rows: [number, number];
  txM: number;
  rxM: number;
  profile: Profile;
}

const SCENARIOS: Scenario[] = [
  { name: 'flat plain, 10 km', mode: 'line_of_sight', rows: [100, 208], txM: 30, rxM: 10, profile: plainWith() },
  { name: 'one ridge half way, 12 km', mode: 'single_horizon_diffraction', rows: [300, 430], txM: 30, rxM: 10, profile: plainWith([365, 0, 200]) },
  {
    name: 'two ridges, 15 km',
    mode: 'double_horizon_diffraction',
    rows: [500, 662],
    txM: 30,
    rxM: 10,
    profile: plainWith([550, 0, 150], [610, 0, 150]),
  },
];

function tileHeight(row: number, col: number): number {
  return SCENARIOS[Math.min(SCENARIOS.length - 1, Math.floor(col / BAND_COLS))]!.profile(row);
}

function gridPoint(row: number, col: number): LatLng {
  return { lat: SOUTH + 1 - row / (SIDE - 1), lng: WEST + col / (SIDE - 1) };
}

const ITM = { ...ITM_DEFAULTS, timeFraction: 0.5, locationFraction: 0.5, situationFraction: 0.5 };

interface Comparison {
  scenario: Scenario;
  ours: PathLossResult;
  /** null: SPLAT! timed out. */
  splat: SplatItmReport | null;
}

describe.runIf(splatAvailable())("the link's ITM loss agrees with SPLAT! -olditm through Terrain.path and pathLoss", () => {
  let dir: string;
  let comparisons: Comparison[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'splat-link-itm-'));
    fs.writeFileSync(path.join(dir, HGT_NAME), hgtBytes(SIDE, tileHeight));
    await convertHgt(dir, HGT_NAME, SOUTH, WEST);
    const terrain = new Terrain([new HgtElevationSource(new HgtDirectory(dir, new TileMemory(64 * 1024 * 1024))), new FlatElevationSource()]);
    comparisons = await Promise.all(
      SCENARIOS.map(async (scenario, band) => {
        const col = band * BAND_COLS + BAND_COLS / 2;
        const [from, to] = [gridPoint(scenario.rows[0], col), gridPoint(scenario.rows[1], col)];
        const profile = await terrain.path(from, to);
        expect(profile.source).toBe('hgt');
        const ours = pathLoss(
          { distancesM: profile.distancesM, terrainM: profile.terrainM, txAntennaM: scenario.txM, rxAntennaM: scenario.rxM, frequencyHz: FREQUENCY_MHZ * 1e6 },
          { model: 'itm', itm: ITM, clutterHeightM: 0 },
        );
        const id = String(band + 1).padStart(2, '0');
        const report = await runSplatPath(
          dir,
          { name: `tx${id}`, ...from, antennaM: scenario.txM },
          { name: `rx${id}`, ...to, antennaM: scenario.rxM },
          FREQUENCY_MHZ,
          {
            oldItm: true,
            lrp: { ...DEFAULT_SPLAT_LRP, timeFraction: 0.5 },
          },
        );
        return { scenario, ours, splat: report === null ? null : parseSplatItmReport(report) };
      }),
    );
    console.log("The link's ITM loss through Terrain.path and pathLoss, ours / SPLAT! -olditm (dB)");
    console.table(
      comparisons.map(({ scenario, ours, splat }) => ({
        path: scenario.name,
        'ours dB': ours.itmDb?.toFixed(2) ?? `fell back (${ours.itmRefusal})`,
        'SPLAT! dB': splat?.lossDb.toFixed(2) ?? 'timeout',
        'diff dB': ours.itmDb !== null && splat ? (ours.itmDb - splat.lossDb).toFixed(2) : '-',
        'ours mode': ours.mode ?? '-',
        'SPLAT! mode': splat?.mode ?? '-',
      })),
    );
  }, 60_000);

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(SCENARIOS.map((s) => s.name))('%s: path_loss_db.itm within 1 dB of SPLAT!, in the same mode', (name) => {
    const { scenario, ours, splat } = comparisons.find((c) => c.scenario.name === name)!;
    expect(ours).toMatchObject({ model: 'itm', mode: scenario.mode });
    if (splat === null || splat.errorNumber !== 0) {
      console.warn(`NOTICE: no SPLAT! reference for "${name}" (timeout or model error)`);
      return;
    }
    expect(Math.abs(ours.itmDb! - splat.lossDb), `ours ${ours.itmDb!.toFixed(2)} dB, SPLAT! ${splat.lossDb} dB`).toBeLessThanOrEqual(TOLERANCE_DB);
    expect(ours.totalDb).toBe(ours.itmDb);
  });
});
