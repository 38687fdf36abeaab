import { describe, expect, it } from 'vitest';
import { coverageItems } from './coverageBreakdown.js';

describe('searches by what served them', () => {
  it('lists a provider, wireless only and none, in that order, with the counts given and 0 for the rest', () => {
    expect(
      coverageItems([
        { covered_by: 'none', count: 2 },
        { covered_by: 'wireless_only', count: 1 },
      ]).map(({ key, label, value }) => [key, label, value]),
    ).toEqual([
      ['provider', 'Covered by a provider', 0],
      ['wireless_only', 'Covered by wireless only', 1],
      ['none', 'Without coverage', 2],
    ]);
  });
});
