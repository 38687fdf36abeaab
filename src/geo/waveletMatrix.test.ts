import { describe, expect, it } from 'vitest';
import { seededRandom } from './testing/shapes.js';
import { WaveletMatrix } from './waveletMatrix.js';

function bruteCountBelow(values: Uint32Array, p: number, r: number): number {
  let count = 0;
  for (let i = 0; i < p; i++) if ((values[i] as number) < r) count++;
  return count;
}

describe('WaveletMatrix', () => {
  it('counts the values below r among the first p, for every p and r of a small sequence', () => {
    const values = new Uint32Array([5, 0, 3, 3, 7, 1, 6, 2, 0, 4]);
    const matrix = WaveletMatrix.build(values, 8);
    for (let p = 0; p <= values.length; p++) {
      for (let r = 0; r <= 9; r++) expect(matrix.countBelow(p, r), `p=${p} r=${r}`).toBe(bruteCountBelow(values, p, r));
    }
  });

  it('agrees with counting on long random sequences of any alphabet, word boundaries included', () => {
    const random = seededRandom(9);
    for (const [length, alphabet] of [
      [1, 1],
      [31, 2],
      [32, 3],
      [33, 1000],
      [1000, 1000],
      [4096, 77],
    ] as const) {
      const values = Uint32Array.from({ length }, () => Math.floor(random() * alphabet));
      const matrix = WaveletMatrix.build(values, alphabet);
      for (let n = 0; n < 300; n++) {
        const p = Math.floor(random() * (length + 1));
        const r = Math.floor(random() * (alphabet + 2));
        expect(matrix.countBelow(p, r)).toBe(bruteCountBelow(values, p, r));
      }
      expect(matrix.countBelow(length, alphabet)).toBe(length);
    }
  });

  it('answers the same when rebuilt from its data, and leaves the values it was built from as they were', () => {
    const values = new Uint32Array([2, 1, 0, 3]);
    const matrix = WaveletMatrix.build(values, 4);
    expect(Array.from(values)).toEqual([2, 1, 0, 3]);
    const copy = new WaveletMatrix(structuredClone(matrix.data()));
    for (let p = 0; p <= 4; p++) for (let r = 0; r <= 4; r++) expect(copy.countBelow(p, r)).toBe(matrix.countBelow(p, r));
  });
});
