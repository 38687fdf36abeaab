/**
 * computeFootprint with propagation settings and a sector antenna: known answers for ITM per cell,
 * clutter, the pattern's gain, and the footprint of before when neither is given.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_M } from '../sphere.js';
import { antennaPatternDb } from './antenna/antennaPatternDb.js';
import { BUILTIN_PATTERNS } from './antenna/builtinPatterns.js';
import { cellAt, computeFootprint, type Footprint, type FootprintTower, type HeightGrid, isFresnel60Clear, isLineOfSight, NO_SIGNAL } from './footprint.js';
import { ITM_DEFAULTS } from './itm/parameters.js';
import { itmPointToPoint } from './itm/pointToPoint.js';
import { elevationAngleDeg, type PropagationSettings } from './propagationSettings.js';
import { freeSpacePathLossDb } from './radio.js';

const M_PER_DEG = (Math.PI * EARTH_RADIUS_M) / 180;
const CELL_M = 50;

/** A square grid of CELL_M cells centred on (0, 0), heights from f(eastM, northM). */
function grid(halfSizeM: number, f: (eastM: number, northM: number) => number): HeightGrid {
  const cellDeg = CELL_M / M_PER_DEG;
  const half = Math.ceil(halfSizeM / CELL_M);
  const side = 2 * half + 1;
  const heightsM = new Float32Array(side * side);
  for (let r = 0; r < side; r++) for (let c = 0; c < side; c++) heightsM[r * side + c] = f((c - half) * CELL_M, (r - half) * CELL_M);
  return { south: -half * cellDeg, west: -half * cellDeg, cellLatDeg: cellDeg, cellLngDeg: cellDeg, rows: side, cols: side, heightsM };
}

const TOWER: FootprintTower = { lat: 0, lng: 0, antennaM: 30, frequencyHz: 5.8e9, radiusM: 5_000, powerDbm: 27, txGainDbi: 17, rxGainDbi: 23 };
const itmSettings = (clutterHeightM = 0): PropagationSettings => ({ model: 'itm', itm: { ...ITM_DEFAULTS }, clutterHeightM });
const knifeEdge = (clutterHeightM = 0): PropagationSettings => ({ model: 'free_space_knife_edge', itm: { ...ITM_DEFAULTS }, clutterHeightM });

const cellOf = (footprint: Footprint, eastM: number, northM: number) => cellAt(footprint, northM / M_PER_DEG, eastM / M_PER_DEG);
const dbmAt = (footprint: Footprint, eastM: number, northM: number): number | null => {
  const value = footprint.signalDeciDbm[cellOf(footprint, eastM, northM)]!;
  return value === NO_SIGNAL ? null : value / 10;
};

describe('computeFootprint with ITM', () => {
  // Heights vary with the easting alone, so the ray due east samples the grid's own values.
  const terrain = (east: number) => 100 + 40 * Math.sin(east / 700) + (east > 1_500 && east < 1_700 ? 60 : 0);
  const heights = grid(5_200, terrain);

  it.each([0, 4])('gives a cell due east what itmPointToPoint gives its profile (clutter %d m between the ends)', (clutterM) => {
    const footprint = computeFootprint({ heights, tower: TOWER, receiverM: 6, propagation: itmSettings(clutterM) });
    for (const steps of [5, 40, 90]) {
      const profileM = Array.from({ length: steps + 1 }, (_, i) => Math.fround(terrain(i * CELL_M)) + (i > 0 && i < steps ? clutterM : 0));
      const itm = itmPointToPoint({ profileM, spacingM: CELL_M, txHeightM: 30, rxHeightM: 6, frequencyMHz: 5800 });
      if (!itm.ok) throw new Error(itm.error);
      expect(Math.abs(dbmAt(footprint, steps * CELL_M, 0)! - (27 + 17 + 23 - itm.lossDb)), `${steps} cells east`).toBeLessThanOrEqual(0.05 + 1e-9);
    }
  });

  it('gives every cell within the radius a signal, and says which see the tower', () => {
    const footprint = computeFootprint({ heights, tower: TOWER, receiverM: 6, propagation: itmSettings() });
    const behindRidge = cellOf(footprint, 1_900, 0);
    expect(footprint.signalDeciDbm[behindRidge]).not.toBe(NO_SIGNAL);
    expect(isLineOfSight(footprint, behindRidge)).toBe(false);
    expect(isFresnel60Clear(footprint, behindRidge)).toBe(false);
    expect(isLineOfSight(footprint, cellOf(footprint, 1_000, 0))).toBe(true);
    expect(dbmAt(footprint, 5_150, 0)).toBeNull();
    let inside = 0;
    let withSignal = 0;
    for (let cell = 0; cell < footprint.rows * footprint.cols; cell++) {
      const row = Math.floor(cell / footprint.cols) - (footprint.rows - 1) / 2;
      const col = (cell % footprint.cols) - (footprint.cols - 1) / 2;
      if (Math.hypot(row, col) * CELL_M > TOWER.radiusM - CELL_M) continue;
      inside++;
      if (footprint.signalDeciDbm[cell] !== NO_SIGNAL) withSignal++;
    }
    expect(withSignal).toBe(inside);
  });
});

