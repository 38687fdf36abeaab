/**
 * Cross-check of antenna patterns against SPLAT! (notes/splat.md): SPLAT!'s .az/.el files, with a
 * rotation and a mechanical tilt, read by our readers, give within 0.5 dB the "antenna pattern
 * towards RX" of SPLAT!'s own path reports. Synthetic flat SRTM-3 terrain (100 m everywhere), so
 * every path is clear and SPLAT! takes the vertical pattern at the receiver's own elevation angle.
 * Receivers sit ahead, at the sides, behind and across the 0/360 wrap of each pattern, below and
 * above the horizon. Run with SPLAT! installed (apt-get install splat); without it the suite is
 * skipped with a notice, except under CI, where that fails.
 *
 * Our figure is antennaPatternDb at the bearing and elevation angle SPLAT! prints (this compares
 * the patterns, not the geometry), the pattern mounted at azimuth 0 with no down-tilt (SPLAT!'s
 * frame is our pattern's: its rotation and tilt are the file's own). SPLAT! rounds the bearing to
 * a whole degree and the elevation to 0.1° before its look-up; we interpolate, so the two may differ
 * by the pattern's slope over half a degree.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hgtBytes } from '../src/geo/elevation/testing/hgtBytes.js';
import type { AntennaPattern } from '../src/geo/rf/antenna/antennaPattern.js';
import { antennaPatternDb, tiltShare } from '../src/geo/rf/antenna/antennaPatternDb.js';
import { attenuationAt } from '../src/geo/rf/antenna/patternTable.js';
import { readAntennaPattern } from '../src/geo/rf/antenna/readAntennaPattern.js';
import { destinationPoint, type LatLng } from '../src/geo/sphere.js';
import { convertHgt, parseSplatPatternToward, runSplatPath, splatAvailable, writeSplatPattern, type SplatPatternToward } from './support/splat.js';

const SOUTH = -26;
const WEST = 28;
const HGT_NAME = 'S26E028.hgt';
const GROUND_M = 100;
const TX: LatLng = { lat: -25.5, lng: 28.5 };
const TX_ANTENNA_M = 40;
const FREQUENCY_MHZ = 5800;
const TOLERANCE_DB = 0.5;

/** A field table line by line: `angle field`, the field of an attenuation of `db` dB. */
const fieldLine = (angleDeg: number, db: number) => `${angleDeg} ${(10 ** (-db / 20)).toFixed(5)}`;
/** The parabolic shape of 3GPP TR 36.814, dB below the peak, `width` the half-power beamwidth. */
const parabola = (offDeg: number, widthDeg: number, limitDb: number) => Math.min(12 * (offDeg / widthDeg) ** 2, limitDb);
const signed = (deg: number) => (deg > 180 ? deg - 360 : deg);

/** An .az file: the rotation line, then the parabolic horizontal cut every `stepDeg` from 0 to 360. */
function azFile(rotationDeg: number, widthDeg: number, stepDeg: number): string {
  const lines = [];
  for (let a = 0; a <= 360; a += stepDeg) lines.push(fieldLine(a, parabola(signed(a % 360), widthDeg, 25)));
  return `${rotationDeg} ; rotation\n${lines.join('\n')}\n`;
}

/** An .el file: the tilt line, then the parabolic vertical cut every `stepDeg` from −10 to 90 degrees below the horizon. */
function elFile(tiltDeg: number, tiltAzimuthDeg: number, widthDeg: number, stepDeg: number): string {
  const lines = [];
  for (let d = -10; d <= 90; d += stepDeg) lines.push(fieldLine(d, parabola(d, widthDeg, 20)));
  return `${tiltDeg} ${tiltAzimuthDeg} ; mechanical tilt, its azimuth\n${lines.join('\n')}\n`;
}

interface Receiver {
  bearingDeg: number;
  distanceM: number;
  /** Antenna above ground: below the transmitter's 40 m the receiver is below the horizon, above it above. */
  antennaM: number;
}

interface PatternCase {
  name: string;
  files: { az: string; el?: string };
  receivers: Receiver[];
}

