import { describe, expect, it } from 'vitest';
import { leadActivitySeries, REPORT_COLORS, searchActivityDays, searchTotals, searchTypeItems, sortProviders } from './reportSeries.js';

const period = { start_date: '2026-11-20', end_date: '2026-11-22' };

describe('search activity', () => {
  const days = searchActivityDays({
    period,
    days: [
      { date: '2026-11-20', searches: 4, with_coverage: 3, without_coverage: 1 },
      { date: '2026-11-22', searches: 3, with_coverage: 0, without_coverage: 3 },
    ],
  });

  it('has every day of the period, with the coverage rate of each (none on a day without searches)', () => {
    expect(days).toEqual([
      { date: '2026-11-20', searches: 4, with_coverage: 3, without_coverage: 1, coverage_rate: 75 },
      { date: '2026-11-21', searches: 0, with_coverage: 0, without_coverage: 0, coverage_rate: null },
      { date: '2026-11-22', searches: 3, with_coverage: 0, without_coverage: 3, coverage_rate: 0 },
    ]);
  });

  it('totals the period, its coverage rate to one decimal', () => {
    expect(searchTotals(days)).toEqual({ searches: 7, withCoverage: 3, withoutCoverage: 4, coverageRate: 42.9 });
    expect(searchTotals([])).toEqual({ searches: 0, withCoverage: 0, withoutCoverage: 0, coverageRate: 0 });
  });

  it('lists every search type, map clicks apart from device locations, missing ones at 0', () => {
    expect(
      searchTypeItems([
        { search_type: 'geolocation', count: 2 },
        { search_type: 'map_click', count: 5 },
      ]).map(({ key, label, value }) => [key, label, value]),
    ).toEqual([
      ['address', 'Address search', 0],
      ['geolocation', 'Device location', 2],
      ['map_click', 'Map click', 5],
    ]);
  });
});

describe('lead generation', () => {
  const summary = leadActivitySeries({
    period,
    // The server's days (REPORTS_TIME_ZONE); one left out to show it reads as a quiet day.
    days: [
      { date: '2026-11-20', sign_up: 1, contact_request: 0 },
      { date: '2026-11-22', sign_up: 1, contact_request: 2 },
    ],
    by_type: [
      { lead_type: 'contact_request', count: 2 },
      { lead_type: 'sign_up', count: 2 },
    ],
    by_provider: [
      { provider_id: null, provider_name: 'General Inquiry', count: 1 },
      { provider_id: 2, provider_name: 'Air Net', count: 1 },
      { provider_id: 1, provider_name: 'Fibre Co', count: 2 },
    ],
  });

  it('has every day of the period by type, as the server counted them, quiet days at 0', () => {
    expect(summary.perDay).toEqual([
      { date: '2026-11-20', sign_up: 1, contact_request: 0 },
      { date: '2026-11-21', sign_up: 0, contact_request: 0 },
      { date: '2026-11-22', sign_up: 1, contact_request: 2 },
    ]);
  });

  it("lists both types in the contract's order with their colours, and totals the leads", () => {
    expect(summary.byType).toEqual([
      { key: 'sign_up', label: 'Sign up', value: 2, color: REPORT_COLORS.sign_up },
      { key: 'contact_request', label: 'Contact request', value: 2, color: REPORT_COLORS.contact_request },
    ]);
    expect(summary.total).toBe(4);
  });

  it('lists providers by leads, most first, then by name, general inquiries by their name', () => {
    expect(summary.byProvider.map(({ key, label, value }) => [key, label, value])).toEqual([
      ['provider:1', 'Fibre Co', 2],
      ['provider:2', 'Air Net', 1],
      ['general:0', 'General Inquiry', 1],
    ]);
  });

  it('reads a period without leads as zeroes and empty lists', () => {
    const empty = leadActivitySeries({ period: { start_date: '2026-11-22', end_date: '2026-11-22' }, days: [], by_type: [], by_provider: [] });
    expect(empty).toEqual({
      perDay: [{ date: '2026-11-22', sign_up: 0, contact_request: 0 }],
      byType: [
        { key: 'sign_up', label: 'Sign up', value: 0, color: REPORT_COLORS.sign_up },
        { key: 'contact_request', label: 'Contact request', value: 0, color: REPORT_COLORS.contact_request },
      ],
      byProvider: [],
      total: 0,
    });
  });
});

describe('provider performance order', () => {
  const rows = [
    { provider_id: 1, provider_name: 'beta', searches: 10, leads: 1, conversion_rate: 10 },
    { provider_id: 2, provider_name: 'Alpha', searches: 10, leads: 3, conversion_rate: 30 },
    { provider_id: 3, provider_name: 'gamma', searches: 50, leads: 2, conversion_rate: 4 },
  ];

  it('sorts by a figure either way, ties by name', () => {
    expect(sortProviders(rows, 'searches', 'desc').map((r) => r.provider_id)).toEqual([3, 2, 1]);
    expect(sortProviders(rows, 'searches', 'asc').map((r) => r.provider_id)).toEqual([2, 1, 3]);
    expect(sortProviders(rows, 'conversion_rate', 'desc').map((r) => r.provider_id)).toEqual([2, 1, 3]);
  });

  it('sorts by name without regard to case', () => {
    expect(sortProviders(rows, 'provider_name', 'asc').map((r) => r.provider_name)).toEqual(['Alpha', 'beta', 'gamma']);
  });
});
