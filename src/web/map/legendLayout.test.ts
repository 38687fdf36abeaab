import { describe, expect, it } from 'vitest';
import { legendStartsCollapsed } from './legendLayout.js';

describe('legendStartsCollapsed', () => {
  it('collapses the legend on a phone and in a short embed, not on a desktop or a tall embed', () => {
    expect(legendStartsCollapsed({ width: 390, height: 844 })).toBe(true);
    expect(legendStartsCollapsed({ width: 599, height: 900 })).toBe(true);
    expect(legendStartsCollapsed({ width: 800, height: 450 })).toBe(true);
    expect(legendStartsCollapsed({ width: 800, height: 499 })).toBe(true);
    expect(legendStartsCollapsed({ width: 600, height: 500 })).toBe(false);
    expect(legendStartsCollapsed({ width: 1366, height: 900 })).toBe(false);
  });
});
