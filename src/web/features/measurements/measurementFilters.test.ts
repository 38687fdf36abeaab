import { describe, expect, it } from 'vitest';
import { isFiltered, measurementFilterQuery, measurementFiltersFromParams, measurementPageQuery, withMeasurementFilterParams } from './measurementFilters.js';

const none = { towerId: null, sectorId: null, source: null, from: null, to: null, page: 1 };

describe('measurement filters in the URL', () => {
  it('reads tower, sector, source, dates and page', () => {
    expect(measurementFiltersFromParams(new URLSearchParams('tower=3&sector=9&source=drive_test&from=2026-01-01&to=2026-02-28&page=2'))).toEqual({
      towerId: 3,
      sectorId: 9,
      source: 'drive_test',
      from: '2026-01-01',
      to: '2026-02-28',
      page: 2,
    });
  });

  it('takes anything unreadable as "all", and a sector without its tower as none', () => {
    expect(measurementFiltersFromParams(new URLSearchParams('tower=x&sector=4&source=guess&from=1/2/2026&page=0'))).toEqual(none);
  });

  it('writes the filters back, keeping other parameters and leaving out "all" and page 1', () => {
    const params = withMeasurementFilterParams(new URLSearchParams('lead=1&source=survey&page=3'), { ...none, towerId: 2, from: '2026-03-01' });
    expect(params.toString()).toBe('lead=1&tower=2&from=2026-03-01');
  });
});

describe('the API queries', () => {
  it('asks for a page of 50 with the filters that are set', () => {
    expect(measurementPageQuery({ ...none, towerId: 2, source: 'install', page: 3 })).toBe('tower_id=2&source=install&page=3&page_size=50');
  });

  it('exports, maps and deletes by the filters alone', () => {
    expect(measurementFilterQuery({ ...none, towerId: 2, sectorId: 5, to: '2026-04-30', page: 7 })).toBe('tower_id=2&sector_id=5&to=2026-04-30');
    expect(measurementFilterQuery(none)).toBe('');
  });

  it('tells a filtered list (Delete N shown deletes those) from the whole', () => {
    expect(isFiltered(none)).toBe(false);
    expect(isFiltered({ ...none, page: 4 })).toBe(false);
    expect(isFiltered({ ...none, source: 'survey' })).toBe(true);
  });
});
