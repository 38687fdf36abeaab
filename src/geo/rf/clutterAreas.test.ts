/**
 * Clutter areas (docs/radio-model.md, Clutter): per-sample clutter heights on a path, the
 * receiver's extra loss, the overlap rule, and the footprint's per-cell raster, with known answers.
 */
import { describe, expect, it } from 'vitest';
import { ITM_DEFAULTS } from '../../common/itmInputs.js';
import { EARTH_RADIUS_M } from '../sphere.js';
import { packRing } from '../packedGeometry.js';
import { ClutterMap } from './clutterMap.js';
import { cellAt, computeFootprint, type FootprintTower, type HeightGrid, isLineOfSight, NO_SIGNAL } from './footprint.js';
import { clutterHeightsAlong, type LossPath, pathLoss, withClutter } from './pathLoss.js';
import type { ClutterClassRadio, PropagationSettings } from './propagationSettings.js';

/** The classes in CLUTTER_CLASSES order: trees 15 m / 6 dB, suburban 9 m, urban 20 m, water 0 m. */
const CLASSES: ClutterClassRadio[] = [
  { heightM: 15, extraLossDb: 6 },
  { heightM: 9, extraLossDb: 0 },
  { heightM: 20, extraLossDb: 0 },
  { heightM: 0, extraLossDb: 0 },
];
const TREES = 1;
const SUBURBAN = 2;
const settings = (model: PropagationSettings['model'], clutterHeightM = 0, clutterClasses = CLASSES): PropagationSettings => ({
  model,
  itm: { ...ITM_DEFAULTS },
  clutterHeightM,
  clutterClasses,
});

/** 10 km of a plain 100 m above sea level in 101 samples, 40 m and 6 m antennas, 5.8 GHz. */
function plain(codes?: Uint8Array): LossPath {
  return {
    distancesM: Float64Array.from({ length: 101 }, (_, i) => i * 100),
    terrainM: new Float64Array(101).fill(100),
    txAntennaM: 40,
    rxAntennaM: 6,
    frequencyHz: 5.8e9,
    ...(codes && { clutterCodes: codes }),
  };
}

/** A square ring [lng, lat] from (west, south) to (east, north). */
const square = (west: number, south: number, east: number, north: number) =>
  packRing([
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ]);

describe('pathLoss with clutter areas', () => {
  it.each(['itm', 'free_space_knife_edge'] as const)(
    'over an area of a class covering the whole path equals a uniform clutter of that height (%s), plus the class extra loss',
    (model) => {
      const noExtra = CLASSES.map((c) => ({ ...c, extraLossDb: 0 }));
      const inArea = pathLoss(plain(new Uint8Array(101).fill(SUBURBAN)), settings(model, 0, noExtra));
      const uniform = pathLoss(plain(), settings(model, 9));
      expect(inArea.totalDb).toBe(uniform.totalDb);
      expect(inArea.clutterDb).toBe(uniform.clutterDb);
      expect(inArea.analysis.clear).toBe(uniform.analysis.clear);
      expect(inArea.analysis.requiredRxAntennaM).toBe(uniform.analysis.requiredRxAntennaM);
      // Trees (15 m, 6 dB): a uniform 15 m and 6 dB more, in the total and in the clutter term alike.
      const trees = pathLoss(plain(new Uint8Array(101).fill(TREES)), settings(model));
      const uniformTrees = pathLoss(plain(), settings(model, 15));
      expect(trees.totalDb).toBeCloseTo(uniformTrees.totalDb + 6, 9);
      expect(trees.clutterDb).toBeCloseTo(uniformTrees.clutterDb + 6, 9);
      expect(trees.analysis.clear).toBe(uniformTrees.analysis.clear);
    },
  );

  it('changes only the samples inside an area, and never the ends', () => {
    const codes = new Uint8Array(101);
    codes.fill(TREES, 0, 11).fill(SUBURBAN, 40, 61);
    const heights = clutterHeightsAlong(codes, settings('itm', 2));
    const cluttered = withClutter(plain().terrainM, heights);
    expect(cluttered[0]).toBe(100);
    expect(cluttered[100]).toBe(100);
    expect(cluttered[5]).toBe(115);
    expect(cluttered[11]).toBe(102);
    expect(cluttered[50]).toBe(109);
    expect(cluttered[61]).toBe(102);
    // Nothing to add gives the same array back.
    const bare = plain().terrainM;
    expect(withClutter(bare, new Float64Array(101))).toBe(bare);
  });

  it("adds the receiver's class extra loss to the total and the clutter term, and none for the transmitter's", () => {
    const water = CLASSES.map((c, i) => (i === 3 ? { heightM: 0, extraLossDb: 7 } : c));
    const atReceiver = new Uint8Array(101);
    atReceiver[100] = 4;
    const atTransmitter = new Uint8Array(101);
    atTransmitter[0] = 4;
    const bare = pathLoss(plain(), settings('itm', 0, water));
    const received = pathLoss(plain(atReceiver), settings('itm', 0, water));
    expect(received.totalDb).toBeCloseTo(bare.totalDb + 7, 9);
    expect(received.clutterDb).toBeCloseTo(7, 9);
    expect(received.itmDb).toBe(bare.itmDb);
    expect(pathLoss(plain(atTransmitter), settings('itm', 0, water)).totalDb).toBe(bare.totalDb);
  });
});

