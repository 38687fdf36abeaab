import { describe, expect, it } from 'vitest';
import { BUILTIN_PATTERNS } from '../../geo/rf/antenna/builtinPatterns.js';
import { computeFootprint, type FootprintTower, type HeightGrid } from '../../geo/rf/footprint.js';
import { calibrateFootprints } from '../../geo/rf/footprintCalibration.js';
import { NO_ANTENNA, uniteFootprints } from '../../geo/rf/footprintUnion.js';
import { ITM_DEFAULTS } from '../../geo/rf/itm/parameters.js';
import type { TowerCalibration } from '../../geo/rf/calibration/calibrationModel.js';
import { computeFootprintInWorker, type FootprintJob } from './footprintCompute.js';

/** 81 x 81 cells of 0.001° around (−33.5, 18.5), rolling hills. */
function hills(): HeightGrid {
  const side = 81;
  const heightsM = Float32Array.from({ length: side * side }, (_, cell) => 200 + 40 * Math.sin((cell % side) / 6) * Math.cos(Math.floor(cell / side) / 9));
  return { south: -33.54, west: 18.46, cellLatDeg: 0.001, cellLngDeg: 0.001, rows: side, cols: side, heightsM };
}

const TOWER: FootprintTower = { lat: -33.5, lng: 18.5, antennaM: 20, frequencyHz: 5.8e9, radiusM: 3_500, powerDbm: 27, txGainDbi: 17, rxGainDbi: 23 };
const SECTOR_90 = BUILTIN_PATTERNS.find((p) => p.id === 'sector_90')!.pattern;
const PROPAGATION = { model: 'itm' as const, itm: { ...ITM_DEFAULTS }, clutterHeightM: 3 };

const EAST = { tower: { ...TOWER, powerDbm: 24 }, antenna: { pattern: SECTOR_90, mount: { azimuthDeg: 90, downtiltDeg: 2 } }, sectorId: 11 };
const WEST = { tower: { ...TOWER, antennaM: 25 }, antenna: { pattern: SECTOR_90, mount: { azimuthDeg: 270, downtiltDeg: 2 } }, sectorId: 12 };

/** Calibration terms of nothing but offsets: every receiver class 0, no residuals. */
function offsets(globalOffsetDb: number, sectorOffsetsDb: Record<string, number> = {}): TowerCalibration {
  return {
    towerId: 1,
    globalOffsetDb,
    sectorOffsetsDb,
    classOffsetsDb: { open: 0, trees: 0, suburban: 0, urban: 0, water: 0 },
    rangeM: 1_000,
    spatial: null,
  };
}

