import { describe, expect, it } from 'vitest';
import { BUILTIN_PATTERNS } from '../../geo/rf/antenna/builtinPatterns.js';
import { computeFootprint, type HeightGrid } from '../../geo/rf/footprint.js';
import { ITM_DEFAULTS } from '../../geo/rf/itm/parameters.js';
import { computeFootprintInWorker, type FootprintJob } from './footprintCompute.js';

/** 81 x 81 cells of 0.001° around (−33.5, 18.5), rolling hills. */
function hills(): HeightGrid {
  const side = 81;
  const heightsM = Float32Array.from({ length: side * side }, (_, cell) => 200 + 40 * Math.sin((cell % side) / 6) * Math.cos(Math.floor(cell / side) / 9));
  return { south: -33.54, west: 18.46, cellLatDeg: 0.001, cellLngDeg: 0.001, rows: side, cols: side, heightsM };
}

describe('computeFootprintInWorker', () => {
  it('carries the propagation settings and the sector antenna to the worker, and brings the line-of-sight bits back', async () => {
    const job: FootprintJob = {
      heights: hills(),
      tower: { lat: -33.5, lng: 18.5, antennaM: 20, frequencyHz: 5.8e9, radiusM: 3_500, powerDbm: 27, txGainDbi: 17, rxGainDbi: 23 },
      receiverM: 6,
      propagation: { model: 'itm', itm: { ...ITM_DEFAULTS }, clutterHeightM: 3 },
      antenna: { pattern: BUILTIN_PATTERNS.find((p) => p.id === 'sector_90')!.pattern, mount: { azimuthDeg: 120, downtiltDeg: 3 } },
    };
    const here = computeFootprint({ ...job, heights: hills() });
    const { footprint } = await computeFootprintInWorker(job, () => undefined);
    expect(footprint.lineOfSight).toBeDefined();
    expect(Array.from(footprint.lineOfSight!)).toEqual(Array.from(here.lineOfSight!));
    expect(Array.from(footprint.signalDeciDbm)).toEqual(Array.from(here.signalDeciDbm));
  }, 30_000);
});
