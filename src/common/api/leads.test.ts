import { describe, expect, it } from 'vitest';
import { searchLogRequest } from './leads.js';

const SEARCH = { session_id: 'visit-1234abcd', lat: -33.93, lng: 18.41 };

describe('search log request', () => {
  it('takes a typed address, the device location and a map click as search types', () => {
    for (const type of ['address', 'geolocation', 'map_click']) {
      expect(searchLogRequest.parse({ ...SEARCH, search_type: type }).search_type).toBe(type);
    }
  });

  it('refuses any other search type, naming the three it takes', () => {
    const parsed = searchLogRequest.safeParse({ ...SEARCH, search_type: 'map' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('search_type must be one of address, geolocation, map_click');
  });
});
