import { describe, expect, it } from 'vitest';
import type { CoverageCheckResult } from '../../../common/api/coverage.js';
import { WIRELESS_UNAVAILABLE } from '../../../common/api/coverage.js';
import { SERVICE_STATUSES } from '../../../common/serviceStatus.js';
import type { PublicZone } from '../../../common/api/zones.js';
import { hasCoverage } from './useCoverageCheck.js';
import { offersWaitlist, zonesAtPoint } from './waitlistTarget.js';

const zone = (id: number, west: number, south: number): PublicZone => ({
  id,
  name: `Zone ${id}`,
  provider_id: 3,
  provider_name: 'Overberg Fibre',
  goal: 120,
  confirmed_count: 87,
  deadline: null,
  message: null,
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [west + 1, south],
        [west + 1, south + 1],
        [west, south + 1],
        [west, south],
      ],
    ],
  },
});

describe('which results offer "Notify me when it’s available"', () => {
  it('a provider whose service here is Coming Soon or In Progress, and no other', () => {
    const offered = SERVICE_STATUSES.filter((status) => offersWaitlist({ service_status: status }));
    expect(offered).toEqual(['in_progress', 'coming_soon']);
  });

  it('any provider when the spot has no coverage at all, and not when wireless service reaches it', () => {
    const none: CoverageCheckResult = {
      location: { lat: -34.5, lng: 19.5, address: null },
      coverage_available: false,
      total_providers: 0,
      providers: [],
      service_statuses: { live: 0, in_progress: 0, coming_soon: 0, unknown: 0 },
      wireless_feasibility: WIRELESS_UNAVAILABLE,
    };
    expect(hasCoverage(none)).toBe(false);
    const wireless = { ...none, wireless_feasibility: { ...WIRELESS_UNAVAILABLE, wireless_available: true } };
    expect(hasCoverage(wireless)).toBe(true);
  });
});

describe('the zones a checked point is in', () => {
  const zones = [zone(1, 19, -35), zone(2, 19.5, -34.5), zone(3, 25, -30)];

  it('are every zone whose outline holds the point (lat, lng), in the server’s order', () => {
    expect(zonesAtPoint(zones, { lat: -34.2, lng: 19.7 }).map((z) => z.id)).toEqual([1, 2]);
    expect(zonesAtPoint(zones, { lat: -34.8, lng: 19.2 }).map((z) => z.id)).toEqual([1]);
  });

  it('are none outside them', () => {
    expect(zonesAtPoint(zones, { lat: 19.7, lng: -34.2 })).toEqual([]);
    expect(zonesAtPoint([], { lat: -34.2, lng: 19.7 })).toEqual([]);
  });
});
