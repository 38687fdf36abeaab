import { describe, expect, it } from 'vitest';
import { NO_SIGNAL, type Footprint } from './footprint.js';
import { calibrateFootprint } from './footprintCalibration.js';

/** 2 x 3 cells of 0.01° from (−33, 18): a signal of −70.0 dBm everywhere but the north-east cell. */
function small(): Footprint {
  const signalDeciDbm = Int16Array.from([-700, -700, -700, -700, -700, NO_SIGNAL]);
  return { south: -33, west: 18, cellLatDeg: 0.01, cellLngDeg: 0.01, rows: 2, cols: 3, signalDeciDbm, fresnel60: new Uint8Array(1) };
}

describe('calibrateFootprint', () => {
  it("adds each cell's correction for its receiver class at its centre, and leaves cells without a signal without one", () => {
    const footprint = small();
    // Codes: 1 trees, 3 urban, 0 outside every area (open).
    const codes = Uint8Array.from([0, 1, 3, 0, 0, 1]);
    const asked: [string, number, number][] = [];
    calibrateFootprint(
      footprint,
      (receiverClass, lat, lng) => {
        asked.push([receiverClass, lat, lng]);
        return { open: 1.24, trees: -6, urban: -12.5 }[receiverClass as 'open' | 'trees' | 'urban'];
      },
      codes,
    );
    expect(Array.from(footprint.signalDeciDbm)).toEqual([-688, -760, -825, -688, -688, NO_SIGNAL]);
    expect(asked[1]).toEqual(['trees', -33, 18.01]);
    expect(asked[3]![1]).toBeCloseTo(-32.99, 10);
    expect(asked).toHaveLength(5);
  });

  it('takes every cell as open without a clutter raster, and keeps a huge correction inside the grid', () => {
    const footprint = small();
    calibrateFootprint(footprint, (receiverClass) => (receiverClass === 'open' ? -5000 : 0));
    expect(Array.from(footprint.signalDeciDbm.slice(0, 5))).toEqual(new Array(5).fill(NO_SIGNAL + 1));
  });
});
