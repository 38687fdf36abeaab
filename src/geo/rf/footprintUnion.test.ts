import { describe, expect, it } from 'vitest';
import { type Footprint, isFresnel60Clear, isLineOfSight, NO_SIGNAL } from './footprint.js';
import { NO_ANTENNA, uniteFootprints } from './footprintUnion.js';

const FRAME = { south: -33.5, west: 18.5, cellLatDeg: 0.001, cellLngDeg: 0.001, rows: 1, cols: 4 };

/** A one-row footprint of four cells: signal in dBm (null: none), and which cells see the antenna or have a clear Fresnel zone. */
function part(cells: { dbm: number | null; sees: boolean; fresnel?: boolean }[]): Footprint {
  const lineOfSight = new Uint8Array(1);
  const fresnel60 = new Uint8Array(1);
  cells.forEach((cell, index) => {
    if (cell.sees) lineOfSight[0]! |= 1 << index;
    if (cell.fresnel) fresnel60[0]! |= 1 << index;
  });
  return { ...FRAME, signalDeciDbm: Int16Array.from(cells, (cell) => (cell.dbm === null ? NO_SIGNAL : cell.dbm * 10)), fresnel60, lineOfSight };
}

describe('uniteFootprints', () => {
  // Cell 0: A sees at −85 dBm, B is hidden at −70. Cell 1: both see, B stronger. Cell 2: neither
  // sees, A stronger. Cell 3: neither has anything.
  const a = part([
    { dbm: -85, sees: true, fresnel: false },
    { dbm: -75, sees: true, fresnel: false },
    { dbm: -95, sees: false },
    { dbm: null, sees: false },
  ]);
  const b = part([
    { dbm: -70, sees: false },
    { dbm: -60, sees: true, fresnel: true },
    { dbm: -99, sees: false },
    { dbm: null, sees: false },
  ]);
  const union = uniteFootprints([a, b], FRAME);

  it('serves a cell from the sector that sees it, even when a hidden one is stronger, taking the whole cell from it', () => {
    expect(union.servingAntenna![0]).toBe(0);
    expect(union.signalDeciDbm[0]).toBe(-850);
    expect(isLineOfSight(union, 0)).toBe(true);
  });

  it('serves a cell both sectors see from the stronger, with its Fresnel bit', () => {
    expect(union.servingAntenna![1]).toBe(1);
    expect(union.signalDeciDbm[1]).toBe(-600);
    expect(isFresnel60Clear(union, 1)).toBe(true);
  });

  it('keeps the stronger hidden signal where no sector sees, and no sector where none has anything', () => {
    expect([union.servingAntenna![2], union.signalDeciDbm[2], isLineOfSight(union, 2)]).toEqual([0, -950, false]);
    expect([union.servingAntenna![3], union.signalDeciDbm[3]]).toEqual([NO_ANTENNA, NO_SIGNAL]);
  });

  it('never mixes one sector’s line of sight with another’s Fresnel bit', () => {
    // A sees cell 0 with its Fresnel zone blocked; B, hidden, has its bit set there: the cell keeps A's.
    const hiddenClear = part([{ dbm: -70, sees: false, fresnel: true }, ...Array.from({ length: 3 }, () => ({ dbm: null, sees: false }))]);
    expect(isFresnel60Clear(uniteFootprints([a, hiddenClear], FRAME), 0)).toBe(false);
  });

  it('is empty for a tower with no sector on', () => {
    const empty = uniteFootprints([], FRAME);
    expect(Array.from(empty.signalDeciDbm)).toEqual([NO_SIGNAL, NO_SIGNAL, NO_SIGNAL, NO_SIGNAL]);
    expect([0, 1, 2, 3].some((cell) => isLineOfSight(empty, cell))).toBe(false);
    expect(Array.from(empty.servingAntenna!)).toEqual([NO_ANTENNA, NO_ANTENNA, NO_ANTENNA, NO_ANTENNA]);
  });
});
