import { describe, expect, it } from 'vitest';
import { pageInRange } from './pageInRange.js';

describe('a page past the end', () => {
  it('moves back to the last page with rows', () => {
    expect(pageInRange(3, 100, 50)).toBe(2);
    expect(pageInRange(2, 100, 50)).toBe(2);
    expect(pageInRange(2, 101, 50)).toBe(2);
    expect(pageInRange(3, 101, 50)).toBe(3);
  });

  it('keeps page 1 when there are no rows', () => {
    expect(pageInRange(4, 0, 50)).toBe(1);
    expect(pageInRange(1, 0, 50)).toBe(1);
  });
});
