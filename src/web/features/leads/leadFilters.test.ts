import { describe, expect, it } from 'vitest';
import {
  leadFiltersFromParams,
  leadsQueryString,
  NO_LEAD_FILTERS,
  openLeadFromParams,
  providerFilterOptions,
  withLeadFilterParams,
  withOpenLeadParam,
} from './leadFilters.js';

const range = { start_date: '2026-10-25', end_date: '2026-11-23' };

describe('lead filters in the URL', () => {
  it('reads provider, type and status, general inquiries as provider 0', () => {
    expect(leadFiltersFromParams(new URLSearchParams('provider=0&type=sign_up&status=contacted'))).toEqual({
      providerId: 0,
      leadType: 'sign_up',
      status: 'contacted',
    });
    expect(leadFiltersFromParams(new URLSearchParams('provider=12'))).toEqual({ ...NO_LEAD_FILTERS, providerId: 12 });
  });

  it('reads anything unknown as "all"', () => {
    expect(leadFiltersFromParams(new URLSearchParams('provider=-1&type=spam&status=won'))).toEqual(NO_LEAD_FILTERS);
    expect(leadFiltersFromParams(new URLSearchParams('provider=1.5'))).toEqual(NO_LEAD_FILTERS);
  });

  it('writes the filters that are set, keeping other parameters', () => {
    const written = withLeadFilterParams(new URLSearchParams('days=7&type=sign_up'), { providerId: 0, leadType: null, status: 'new' });
    expect(written.toString()).toBe('days=7&provider=0&status=new');
    expect(leadFiltersFromParams(written)).toEqual({ providerId: 0, leadType: null, status: 'new' });
  });

  it('keeps the open lead', () => {
    expect(openLeadFromParams(withOpenLeadParam(new URLSearchParams('days=7'), 42))).toBe(42);
    expect(withOpenLeadParam(new URLSearchParams('lead=42&days=7'), null).toString()).toBe('days=7');
    expect(openLeadFromParams(new URLSearchParams('lead=0'))).toBeNull();
    expect(openLeadFromParams(new URLSearchParams('lead=abc'))).toBeNull();
  });
});

describe('leads report query', () => {
  it('sends the period and only the filters that are set', () => {
    expect(leadsQueryString(range, NO_LEAD_FILTERS)).toBe('start_date=2026-10-25&end_date=2026-11-23');
    expect(leadsQueryString(range, { providerId: 0, leadType: 'contact_request', status: 'closed' }, { limit: 50 })).toBe(
      'start_date=2026-10-25&end_date=2026-11-23&provider_id=0&lead_type=contact_request&status=closed&limit=50',
    );
  });

  it('passes the next page cursor back, and asks for CSV without paging', () => {
    expect(leadsQueryString(range, NO_LEAD_FILTERS, { cursor: 'abc+/=', limit: 50 })).toBe(
      'start_date=2026-10-25&end_date=2026-11-23&cursor=abc%2B%2F%3D&limit=50',
    );
    expect(leadsQueryString(range, { ...NO_LEAD_FILTERS, status: 'new' }, { format: 'csv' })).toBe(
      'start_date=2026-10-25&end_date=2026-11-23&status=new&format=csv',
    );
  });
});

describe('provider filter options', () => {
  it('puts General Inquiry (0) first, then providers by name', () => {
    expect(
      providerFilterOptions([
        { id: 3, name: 'zeta' },
        { id: 1, name: 'Alpha' },
        { id: 2, name: 'beta' },
      ]),
    ).toEqual([
      { id: 0, name: 'General Inquiry' },
      { id: 1, name: 'Alpha' },
      { id: 2, name: 'beta' },
      { id: 3, name: 'zeta' },
    ]);
  });

  it('leaves General Inquiry out for a provider editor, whose inbox never holds one', () => {
    expect(
      providerFilterOptions(
        [
          { id: 2, name: 'beta' },
          { id: 1, name: 'Alpha' },
        ],
        false,
      ),
    ).toEqual([
      { id: 1, name: 'Alpha' },
      { id: 2, name: 'beta' },
    ]);
  });
});
