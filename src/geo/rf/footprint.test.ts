import { describe, expect, it } from 'vitest';
import { signalBand } from '../../common/signalBands.js';
import { EARTH_RADIUS_M } from '../sphere.js';
import { cellAt, computeFootprint, heightAt, isFresnel60Clear, NO_SIGNAL, type FootprintTower, type HeightGrid } from './footprint.js';
import { analysePath } from './pathProfile.js';
import { freeSpacePathLossDb } from './radio.js';

const M_PER_DEG = (Math.PI * EARTH_RADIUS_M) / 180;
const ORIGIN = { lat: 0, lng: 0 };

/** A square grid centred on ORIGIN, `cellM` metres a cell (at the equator), heights from f(eastM, northM). */
function grid(halfSizeM: number, cellM: number, f: (eastM: number, northM: number) => number): HeightGrid {
  const cellDeg = cellM / M_PER_DEG;
  const half = Math.ceil(halfSizeM / cellM);
  const side = 2 * half + 1;
  const heightsM = new Float32Array(side * side);
  for (let r = 0; r < side; r++) for (let c = 0; c < side; c++) heightsM[r * side + c] = f((c - half) * cellM, (r - half) * cellM);
  return { south: ORIGIN.lat - half * cellDeg, west: ORIGIN.lng - half * cellDeg, cellLatDeg: cellDeg, cellLngDeg: cellDeg, rows: side, cols: side, heightsM };
}

function tower(overrides: Partial<FootprintTower> = {}): FootprintTower {
  return { ...ORIGIN, antennaM: 30, frequencyHz: 5.8e9, radiusM: 10_000, powerDbm: 27, txGainDbi: 17, rxGainDbi: 23, ...overrides };
}

/** The signal (dBm) of the cell at a point east/north of the origin, or null where it does not see the tower. */
function signalAt(footprint: ReturnType<typeof computeFootprint>, eastM: number, northM: number): number | null {
  const cell = cellAt(footprint, northM / M_PER_DEG, eastM / M_PER_DEG);
  expect(cell).toBeGreaterThanOrEqual(0);
  const value = footprint.signalDeciDbm[cell]!;
  return value === NO_SIGNAL ? null : value / 10;
}

describe('computeFootprint on flat ground', () => {
  it('is a disc of the coverage radius when the radio horizon lies beyond it', () => {
    const footprint = computeFootprint({ heights: grid(12_000, 100, () => 0), tower: tower({ radiusM: 10_000 }), receiverM: 6 });
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const [east, north] = [Math.sin((bearing * Math.PI) / 180), Math.cos((bearing * Math.PI) / 180)];
      expect(signalAt(footprint, east * 9_800, north * 9_800), `bearing ${bearing}° inside`).not.toBeNull();
      expect(signalAt(footprint, east * 10_300, north * 10_300), `bearing ${bearing}° outside`).toBeNull();
    }
  });

  it('is a disc of the radio horizon when that is nearer than the coverage radius', () => {
    // With k = 4/3 the horizons of a 30 m tower and a 6 m receiver add up to about 32.67 km.
    const twoKR = 2 * (4 / 3) * EARTH_RADIUS_M;
    const horizonM = Math.sqrt(twoKR * 30) + Math.sqrt(twoKR * 6);
    expect(horizonM).toBeCloseTo(32_673, -1);
    const footprint = computeFootprint({ heights: grid(40_000, 250, () => 0), tower: tower({ radiusM: 40_000 }), receiverM: 6 });
    for (let bearing = 0; bearing < 360; bearing += 30) {
      const [east, north] = [Math.sin((bearing * Math.PI) / 180), Math.cos((bearing * Math.PI) / 180)];
      expect(signalAt(footprint, east * (horizonM - 400), north * (horizonM - 400)), `bearing ${bearing}° inside`).not.toBeNull();
      expect(signalAt(footprint, east * (horizonM + 400), north * (horizonM + 400)), `bearing ${bearing}° outside`).toBeNull();
    }
  });

  it('gives the link budget of a clear path: power + gains − free-space loss', () => {
    const footprint = computeFootprint({ heights: grid(6_000, 100, () => 0), tower: tower(), receiverM: 6 });
    const expected = 27 + 17 + 23 - freeSpacePathLossDb(5_000, 5.8e9);
    expect(signalAt(footprint, 5_000, 0)).toBeCloseTo(expected, 1);
  });
});

