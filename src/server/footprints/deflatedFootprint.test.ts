import { deflateSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type Footprint, NO_SIGNAL } from '../../geo/rf/footprint.js';
import { deflateFootprint, deflateText, inflatedBytes, inflateFootprint, inflateFootprintAsync, inflateText } from './deflatedFootprint.js';

/** A 7 x 9 grid (63 cells, 8 bytes of each bit grid): signal falling by a tenth of a dB a cell, every fifth cell none. */
function footprint(fields: Partial<Footprint> = {}): Footprint {
  const cells = 63;
  return {
    south: -33.6,
    west: 18.1,
    cellLatDeg: 0.001,
    cellLngDeg: 0.0012,
    rows: 7,
    cols: 9,
    signalDeciDbm: Int16Array.from({ length: cells }, (_, cell) => (cell % 5 === 0 ? NO_SIGNAL : -500 - cell)),
    fresnel60: Uint8Array.from({ length: 8 }, (_, i) => i * 17),
    lineOfSight: Uint8Array.from({ length: 8 }, (_, i) => 255 - i),
    servingAntenna: Uint8Array.from({ length: cells }, (_, cell) => (cell % 7 === 0 ? 255 : cell % 3)),
    ...fields,
  };
}

describe('a footprint deflated', () => {
  it('inflates back to the same grids, at once or in the thread pool', async () => {
    const grids = await deflateFootprint(footprint());
    expect(inflateFootprint(grids)).toEqual(footprint());
    expect(await inflateFootprintAsync(grids)).toEqual(footprint());
    // Signal 126 bytes, two bit grids of 8, a serving byte a cell.
    expect(inflatedBytes(footprint())).toBe(126 + 8 + 8 + 63);
  });

  it('reads an omni footprint of before (Fresnel bits alone, no serving sectors) as one', async () => {
    const omni = footprint({ lineOfSight: undefined, servingAntenna: undefined });
    delete omni.lineOfSight;
    delete omni.servingAntenna;
    const grids = await deflateFootprint(omni);
    expect(grids.servingSector).toBeNull();
    const read = inflateFootprint(grids);
    expect(read).toEqual(omni);
    expect(read.lineOfSight).toBeUndefined();
  });

  it('reads the rows fflate wrote (raw DEFLATE, as the repository stored them before)', () => {
    const written = footprint();
    const raw = (array: Int16Array | Uint8Array) => deflateSync(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), { level: 6 });
    const bits = new Uint8Array(16);
    bits.set(written.fresnel60);
    bits.set(written.lineOfSight!, 8);
    const read = inflateFootprint({ ...written, signal: raw(written.signalDeciDbm), bits: raw(bits), servingSector: raw(written.servingAntenna!) });
    expect(read).toEqual(written);
  });

  it('refuses grids that do not match their rows and columns', async () => {
    const grids = await deflateFootprint(footprint());
    expect(() => inflateFootprint({ ...grids, rows: 6 })).toThrow();
    expect(() => inflateFootprint({ ...grids, rows: 8 })).toThrow('the stored footprint does not match its 8 x 9 grid');
  });

  it('keeps band areas as deflated text', async () => {
    const areas = JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { band: 'Good – 5 GHz' }, geometry: null }] });
    const deflated = await deflateText(areas);
    expect(inflateText(deflated)).toBe(areas);
  });
});