describe('ClutterMap', () => {
  const older = { code: TREES, polygons: [[square(0, 0, 2, 2)]] };
  const newer = { code: SUBURBAN, polygons: [[square(1, 1, 3, 3)]] };

  it('answers the last uploaded area where areas overlap, either one elsewhere, 0 outside', () => {
    const map = new ClutterMap([older, newer]);
    expect(map.codeAt(1.5, 1.5)).toBe(SUBURBAN);
    expect(map.codeAt(0.5, 0.5)).toBe(TREES);
    expect(map.codeAt(2.5, 2.5)).toBe(SUBURBAN);
    expect(map.codeAt(5, 5)).toBe(0);
    expect(new ClutterMap([newer, older]).codeAt(1.5, 1.5)).toBe(TREES);
    expect(Array.from(map.codesAlong([0.5, 1.5, 5], [0.5, 1.5, 5]))).toEqual([TREES, SUBURBAN, 0]);
  });

  it('leaves holes out', () => {
    const ring = new ClutterMap([{ code: TREES, polygons: [[square(0, 0, 4, 4), square(1, 1, 3, 3)]] }]);
    expect(ring.codeAt(2, 2)).toBe(0);
    expect(ring.codeAt(0.5, 2)).toBe(TREES);
  });

  it("gives each cell of a grid its centre's class, and nothing to a grid no area touches", () => {
    const frame = { south: -0.5, west: -0.5, cellLatDeg: 1, cellLngDeg: 1, rows: 5, cols: 5 };
    const raster = new ClutterMap([older, newer]).raster(frame);
    // Cell (r, c) is centred on (lat −0.5 + r, lng −0.5 + c).
    const at = (lat: number, lng: number) => raster[cellAt(frame, lat, lng)];
    expect(at(0.5, 0.5)).toBe(TREES);
    expect(at(1.5, 1.5)).toBe(SUBURBAN);
    expect(at(2.5, 0.5)).toBe(0);
    expect(at(3.5, 3.5)).toBe(0);
    expect(Array.from(new ClutterMap([{ code: TREES, polygons: [[square(10, 10, 11, 11)]] }]).raster(frame)).every((code) => code === 0)).toBe(true);
  });
});

