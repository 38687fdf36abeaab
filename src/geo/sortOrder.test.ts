import { describe, expect, it } from 'vitest';
import { sortOrder } from './sortOrder.js';
import { seededRandom } from './testing/shapes.js';

/** The stable order by a comparison sort, to compare with. */
function referenceOrder(keys: Float64Array): number[] {
  return Array.from(keys.keys()).sort((a, b) => (keys[a] as number) - (keys[b] as number) || a - b);
}

describe('sortOrder', () => {
  it('orders few keys like a stable comparison sort', () => {
    const keys = new Float64Array([3, -1, 2, -1, 0, 3]);
    expect(Array.from(sortOrder(keys))).toEqual([1, 3, 4, 2, 0, 5]);
  });

  it('orders many keys (radix passes) like a stable comparison sort: negatives, zeros, duplicates, extremes', () => {
    const random = seededRandom(11);
    const pool = [0, -0, 1, -1, 1e-300, -1e-300, 1e300, -1e300, Infinity, -Infinity, -33.95, 18.42, -33.950000000000003];
    const keys = new Float64Array(5000);
    for (let i = 0; i < keys.length; i++) {
      const r = random();
      keys[i] = r < 0.3 ? (pool[Math.floor(random() * pool.length)] as number) : r < 0.6 ? Math.round((random() - 0.5) * 20) : (random() - 0.5) * 360;
    }
    const order = sortOrder(keys);
    // `+ 0` turns -0 into 0: the two compare equal, and only their relative order differs.
    expect(Array.from(order, (i) => (keys[i] as number) + 0)).toEqual(referenceOrder(keys).map((i) => (keys[i] as number) + 0));
    // Stable: equal keys keep their index order (-0 and 0 compare equal, and -0 sorts first).
    for (let i = 1; i < order.length; i++) {
      const a = order[i - 1] as number;
      const b = order[i] as number;
      if (keys[a] === keys[b] && !Object.is(keys[a], -0) && !Object.is(keys[b], -0)) expect(a).toBeLessThan(b);
    }
  });

  it('orders coordinates that share their high bits (skipped passes)', () => {
    const random = seededRandom(5);
    const keys = Float64Array.from({ length: 3000 }, () => -34 + random() * 1e-6);
    expect(Array.from(sortOrder(keys))).toEqual(referenceOrder(keys));
  });
});