const CASES: PatternCase[] = [
  {
    name: '60° sector turned to 330°, 6° tilt toward 330°',
    files: { az: azFile(330, 60, 1), el: elFile(6, 330, 8, 0.5) },
    receivers: [
      { bearingDeg: 330, distanceM: 400, antennaM: 2 }, // ahead, on the tilted beam
      { bearingDeg: 330, distanceM: 3000, antennaM: 10 }, // ahead, above the tilted beam
      { bearingDeg: 355, distanceM: 1000, antennaM: 5 },
      { bearingDeg: 5, distanceM: 1000, antennaM: 5 }, // across the 0/360 wrap
      { bearingDeg: 30, distanceM: 600, antennaM: 2 }, // the edge, across the wrap
      { bearingDeg: 300, distanceM: 1500, antennaM: 5 },
      { bearingDeg: 270, distanceM: 800, antennaM: 2 },
      { bearingDeg: 240, distanceM: 2000, antennaM: 20 }, // square to the boresight
      { bearingDeg: 150, distanceM: 1000, antennaM: 145 }, // behind, 6° above the horizon: on the up-tilted beam
      { bearingDeg: 120, distanceM: 2000, antennaM: 5 },
    ],
  },
  {
    name: '90° sector turned to 45°, 4° tilt toward 45°, coarse tables',
    files: { az: azFile(45, 90, 10), el: elFile(4, 45, 10, 2) },
    receivers: [
      { bearingDeg: 45, distanceM: 500, antennaM: 5 },
      { bearingDeg: 90, distanceM: 1000, antennaM: 2 },
      { bearingDeg: 0, distanceM: 2000, antennaM: 40 },
      { bearingDeg: 355, distanceM: 700, antennaM: 3 },
      { bearingDeg: 135, distanceM: 300, antennaM: 2 },
      { bearingDeg: 225, distanceM: 1000, antennaM: 110 }, // behind, 4° above the horizon
    ],
  },
  {
    name: ".az alone (flat vertical), the notes' coarse table",
    files: { az: '0\n0 1.0\n90 0.6\n180 0.05\n240 0.1\n270 0.2\n360 1.0\n' },
    receivers: [
      { bearingDeg: 257.81, distanceM: 1000, antennaM: 10 },
      { bearingDeg: 250, distanceM: 1000, antennaM: 10 },
      { bearingDeg: 100, distanceM: 1000, antennaM: 10 },
      { bearingDeg: 200, distanceM: 1000, antennaM: 100 },
      { bearingDeg: 10, distanceM: 500, antennaM: 2 },
      { bearingDeg: 350, distanceM: 1000, antennaM: 10 },
    ],
  },
  {
    name: 'omni .az, .el tilted 8° toward 100°: the tilt by bearing',
    files: { az: '0\n0 1.0\n360 1.0\n', el: elFile(8, 100, 8, 1) },
    receivers: [100, 130, 145, 190, 235, 280, 55, 10].map((bearingDeg) => ({ bearingDeg, distanceM: 2000, antennaM: TX_ANTENNA_M })),
  },
];

interface Comparison {
  caseName: string;
  receiver: Receiver;
  splat: SplatPatternToward;
  pattern: AntennaPattern;
  oursDb: number;
}

/** Runs `work` over the items, `limit` at a time (SPLAT! runs are processes on a shared machine). */
async function inTurns<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** What the pattern would give with the tilt projected some other way: `share` of the tilt felt φ degrees off its azimuth. */
function withTiltShare(pattern: AntennaPattern, splat: SplatPatternToward, share: (offDeg: number) => number): number {
  const depressionDeg = Math.max(-90, Math.min(90, -splat.elevationDeg - pattern.tiltDeg * share(splat.azimuthDeg - pattern.tiltAzimuthDeg)));
  return -(attenuationAt(pattern.horizontalDb, splat.azimuthDeg) + attenuationAt(pattern.verticalDb, depressionDeg));
}