describe('computeFootprint behind a ridge', () => {
  // Flat earth (k huge), a 40 m tower top, a 20 m wall 2.95-3.05 km east, receivers at 6 m: the
  // ray over the wall's far edge (20 m at 3,050 m) reaches 6 m again at 34 / (20 / 3,050) = 5,185 m.
  const heights = grid(8_000, 50, (east) => (east >= 2_950 && east <= 3_050 ? 20 : 0));
  const footprint = computeFootprint({ heights, tower: tower({ antennaM: 40, radiusM: 7_500 }), receiverM: 6, k: 1e12 });

  it('casts the shadow geometry predicts, and nothing elsewhere', () => {
    expect(signalAt(footprint, 2_000, 0)).not.toBeNull();
    expect(signalAt(footprint, 3_500, 0)).toBeNull();
    expect(signalAt(footprint, 4_800, 0)).toBeNull();
    expect(signalAt(footprint, 5_600, 0)).not.toBeNull();
    expect(signalAt(footprint, -4_000, 0)).not.toBeNull();
    expect(signalAt(footprint, 0, 4_000)).not.toBeNull();
  });

  it('loses signal to diffraction where the ray grazes the wall', () => {
    const open = signalAt(footprint, -5_600, 0)!;
    const grazing = signalAt(footprint, 5_600, 0)!;
    expect(open - grazing).toBeGreaterThan(3);
    const cell = cellAt(footprint, 0, 5_600 / M_PER_DEG);
    expect(isFresnel60Clear(footprint, cell)).toBe(false);
    expect(isFresnel60Clear(footprint, cellAt(footprint, 0, -5_600 / M_PER_DEG))).toBe(true);
  });

  it('agrees with the path analysis of each cell for at least 99% of random cells', () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    let agree = 0;
    const cells = 1000;
    for (let n = 0; n < cells; n++) {
      const distance = 200 + random() * 7_000;
      const bearing = random() * 2 * Math.PI;
      const [east, north] = [Math.sin(bearing) * distance, Math.cos(bearing) * distance];
      const footprintSignal = signalAt(footprint, east, north);
      const path = pathOver(heights, east, north);
      const analysis = analysePath({ ...path, txAntennaM: 40, rxAntennaM: 6, frequencyHz: 5.8e9, k: 1e12 });
      const pathSignal = 27 + 17 + 23 - freeSpacePathLossDb(distance, 5.8e9) - analysis.diffractionLossDb;
      const same = analysis.clear ? footprintSignal !== null && signalBand(footprintSignal) === signalBand(pathSignal) : footprintSignal === null;
      if (same) agree++;
    }
    expect(agree / cells).toBeGreaterThanOrEqual(0.99);
  });
});

/** Heights along the straight line from the origin to a point, sampled every half cell. */
function pathOver(heights: HeightGrid, east: number, north: number): { distancesM: Float64Array; terrainM: Float64Array } {
  const distance = Math.hypot(east, north);
  const count = Math.max(2, Math.ceil(distance / 25) + 1);
  const distancesM = new Float64Array(count);
  const terrainM = new Float64Array(count);
  const cellM = heights.cellLatDeg * M_PER_DEG;
  const originRow = (0 - heights.south) / heights.cellLatDeg;
  const originCol = (0 - heights.west) / heights.cellLngDeg;
  for (let i = 0; i < count; i++) {
    const f = i / (count - 1);
    distancesM[i] = distance * f;
    terrainM[i] = heightAt(heights, originRow + (north * f) / cellM, originCol + (east * f) / cellM);
  }
  return { distancesM, terrainM };
}
