import { describe, expect, it } from 'vitest';
import { manualClock, memoryReportRepository, type StoredSearch } from '../testing/fakes.js';
import { newReportService } from '../testing/services.js';

// Kolkata is UTC+05:30 all year: its midnight (18:30 UTC) cuts a UTC hour in two, so a period
// there needs all three tiers: whole UTC days, whole UTC hours, and searches one by one.
const KOLKATA = 'Asia/Kolkata';
const TWO_DAYS = { start_date: '2026-11-20', end_date: '2026-11-21' };
/** The scope of an owner, admin or viewer: every provider. */
const WHOLE_MAP = null;

/** Searches on both sides of each edge of TWO_DAYS in Kolkata (2026-11-19T18:30Z to 2026-11-21T18:30Z). */
const SEARCHES: StoredSearch[] = [
  { created_at: '2026-11-19T18:29:59.999Z' }, // before the period
  { created_at: '2026-11-19T18:30:00.000Z' }, // 20th, the half hour counted one by one
  { created_at: '2026-11-19T18:59:59.999Z', action_taken: 'contact_me', search_type: 'geolocation' }, // 20th
  { created_at: '2026-11-19T19:00:00.000Z', providers: [1] }, // 20th, the hourly roll-up
  { created_at: '2026-11-20T00:00:00.000Z' }, // 20th, the daily roll-up
  { created_at: '2026-11-20T12:00:00.000Z', providers: [1, 2] }, // 20th
  { created_at: '2026-11-20T12:00:01.000Z', action_taken: 'contact_me', follow_up_of: 6 }, // a follow-up: no search
  { created_at: '2026-11-20T18:30:00.000Z' }, // 21st (Kolkata midnight), inside the UTC day
  { created_at: '2026-11-20T23:59:59.999Z' }, // 21st
  { created_at: '2026-11-21T17:59:59.999Z', action_taken: 'sign_up' }, // 21st, the hourly roll-up
  { created_at: '2026-11-21T18:00:00.000Z', providers: [2] }, // 21st, the last half hour one by one
  { created_at: '2026-11-21T18:29:59.999Z' }, // 21st
  { created_at: '2026-11-21T18:30:00.000Z' }, // after the period
];
const NAMES = new Map([
  [1, 'FibreCo'],
  [2, 'AirLink'],
]);

function kolkataReports() {
  return newReportService({ repo: memoryReportRepository(SEARCHES, NAMES), timeZone: KOLKATA });
}