describe.runIf(splatAvailable())('antenna patterns agree with SPLAT!', () => {
  let dir: string;
  let comparisons: Comparison[];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'splat-antenna-'));
    fs.writeFileSync(
      path.join(dir, HGT_NAME),
      hgtBytes(1201, () => GROUND_M),
    );
    await convertHgt(dir, HGT_NAME, SOUTH, WEST);
    const runs = CASES.flatMap((c, caseIndex) => c.receivers.map((receiver) => ({ c, caseIndex, receiver })));
    comparisons = await inTurns(runs, 2, async ({ c, caseIndex, receiver }, i) => {
      // One transmitter name a run: runs in parallel must not rewrite each other's files.
      const txName = `tx${caseIndex}r${i}`;
      writeSplatPattern(dir, txName, c.files);
      const report = await runSplatPath(
        dir,
        { name: txName, ...TX, antennaM: TX_ANTENNA_M },
        { name: `rx${i}`, ...destinationPoint(TX, receiver.bearingDeg, receiver.distanceM), antennaM: receiver.antennaM },
        FREQUENCY_MHZ,
      );
      if (report === null) throw new Error(`SPLAT! timed out on a clear path of ${receiver.distanceM} m`);
      const splat = parseSplatPatternToward(report, `rx${i}`);
      const files = [{ fileName: `${txName}.az`, text: c.files.az }, ...(c.files.el ? [{ fileName: `${txName}.el`, text: c.files.el }] : [])];
      const pattern = readAntennaPattern(files, { name: c.name, gainDbi: 10 });
      const oursDb = antennaPatternDb(pattern, { azimuthDeg: 0, downtiltDeg: 0 }, splat.azimuthDeg, splat.elevationDeg);
      return { caseName: c.name, receiver, splat, pattern, oursDb };
    });
    console.log(`Antenna pattern toward the receiver, ours / SPLAT! (dB), at SPLAT!'s bearing and elevation angle (positive above the horizon):`);
    console.table(
      comparisons.map(({ caseName, splat, oursDb }) => ({
        pattern: caseName,
        'bearing °': splat.azimuthDeg.toFixed(2),
        'elevation °': splat.elevationDeg.toFixed(3),
        'ours dB': oursDb.toFixed(2),
        'SPLAT! dB': splat.db.toFixed(2),
        difference: (oursDb - splat.db).toFixed(2),
      })),
    );
  }, 60_000);

  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('compares paths ahead, at the sides and behind, below and above the horizon, with patterns from 0 to below −20 dB', () => {
    expect(comparisons).toHaveLength(CASES.reduce((n, c) => n + c.receivers.length, 0));
    expect(comparisons.some((c) => c.splat.elevationDeg > 3)).toBe(true);
    expect(comparisons.some((c) => c.splat.elevationDeg < -3)).toBe(true);
    expect(comparisons.some((c) => c.splat.db > -1)).toBe(true);
    expect(comparisons.some((c) => c.splat.db < -20)).toBe(true);
  });

  it.each(CASES.flatMap((c) => c.receivers.map((r) => [c.name, r.bearingDeg, r.distanceM, r.antennaM] as const)))(
    '%s: toward %s° at %s m (receiver %s m): within 0.5 dB of SPLAT!',
    (caseName, bearingDeg, distanceM, antennaM) => {
      const { splat, oursDb } = comparisons.find(
        (c) => c.caseName === caseName && c.receiver.bearingDeg === bearingDeg && c.receiver.distanceM === distanceM && c.receiver.antennaM === antennaM,
      )!;
      expect(Math.abs(oursDb - splat.db), `ours ${oursDb.toFixed(2)} dB, SPLAT! ${splat.db.toFixed(2)} dB`).toBeLessThanOrEqual(TOLERANCE_DB);
    },
  );

  it("tells the tilt's projection apart: no tilt, or a tilt shared as cos φ, misses SPLAT! by more than 1 dB on several paths", () => {
    const tilted = comparisons.filter((c) => c.pattern.tiltDeg !== 0);
    const missesBy = (share: (offDeg: number) => number) => tilted.filter((c) => Math.abs(withTiltShare(c.pattern, c.splat, share) - c.splat.db) > 1).length;
    // Our own share reproduces our figure, so the alternatives are measured the same way.
    for (const c of tilted) expect(withTiltShare(c.pattern, c.splat, tiltShare)).toBeCloseTo(c.oursDb, 9);
    expect(missesBy(() => 0)).toBeGreaterThanOrEqual(5);
    expect(missesBy((offDeg) => Math.cos((offDeg * Math.PI) / 180))).toBeGreaterThanOrEqual(3);
  });
});