describe('computeFootprint with a clutter raster', () => {
  const M_PER_DEG = (Math.PI * EARTH_RADIUS_M) / 180;
  const CELL_M = 50;
  const cellDeg = CELL_M / M_PER_DEG;
  const half = 40;
  const side = 2 * half + 1;
  const heights: HeightGrid = {
    south: -half * cellDeg,
    west: -half * cellDeg,
    cellLatDeg: cellDeg,
    cellLngDeg: cellDeg,
    rows: side,
    cols: side,
    heightsM: new Float32Array(side * side),
  };
  const tower: FootprintTower = { lat: 0, lng: 0, antennaM: 40, frequencyHz: 5.8e9, radiusM: 1_800, powerDbm: 27, txGainDbi: 17, rxGainDbi: 23 };
  const cellOf = (eastM: number) => cellAt(heights, 0, eastM / M_PER_DEG);

  it.each(['itm', 'free_space_knife_edge'] as const)(
    'over a raster all of one class equals a uniform clutter of its height, less its extra loss (%s)',
    (model) => {
      const allTrees = new Uint8Array(side * side).fill(TREES);
      const treed = computeFootprint({ heights, tower, receiverM: 6, k: 1e12, propagation: settings(model), clutterCodes: allTrees });
      const uniform = computeFootprint({ heights, tower, receiverM: 6, k: 1e12, propagation: settings(model, 15) });
      expect(treed.lineOfSight).toEqual(uniform.lineOfSight);
      for (const eastM of [200, 400, 1_000, 1_700]) {
        const cell = cellOf(eastM);
        const expected = uniform.signalDeciDbm[cell] === NO_SIGNAL ? NO_SIGNAL : uniform.signalDeciDbm[cell]! - 60;
        expect(treed.signalDeciDbm[cell], `${eastM} m`).toBe(expected);
      }
    },
  );

  it('reads the class of the cells a ray crosses: trees from 700 m to 900 m east block the cells behind them, and only those', () => {
    const codes = new Uint8Array(side * side);
    for (let r = 0; r < side; r++) for (let c = half + 14; c <= half + 18; c++) codes[r * side + c] = TREES;
    const none = settings(
      'free_space_knife_edge',
      0,
      CLASSES.map((c) => ({ ...c, extraLossDb: 0 })),
    );
    const footprint = computeFootprint({ heights, tower, receiverM: 6, k: 1e12, propagation: none, clutterCodes: codes });
    // The ray from 40 m down to a 6 m antenna 1 km east passes 9.4 m above the ground at 900 m: under the 15 m trees.
    expect(isLineOfSight(footprint, cellOf(600))).toBe(true);
    expect(isLineOfSight(footprint, cellOf(1_000))).toBe(false);
    expect(isLineOfSight(computeFootprint({ heights, tower, receiverM: 6, k: 1e12, propagation: none }), cellOf(1_000))).toBe(true);
    // Due west nothing stands.
    expect(isLineOfSight(footprint, cellAt(heights, 0, -1_000 / M_PER_DEG))).toBe(true);
  });

  it("asks the exact class only by an area's edge, so the edge is where the area says, not where the raster rounds it", () => {
    // Raster: trees from 1,000 m to 1,200 m east. A 6 m antenna 1,650 m east is seen over them:
    // the ray passes 15.27 m above the ground at 1,200 m, and 14.24 m at 1,250 m.
    const codes = new Uint8Array(side * side);
    for (let r = 0; r < side; r++) for (let c = half + 20; c <= half + 24; c++) codes[r * side + c] = TREES;
    const target = cellOf(1_650);
    const asked: number[] = [];
    const treesTo = (eastEndM: number) => (lng: number) => {
      const eastM = lng * M_PER_DEG;
      asked.push(Math.round(eastM / CELL_M));
      return eastM >= 975 && eastM <= eastEndM ? TREES : 0;
    };
    const sweep = (exact: (lng: number, lat: number) => number) =>
      computeFootprint({ heights, tower, receiverM: 6, k: 1e12, propagation: settings('free_space_knife_edge'), clutterCodes: codes, clutterCodeAt: exact });
    expect(isLineOfSight(sweep(treesTo(1_225)), target)).toBe(true);
    // Only cells beside the edge (columns 19, 20, 24 and 25 east of the tower, near the row) were asked.
    expect(new Set(asked.filter((col) => col > 0))).toEqual(new Set([19, 20, 24, 25]));
    // The area really reaches 1,260 m: the sample at 1,250 m, rounded outside by the raster, is trees.
    expect(isLineOfSight(sweep(treesTo(1_260)), target)).toBe(false);
  });
});
