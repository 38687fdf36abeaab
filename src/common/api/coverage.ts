import { z } from 'zod';
import { SERVICE_STATUSES } from '../serviceStatus.js';

export const coverageProvider = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  logo_filename: z.string().nullable(),
  signup_url: z.string().nullable(),
  service_status: z.enum(SERVICE_STATUSES),
  services: z.array(z.string()),
});

export const wirelessFeasibility = z.object({
  wireless_available: z.boolean(),
  signal_quality: z.string(),
  towers_with_los: z.number(),
  total_towers_checked: z.number(),
  tower_distances: z.array(z.object({ tower_id: z.number(), tower_name: z.string(), distance_km: z.number() })),
  estimated_speed: z.string(),
  message: z.string(),
});
export type WirelessFeasibility = z.infer<typeof wirelessFeasibility>;

/** SPEC.md section 8: what a failed or not-yet-available wireless check reports. */
export const WIRELESS_UNAVAILABLE: WirelessFeasibility = {
  wireless_available: false,
  signal_quality: 'no_signal',
  towers_with_los: 0,
  total_towers_checked: 0,
  tower_distances: [],
  estimated_speed: 'No Service',
  message: 'Wireless feasibility check unavailable',
};

/** The Coverage check result of SPEC.md section 3. */
export const coverageCheckResult = z.object({
  location: z.object({ lat: z.number(), lng: z.number(), address: z.string().nullable() }),
  coverage_available: z.boolean(),
  total_providers: z.number(),
  providers: z.array(coverageProvider),
  service_statuses: z.object({ live: z.number(), in_progress: z.number(), coming_soon: z.number(), unknown: z.number() }),
  wireless_feasibility: wirelessFeasibility,
});
export type CoverageCheckResult = z.infer<typeof coverageCheckResult>;
