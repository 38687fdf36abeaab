import { describe, expect, it } from 'vitest';
import { fillDays } from './daySeries.js';

describe('fillDays', () => {
  const range = { start_date: '2026-02-27', end_date: '2026-03-02' };
  const empty = (date: string) => ({ date, searches: 0 });

  it('gives every day of the period in order, missing days empty', () => {
    expect(
      fillDays(
        [
          { date: '2026-03-01', searches: 4 },
          { date: '2026-02-27', searches: 2 },
        ],
        range,
        empty,
      ),
    ).toEqual([
      { date: '2026-02-27', searches: 2 },
      { date: '2026-02-28', searches: 0 },
      { date: '2026-03-01', searches: 4 },
      { date: '2026-03-02', searches: 0 },
    ]);
  });

  it('drops rows outside the period', () => {
    expect(fillDays([{ date: '2026-03-03', searches: 9 }], { start_date: '2026-03-02', end_date: '2026-03-02' }, empty)).toEqual([
      { date: '2026-03-02', searches: 0 },
    ]);
  });

  it('gives an empty period all empty days', () => {
    expect(fillDays([], range, empty).map((row) => row.searches)).toEqual([0, 0, 0, 0]);
  });
});
