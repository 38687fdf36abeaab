import { describe, expect, it } from 'vitest';
import { WIRELESS_UNAVAILABLE } from '../../../common/api/coverage.js';
import type { CoverageCheckResult } from '../../../common/api/coverage.js';
import { ApiError } from '../../api/ApiError.js';
import { checkFailureMessage, hasCoverage, SEARCH_TYPE_OF } from './useCoverageCheck.js';

const result = (overrides: Partial<CoverageCheckResult>): CoverageCheckResult => ({
  location: { lat: -33.9, lng: 18.4, address: null },
  coverage_available: false,
  total_providers: 0,
  providers: [],
  service_statuses: { live: 0, in_progress: 0, coming_soon: 0, unknown: 0 },
  wireless_feasibility: WIRELESS_UNAVAILABLE,
  ...overrides,
});

describe('coverage check results', () => {
  it('counts wireless feasibility as coverage even without providers', () => {
    expect(hasCoverage(result({}))).toBe(false);
    expect(hasCoverage(result({ coverage_available: true }))).toBe(true);
    expect(hasCoverage(result({ wireless_feasibility: { ...WIRELESS_UNAVAILABLE, wireless_available: true } }))).toBe(true);
  });

  it('logs a point placed on the map, by a click or the marker, as a map click', () => {
    expect(SEARCH_TYPE_OF).toEqual({ map: 'map_click', marker: 'map_click', search: 'address', geolocation: 'geolocation' });
  });

  it('names a failed check by what started it', () => {
    const fault = new ApiError('Internal Server Error', 500);
    expect(checkFailureMessage(fault, 'map')).toBe('Coverage check failed');
    expect(checkFailureMessage(fault, 'marker')).toBe('Coverage check failed');
    expect(checkFailureMessage(fault, 'search')).toBe('Could not check coverage for this address');
    expect(checkFailureMessage(new ApiError('no answer', null), 'geolocation')).toBe('Location search failed');
    expect(checkFailureMessage(new ApiError('The server answered without the expected data.', 200), 'map')).toBe(
      'No coverage information available for this location',
    );
    expect(checkFailureMessage(new ApiError('Too many requests. Please wait a minute.', 429), 'map')).toBe('Too many requests. Please wait a minute.');
  });
});
