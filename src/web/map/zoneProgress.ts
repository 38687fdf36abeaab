import type { PublicZone } from '../../common/api/zones.js';

type ZoneProgressFields = Pick<PublicZone, 'confirmed_count' | 'goal' | 'message' | 'provider_name'>;

/**
 * A zone's progress as the map and the results dialog write it: "87 of 120 — help bring fibre to
 * Bredasdorp" with the zone's own message, else "87 of 120 — help bring Overberg Fibre here".
 */
export function zoneProgressText(zone: ZoneProgressFields): string {
  return `${zone.confirmed_count} of ${zone.goal} — ${zone.message ?? `help bring ${zone.provider_name} here`}`;
}

/** How far a zone is toward its goal, 0 to 100 (a percentage, whole numbers; past the goal stays 100). */
export function zoneProgressPercent(zone: Pick<PublicZone, 'confirmed_count' | 'goal'>): number {
  if (zone.goal <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((zone.confirmed_count / zone.goal) * 100)));
}