describe('computeFootprint with clutter', () => {
  // Flat earth (k huge), flat ground: a 40 m tower top and 6 m receivers over 10 m of clutter. The
  // ray drops to 10 m one cell before the target when 34 · 50 / D = 4, D = 425 m.
  const heights = grid(2_000, () => 0);
  const tower = { ...TOWER, antennaM: 40, radiusM: 1_800 };

  it('blocks cells the clutter hides, and only those; the target stands on its own ground', () => {
    const without = computeFootprint({ heights, tower, receiverM: 6, k: 1e12, propagation: knifeEdge(0) });
    const cluttered = computeFootprint({ heights, tower, receiverM: 6, k: 1e12, propagation: knifeEdge(10) });
    for (const eastM of [300, 400]) expect(isLineOfSight(cluttered, cellOf(cluttered, eastM, 0)), `${eastM} m`).toBe(true);
    for (const eastM of [450, 1_000, 1_700]) {
      expect(isLineOfSight(without, cellOf(without, eastM, 0)), `${eastM} m without clutter`).toBe(true);
      expect(isLineOfSight(cluttered, cellOf(cluttered, eastM, 0)), `${eastM} m with clutter`).toBe(false);
      expect(dbmAt(cluttered, eastM, 0)).toBeNull();
    }
  });

  it('costs ITM loss where it raises the terrain', () => {
    const flat = computeFootprint({ heights, tower, receiverM: 6, k: 1e12, propagation: itmSettings(0) });
    const cluttered = computeFootprint({ heights, tower, receiverM: 6, k: 1e12, propagation: itmSettings(10) });
    expect(dbmAt(cluttered, 1_500, 0)!).toBeLessThan(dbmAt(flat, 1_500, 0)! - 1);
  });
});

describe('computeFootprint with a sector antenna', () => {
  const sector = BUILTIN_PATTERNS.find((p) => p.id === 'sector_90')!.pattern;
  const mount = { azimuthDeg: 90, downtiltDeg: 2 };
  const heights = grid(3_000, () => 0);
  const footprint = computeFootprint({ heights, tower: TOWER, receiverM: 6, antenna: { pattern: sector, mount } });

  it.each([
    ['ahead', 2_000, 0, 90],
    ['at the side', 0, 2_000, 0],
    ['behind', -2_000, 0, 270],
  ])('gives the pattern gain toward a cell %s: peak gain + the pattern at its bearing and elevation angle', (_, eastM, northM, bearingDeg) => {
    const distanceM = Math.hypot(eastM, northM);
    const gainDbi = sector.gainDbi + antennaPatternDb(sector, mount, bearingDeg, elevationAngleDeg(distanceM, 30, 6));
    const expected = 27 + gainDbi + 23 - freeSpacePathLossDb(distanceM, 5.8e9);
    expect(dbmAt(footprint, eastM, northM)!).toBeCloseTo(expected, 1);
  });

  it('is weaker behind the sector by about its front-to-back ratio', () => {
    expect(dbmAt(footprint, 2_000, 0)! - dbmAt(footprint, -2_000, 0)!).toBeGreaterThan(20);
  });
});

describe('computeFootprint without propagation settings', () => {
  const cellDeg = 60 / M_PER_DEG;
  const half = 60;
  const side = 2 * half + 1;
  const heightsM = new Float32Array(side * side);
  for (let r = 0; r < side; r++) {
    for (let c = 0; c < side; c++)
      heightsM[r * side + c] = 200 + 60 * Math.sin(((c - half) * 60) / 700) * Math.cos(((r - half) * 60) / 900) + 25 * Math.sin(((c + r) * 60) / 1300);
  }
  const heights: HeightGrid = { south: -half * cellDeg, west: -half * cellDeg, cellLatDeg: cellDeg, cellLngDeg: cellDeg, rows: side, cols: side, heightsM };
  const tower = { ...TOWER, lat: 0.3 * cellDeg, lng: -0.2 * cellDeg, radiusM: 3_400 };

  it('is the footprint of before to the byte (its digest from the single-pass sweep the two passes replaced)', () => {
    const footprint = computeFootprint({ heights, tower, receiverM: 6 });
    const digest = createHash('sha256').update(new Uint8Array(footprint.signalDeciDbm.buffer)).update(footprint.fresnel60).digest('hex');
    expect(digest).toBe('999d35b982fe05c8541e7adb20981815e05bcdc9b8c0537caa2a986e41a812f9');
    expect(footprint.lineOfSight).toBeUndefined();
  });

  it("equals today's model given as settings without clutter, whose line-of-sight grid marks the cells with a signal", () => {
    const before = computeFootprint({ heights, tower, receiverM: 6 });
    const settled = computeFootprint({ heights, tower, receiverM: 6, propagation: knifeEdge(0) });
    expect(settled.signalDeciDbm).toEqual(before.signalDeciDbm);
    expect(settled.fresnel60).toEqual(before.fresnel60);
    for (let cell = 0; cell < before.rows * before.cols; cell++) {
      if (isLineOfSight(settled, cell) !== (before.signalDeciDbm[cell] !== NO_SIGNAL)) throw new Error(`cell ${cell}`);
    }
  });
});
