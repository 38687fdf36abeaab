import { describe, expect, it } from 'vitest';
import { halfPowerBeam } from './halfPowerBeam.js';

describe('halfPowerBeam', () => {
  it('finds the −3 dB crossings linearly in dB between entries, across the 0/360 wrap', () => {
    // 1 dB a degree off a peak at 350: 3 dB down 3° either side.
    const table = Array.from({ length: 360 }, (_, i) => Math.min(Math.abs(i - 350), 360 - Math.abs(i - 350)));
    expect(halfPowerBeam(table)).toEqual({ centreDeg: 350, widthDeg: 6 });
    const lopsided = table.map((db, i) => (i === 352 ? 1 : i === 353 ? 2 : i === 354 ? 4 : db));
    // Clockwise the crossing is half way from 353 (2 dB) to 354 (4 dB): 3.5° out; anticlockwise 3°.
    expect(halfPowerBeam(lopsided)).toEqual({ centreDeg: 350.25, widthDeg: 6.5 });
  });

  it('gives 360 for a cut that never falls 3 dB below its peak', () => {
    expect(halfPowerBeam(Array.from({ length: 360 }, (_, i) => (i % 7) / 3))).toMatchObject({ widthDeg: 360 });
  });
});