describe('ReportService period tiers', () => {
  it('cuts a period whose days start at half past a UTC hour into days, hours and half hours', async () => {
    const { service, repo } = kolkataReports();
    await service.dashboard(TWO_DAYS, WHOLE_MAP);
    expect(repo.kindsByDay.mock.calls).toEqual([['2026-11-20', '2026-11-21']]);
    expect(repo.kindsByHour.mock.calls).toEqual([
      ['2026-11-19T19', '2026-11-20T00'],
      ['2026-11-21T00', '2026-11-21T18'],
    ]);
    expect(repo.kindsIn.mock.calls).toEqual([
      [['2026-11-19T18:30:00.000Z', '2026-11-19T19:00:00.000Z'], WHOLE_MAP],
      [['2026-11-21T18:00:00.000Z', '2026-11-21T18:30:00.000Z'], WHOLE_MAP],
    ]);
    // Providers are counted over the same three tiers.
    expect(repo.providersByDay.mock.calls).toEqual(repo.kindsByDay.mock.calls.map((call) => [...call, WHOLE_MAP]));
    expect(repo.providersByHour.mock.calls).toEqual(repo.kindsByHour.mock.calls.map((call) => [...call, WHOLE_MAP]));
    expect(repo.providersIn.mock.calls).toEqual(repo.kindsIn.mock.calls);
  });

  it('counts every search of the period once, follow-ups and the searches outside it left out', async () => {
    const { service } = kolkataReports();
    const dashboard = await service.dashboard(TWO_DAYS, WHOLE_MAP);
    expect(dashboard.overview).toEqual({ total_searches: 10, total_leads: 0, conversion_rate: 0 });
    expect(dashboard.coverage_effectiveness).toEqual({
      coverage_rate: 30,
      by_coverage: [
        { covered_by: 'provider', count: 3 },
        { covered_by: 'wireless_only', count: 0 },
        { covered_by: 'none', count: 7 },
      ],
    });
    expect(dashboard.searches_by_action).toEqual([
      { action: 'no_action', count: 8 },
      { action: 'sign_up', count: 1 },
      { action: 'contact_me', count: 1 },
    ]);
    expect(dashboard.top_providers).toEqual([
      { provider_id: 2, provider_name: 'AirLink', count: 2 },
      { provider_id: 1, provider_name: 'FibreCo', count: 2 },
    ]);
  });

  it('splits covered searches into those a provider served and those only a tower served, from every tier', async () => {
    const searches: StoredSearch[] = [
      { created_at: '2026-11-19T18:45:00.000Z', wireless: true }, // one by one
      { created_at: '2026-11-20T05:00:00.000Z', wireless: true, providers: [1] }, // the daily roll-up: a provider and a tower
      { created_at: '2026-11-21T10:00:00.000Z', wireless: true }, // the hourly roll-up
      { created_at: '2026-11-21T18:10:00.000Z' }, // one by one, unserved
    ];
    const { service } = newReportService({ repo: memoryReportRepository(searches, NAMES), timeZone: KOLKATA });
    const split = [
      { covered_by: 'provider', count: 1 },
      { covered_by: 'wireless_only', count: 2 },
      { covered_by: 'none', count: 1 },
    ];
    expect((await service.dashboard(TWO_DAYS, WHOLE_MAP)).coverage_effectiveness).toEqual({ coverage_rate: 75, by_coverage: split });
    expect((await service.searches(TWO_DAYS, WHOLE_MAP)).by_coverage).toEqual(split);
  });

  it("puts each search on its local day, counting the UTC hours a day's midnight cuts search by search", async () => {
    const { service, repo } = kolkataReports();
    const report = await service.searches(TWO_DAYS, WHOLE_MAP);
    expect(report.days).toEqual([
      { date: '2026-11-20', searches: 5, with_coverage: 2, without_coverage: 3 },
      { date: '2026-11-21', searches: 5, with_coverage: 1, without_coverage: 4 },
    ]);
    expect(report.by_search_type).toEqual([
      { search_type: 'address', count: 9 },
      { search_type: 'geolocation', count: 1 },
      { search_type: 'map_click', count: 0 },
    ]);
    // The hourly roll-up covers the period's hours with their cut ends; only the hours holding a midnight are read one by one.
    expect(repo.hourTotals.mock.calls).toEqual([['2026-11-19T18', '2026-11-21T19', WHOLE_MAP]]);
    expect(repo.searchTimesIn.mock.calls).toEqual([
      [
        [
          ['2026-11-19T18:00:00.000Z', '2026-11-19T19:00:00.000Z'],
          ['2026-11-20T18:00:00.000Z', '2026-11-20T19:00:00.000Z'],
          ['2026-11-21T18:00:00.000Z', '2026-11-21T19:00:00.000Z'],
        ],
        WHOLE_MAP,
      ],
    ]);
  });

  it('reads whole UTC days from the daily roll-up alone', async () => {
    const { service, repo } = newReportService({ timeZone: 'UTC' });
    await service.dashboard({ start_date: '2026-11-01', end_date: '2026-11-30' }, WHOLE_MAP);
    expect(repo.kindsByDay.mock.calls).toEqual([['2026-11-01', '2026-12-01']]);
    expect(repo.kindsByHour).not.toHaveBeenCalled();
    expect(repo.kindsIn).not.toHaveBeenCalled();
    expect(repo.searchTimesIn).not.toHaveBeenCalled();
  });

  it('reads a day that starts on a UTC hour but not at UTC midnight from the hourly roll-up alone', async () => {
    // Johannesburg is UTC+2: 2026-11-20 there runs from 2026-11-19T22:00Z to 2026-11-20T22:00Z.
    const { service, repo } = newReportService({ timeZone: 'Africa/Johannesburg' });
    await service.dashboard({ start_date: '2026-11-20', end_date: '2026-11-20' }, WHOLE_MAP);
    expect(repo.kindsByDay).not.toHaveBeenCalled();
    expect(repo.kindsByHour.mock.calls).toEqual([['2026-11-19T22', '2026-11-20T22']]);
    expect(repo.kindsIn).not.toHaveBeenCalled();
  });

  it("counts a provider editor's searches search by search over the whole period, never from the whole map's kind roll-ups", async () => {
    const { service, repo } = newReportService({ timeZone: 'UTC' });
    const editorOf = [7, 9];
    await service.dashboard({ start_date: '2026-11-01', end_date: '2026-11-30' }, editorOf);
    expect(repo.kindsByDay).not.toHaveBeenCalled();
    expect(repo.kindsByHour).not.toHaveBeenCalled();
    expect(repo.kindsIn.mock.calls).toEqual([[['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'], editorOf]]);
    expect(repo.hourTotals.mock.calls).toEqual([['2026-11-01T00', '2026-12-01T00', editorOf]]);
    // The per-provider roll-ups are exact per provider: read, kept to the editor's providers.
    expect(repo.providersByDay.mock.calls).toEqual([['2026-11-01', '2026-12-01', editorOf]]);
    expect(repo.providerNames.mock.calls).toEqual([[editorOf]]);
    expect(repo.leadCount.mock.calls).toEqual([[{ range: ['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'], scope: editorOf }]]);
  });

  it("ends the default period on the clock's date in the reports' time zone", async () => {
    // 20:00 UTC on the 22nd is 01:30 on the 23rd in Kolkata.
    const { service } = newReportService({ clock: manualClock('2026-11-22T20:00:00.000Z'), timeZone: KOLKATA });
    expect((await service.searches({}, WHOLE_MAP)).period).toEqual({ start_date: '2026-10-25', end_date: '2026-11-23' });
  });
});
