import { describe, expect, it } from 'vitest';
import { directionOf, polarPath, radiusOf } from './patternPolar.js';

describe('antenna pattern polar plot', () => {
  it('puts the peak at the rim, -20 dB half way and -40 dB or deeper at the centre', () => {
    expect(radiusOf(0, 100)).toBe(100);
    expect(radiusOf(20, 100)).toBe(50);
    expect(radiusOf(40, 100)).toBe(0);
    expect(radiusOf(100, 100)).toBe(0);
  });

  it('draws the horizontal boresight up and 90° to the right; the vertical horizon ahead right and 90° below it down', () => {
    const close = ([x, y]: [number, number]) => [Math.round(x * 1e9) / 1e9 + 0, Math.round(y * 1e9) / 1e9 + 0];
    expect(close(directionOf('horizontal', 0))).toEqual([0, -1]);
    expect(close(directionOf('horizontal', 90))).toEqual([1, 0]);
    expect(close(directionOf('vertical', 0))).toEqual([1, 0]);
    expect(close(directionOf('vertical', 90))).toEqual([0, 1]);
  });

  it('traces every entry of the table and closes the path', () => {
    const table = Array.from({ length: 360 }, (_, i) => (i === 0 ? 0 : 40));
    const path = polarPath('horizontal', table, 100, 100, 80);
    expect(path.startsWith('M100.00,20.00L100.00,100.00')).toBe(true);
    expect(path.endsWith('Z')).toBe(true);
    expect(path.split('L')).toHaveLength(360);
  });
});
