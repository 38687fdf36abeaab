import { describe, expect, it } from 'vitest';
import { waitlistFiltersFromParams, waitlistQueryString, withWaitlistFilterParams } from './waitlistFilters.js';

describe('waitlist filters in the URL', () => {
  it('reads provider, status, zone and page', () => {
    expect(waitlistFiltersFromParams(new URLSearchParams('provider=3&status=confirmed&zone=7&page=2'))).toEqual({
      providerId: 3,
      status: 'confirmed',
      zoneId: 7,
      page: 2,
    });
  });

  it('reads provider 0 as the entries for any provider', () => {
    expect(waitlistFiltersFromParams(new URLSearchParams('provider=0')).providerId).toBe(0);
  });

  it('takes anything unreadable as "all" and page 1', () => {
    expect(waitlistFiltersFromParams(new URLSearchParams('provider=x&status=notified&zone=-1&page=0'))).toEqual({
      providerId: null,
      status: null,
      zoneId: null,
      page: 1,
    });
  });

  it('writes the filters back, keeping other parameters and leaving out "all" and page 1', () => {
    const params = withWaitlistFilterParams(new URLSearchParams('other=1&zone=4&page=3'), { providerId: 2, status: null, zoneId: null, page: 1 });
    expect(params.toString()).toBe('other=1&provider=2');
  });
});

describe('the API query', () => {
  it('asks for a page of 50 with the filters that are set', () => {
    expect(waitlistQueryString({ providerId: 2, status: 'pending', zoneId: null, page: 3 })).toBe('provider_id=2&status=pending&page=3&page_size=50');
  });

  it('exports with the filters only', () => {
    expect(waitlistQueryString({ providerId: null, status: null, zoneId: 9, page: 3 }, true)).toBe('zone_id=9');
  });
});
