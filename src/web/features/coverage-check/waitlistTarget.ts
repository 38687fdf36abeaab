import type { CoverageProvider } from '../../../common/api/coverage.js';
import type { ServiceStatus } from '../../../common/serviceStatus.js';
import type { LatLng } from '../../map/mapTypes.js';
import type { PublicZone } from '../../../common/api/zones.js';
import { zoneContains } from '../../map/zoneGeometry.js';

/**
 * Whom a "Notify me when it's available" sign-up is for: one provider whose service here is on its
 * way, any provider (nobody covers the spot), or a pre-registration zone (its provider, with a name).
 */
export type WaitlistTarget = { kind: 'provider'; providerId: number; providerName: string } | { kind: 'any' } | { kind: 'zone'; zone: PublicZone };

/** The statuses that promise service later: a visitor can ask to be told when it goes live. */
const STATUSES_ON_THE_WAY: readonly ServiceStatus[] = ['coming_soon', 'in_progress'];

/**
 * Whether a provider's result offers the waitlist (Coming Soon or In Progress). A result without
 * coverage (hasCoverage false: no provider, no wireless service) offers it for any provider.
 */
export function offersWaitlist(provider: Pick<CoverageProvider, 'service_status'>): boolean {
  return STATUSES_ON_THE_WAY.includes(provider.service_status);
}

/** The active zones the checked point falls in (edges count as in), in the order the server lists them. */
export function zonesAtPoint(zones: readonly PublicZone[], point: LatLng): PublicZone[] {
  return zones.filter((zone) => zoneContains(zone.geometry, point.lng, point.lat));
}
