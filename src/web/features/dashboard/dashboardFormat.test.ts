import { describe, expect, it } from 'vitest';
import { searchesByAction, searchesPerDay, topProviders } from './dashboardFormat.js';

describe('dashboard lists', () => {
  it('lists every search action in the spec order, missing ones at 0', () => {
    expect(
      searchesByAction([
        { action: 'contact_me', count: 2 },
        { action: 'no_action', count: 7 },
      ]).map(({ label, value }) => [label, value]),
    ).toEqual([
      ['No action', 7],
      ['Sign up', 0],
      ['Contact me', 2],
    ]);
  });

  it('keeps the first 5 providers in the server order, with their counts', () => {
    const rows = [9, 8, 7, 6, 5, 4].map((count, i) => ({ provider_id: i + 1, provider_name: `P${i + 1}`, count }));
    expect(topProviders(rows).map(({ key, label, value }) => [key, label, value])).toEqual([
      [1, 'P1', 9],
      [2, 'P2', 8],
      [3, 'P3', 7],
      [4, 'P4', 6],
      [5, 'P5', 5],
    ]);
  });

  it('charts every day of the period, quiet days at 0', () => {
    const period = { start_date: '2026-11-20', end_date: '2026-11-23' };
    expect(searchesPerDay({ period, searches_per_day: [{ date: '2026-11-21', searches: 3 }] })).toEqual([
      { date: '2026-11-20', searches: 0 },
      { date: '2026-11-21', searches: 3 },
      { date: '2026-11-22', searches: 0 },
      { date: '2026-11-23', searches: 0 },
    ]);
  });
});
