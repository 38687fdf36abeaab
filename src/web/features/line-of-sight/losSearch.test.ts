import { describe, expect, it } from 'vitest';
import { formatTarget, losCheckPath, sameRequest, targetHeightOf, towerFilterLabel, towerIdsParam } from './losSearch.js';

describe('target height', () => {
  it('takes a number from 0 to 100, halves included', () => {
    expect(targetHeightOf('2')).toBe(2);
    expect(targetHeightOf(' 12.5 ')).toBe(12.5);
    expect(targetHeightOf('0')).toBe(0);
    expect(targetHeightOf('100')).toBe(100);
  });

  it('falls back to 2 m when empty, not a number or out of range', () => {
    for (const text of ['', '  ', 'abc', '-1', '100.5', 'NaN', 'Infinity', '0x1e', '0b1', '0o7']) expect(targetHeightOf(text), text).toBe(2);
  });
});

describe('tower filter', () => {
  it('says how many towers are selected, or that all active ones are checked', () => {
    expect(towerFilterLabel(0)).toBe('All active towers');
    expect(towerFilterLabel(3)).toBe('3 towers selected');
  });

  it('sends tower_ids only for a non-empty subset of the towers on offer', () => {
    expect(towerIdsParam([], [1, 2, 3])).toBeUndefined();
    expect(towerIdsParam([3, 1, 2], [1, 2, 3])).toBeUndefined();
    expect(towerIdsParam([3, 1], [1, 2, 3])).toBe('1,3');
    // A tower no longer on offer (deleted or switched off) is dropped, and with it the subset.
    expect(towerIdsParam([9], [1, 2])).toBeUndefined();
    expect(towerIdsParam([2, 9, 2], [1, 2])).toBe('2');
  });
});

describe('the analysis request', () => {
  it('writes a dropped pin as decimal "lat, lng" that the search parses back', () => {
    expect(formatTarget({ lat: -33.92491234, lng: 18.4241 })).toBe('-33.924912, 18.424100');
  });

  it('builds the check URL with tower_ids only when given', () => {
    expect(losCheckPath({ lat: -33.5, lng: 18.3, height: 2 })).toBe('/line-of-sight/check?lat=-33.5&lng=18.3&height=2');
    expect(losCheckPath({ lat: -33.5, lng: 18.3, height: 7.5, towerIds: '1,3' })).toBe('/line-of-sight/check?lat=-33.5&lng=18.3&height=7.5&tower_ids=1%2C3');
  });

  it('knows the same inputs again (Analyze re-runs them) from new ones', () => {
    const a = { lat: 1, lng: 2, height: 2 };
    expect(sameRequest(a, { ...a })).toBe(true);
    expect(sameRequest(a, { ...a, towerIds: '1' })).toBe(false);
    expect(sameRequest(a, { ...a, height: 3 })).toBe(false);
    expect(sameRequest(null, a)).toBe(false);
  });
});