describe('computeFootprintInWorker', () => {
  it('carries the propagation settings and the sector antenna to the worker, and brings the line-of-sight bits back', async () => {
    const antenna = { pattern: SECTOR_90, mount: { azimuthDeg: 120, downtiltDeg: 3 } };
    const job: FootprintJob = { heights: hills(), receiverM: 6, propagation: PROPAGATION, antennas: [{ tower: TOWER, antenna, sectorId: 1 }] };
    const here = computeFootprint({ heights: hills(), receiverM: 6, propagation: PROPAGATION, tower: TOWER, antenna });
    const { footprint } = await computeFootprintInWorker(job, () => undefined);
    expect(footprint.lineOfSight).toBeDefined();
    expect(Array.from(footprint.lineOfSight!)).toEqual(Array.from(here.lineOfSight!));
    expect(Array.from(footprint.signalDeciDbm)).toEqual(Array.from(here.signalDeciDbm));
    // One sector is still a union: the cells it serves name it.
    expect(footprint.servingAntenna).toBeDefined();
  }, 30_000);

  it("unites a tower's sectors over one grid, naming the serving sector, with progress over all of them", async () => {
    const progress: number[] = [];
    const { footprint } = await computeFootprintInWorker({ heights: hills(), receiverM: 6, propagation: PROPAGATION, antennas: [EAST, WEST] }, (done) =>
      progress.push(done),
    );
    const parts = [EAST, WEST].map((source) => computeFootprint({ heights: hills(), receiverM: 6, propagation: PROPAGATION, ...source }));
    const expected = uniteFootprints(parts, hills());
    expect(Array.from(footprint.signalDeciDbm)).toEqual(Array.from(expected.signalDeciDbm));
    expect(Array.from(footprint.servingAntenna!)).toEqual(Array.from(expected.servingAntenna!));
    // 0.4 km east of the tower the east sector serves; 0.4 km west the west one.
    const served = (eastKm: number) => footprint.servingAntenna![40 * 81 + 40 + Math.round(eastKm / 0.0928)];
    expect([served(0.4), served(-0.4)]).toEqual([0, 1]);
    // The second sweep's progress follows the first's, and the sweeps end at 0.9 (the areas are the rest).
    expect(progress.some((done) => done > 0.45 && done < 0.9)).toBe(true);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  }, 60_000);

  it("adds the tower's calibration to every cell with a signal, each sector its own offset before the union", async () => {
    // A job of its own each time: the heights move to the worker.
    const job = () => ({ heights: hills(), receiverM: 6, propagation: PROPAGATION, antennas: [EAST, WEST] });
    const plain = (await computeFootprintInWorker(job(), () => undefined)).footprint;
    // Everything measured 2.5 dB stronger than predicted, the west sector a further 30 dB weaker.
    const calibrated = (await computeFootprintInWorker({ ...job(), calibration: offsets(2.5, { '12': -30 }) }, () => undefined)).footprint;
    const served = (eastKm: number) => 40 * 81 + 40 + Math.round(eastKm / 0.0928);
    // 2 km east the east sector serves either way: 2.5 dB more.
    expect(calibrated.signalDeciDbm[served(2)]! - plain.signalDeciDbm[served(2)]!).toBe(25);
    // The union of the sectors' footprints each corrected by its own terms.
    const parts = [EAST, WEST].map(({ sectorId: _, ...source }) => computeFootprint({ heights: hills(), receiverM: 6, propagation: PROPAGATION, ...source }));
    calibrateFootprints(parts, [() => 2.5, () => 2.5 - 30], () => 0);
    const expected = uniteFootprints(parts, hills());
    expect(Array.from(calibrated.signalDeciDbm)).toEqual(Array.from(expected.signalDeciDbm));
    expect(Array.from(calibrated.servingAntenna!)).toEqual(Array.from(expected.servingAntenna!));
    // The weaker west sector serves fewer cells: the east one's back lobe wins some of them.
    const westCells = (footprint: typeof plain) => footprint.servingAntenna!.filter((index) => index === 1).length;
    expect(westCells(calibrated)).toBeLessThan(westCells(plain));
  }, 60_000);

  it('draws the band areas at the reliability margin: smaller than the median areas', async () => {
    // At 0 dBm the signal falls from −68 dBm 1 km out to −79 dBm at the 3.5 km radius: the margin takes the outer cells out of Poor.
    const job = () => ({ heights: hills(), receiverM: 6, propagation: PROPAGATION, antennas: [{ tower: { ...TOWER, powerDbm: 0 }, sectorId: null }] });
    /** The Poor area's size, square degrees: the shoelace over its rings (holes run clockwise, negative). */
    const poorArea = (areasJson: string) => {
      const [poor] = (JSON.parse(areasJson) as { features: { geometry: { coordinates: number[][][][] } }[] }).features;
      let sum = 0;
      for (const ring of poor!.geometry.coordinates.flat())
        for (let i = 0; i < ring.length - 1; i++) sum += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
      return sum / 2;
    };
    const median = await computeFootprintInWorker(job(), () => undefined);
    const reliable = await computeFootprintInWorker({ ...job(), reliabilityMarginDb: 5.24 }, () => undefined);
    // The grids are the same (the margin is the drawing's only); the Poor area shrinks.
    expect(Array.from(reliable.footprint.signalDeciDbm)).toEqual(Array.from(median.footprint.signalDeciDbm));
    expect(poorArea(reliable.areasJson)).toBeGreaterThan(0);
    expect(poorArea(reliable.areasJson)).toBeLessThan(poorArea(median.areasJson));
  }, 60_000);

  it('gives a tower whose sectors are all off an empty footprint', async () => {
    const { footprint, areasJson } = await computeFootprintInWorker(
      { heights: hills(), receiverM: 6, propagation: PROPAGATION, antennas: [] },
      () => undefined,
    );
    expect(footprint.signalDeciDbm.every((value) => value === -32768)).toBe(true);
    expect(footprint.servingAntenna!.every((index) => index === NO_ANTENNA)).toBe(true);
    expect(JSON.parse(areasJson).features).toEqual([]);
  }, 30_000);
});
