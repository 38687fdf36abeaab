import { describe, expect, it } from 'vitest';
import { NO_SIGNAL, type Footprint } from './footprint.js';
import { calibrateFootprints } from './footprintCalibration.js';

/** 2 x 3 cells of 0.01° from (−33, 18): a signal of −70.0 dBm everywhere but the cells named without one. */
function small(without: number[] = [5]): Footprint {
  const signalDeciDbm = Int16Array.from({ length: 6 }, (_, cell) => (without.includes(cell) ? NO_SIGNAL : -700));
  return { south: -33, west: 18, cellLatDeg: 0.01, cellLngDeg: 0.01, rows: 2, cols: 3, signalDeciDbm, fresnel60: new Uint8Array(1) };
}

const CLASS_OFFSETS: Record<string, number> = { open: 1.24, trees: -6, suburban: 0, urban: -12.5, water: 0 };

describe('calibrateFootprints', () => {
  it("adds each cell's offsets for its receiver class, and leaves cells without a signal without one", () => {
    const footprint = small();
    // Codes: 1 trees, 3 urban, 0 outside every area (open).
    const codes = Uint8Array.from([0, 1, 3, 0, 0, 1]);
    calibrateFootprints([footprint], [(receiverClass) => CLASS_OFFSETS[receiverClass]!], () => 0, codes);
    expect(Array.from(footprint.signalDeciDbm)).toEqual([-688, -760, -825, -688, -688, NO_SIGNAL]);
  });

  it("adds the spatial part, asked once a cell at its centre for all the antennas, and each antenna's own offsets", () => {
    const [a, b] = [small([5]), small([0, 5])];
    const asked: [number, number][] = [];
    calibrateFootprints([a, b], [() => 0, () => -3.5], (lat, lng) => {
      asked.push([lat, lng]);
      return 2;
    });
    expect(Array.from(a.signalDeciDbm)).toEqual([-680, -680, -680, -680, -680, NO_SIGNAL]);
    expect(Array.from(b.signalDeciDbm)).toEqual([NO_SIGNAL, -715, -715, -715, -715, NO_SIGNAL]);
    // Cell 5 has no signal in either: nothing asked there.
    expect(asked).toHaveLength(5);
    expect(asked[1]).toEqual([-33, 18.01]);
    expect(asked[3]![0]).toBeCloseTo(-32.99, 10);
  });

  it('takes every cell as open without a clutter raster, and keeps a huge correction inside the grid', () => {
    const footprint = small();
    calibrateFootprints([footprint], [(receiverClass) => (receiverClass === 'open' ? -5000 : 0)], () => 0);
    expect(Array.from(footprint.signalDeciDbm.slice(0, 5))).toEqual(new Array(5).fill(NO_SIGNAL + 1));
  });
});
