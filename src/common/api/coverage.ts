import { z } from 'zod';
import { SERVICE_LIKELIHOOD_KEYS } from '../serviceLikelihood.js';
import { SERVICE_STATUSES } from '../serviceStatus.js';
import { numberField, text } from './fields.js';
import { linkServingFields, pathLossDb, TERRAIN_SOURCES } from './lineOfSight.js';

export const coverageProvider = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  logo_filename: z.string().nullable(),
  signup_url: z.string().nullable(),
  service_status: z.enum(SERVICE_STATUSES),
  services: z.array(z.string()),
});
export type CoverageProvider = z.infer<typeof coverageProvider>;

/** The wireless part of a coverage check, from the towers in range of the point. */
export const wirelessFeasibility = z.object({
  wireless_available: z.boolean(),
  /** The best tower's signal band in lower case (excellent … poor), or no_signal. */
  signal_quality: z.string(),
  towers_with_los: z.number(),
  /** Active towers whose coverage radius reaches the point. */
  total_towers_checked: z.number(),
  /** Each checked tower, best signal first. */
  tower_distances: z.array(
    z.object({
      tower_id: z.number(),
      tower_name: z.string(),
      distance_km: z.number(),
      has_line_of_sight: z.boolean().optional(),
      /** dBm. */
      signal_strength: z.number().nullable().optional(),
      /** As in a line-of-sight result; null where a stored footprint answered. */
      path_loss_db: pathLossDb.nullable().optional(),
      propagation_mode: linkServingFields.propagation_mode.optional(),
      antenna_pattern_db: linkServingFields.antenna_pattern_db.optional(),
      sector_id: linkServingFields.sector_id.optional(),
      sector_name: linkServingFields.sector_name.optional(),
      /** The chance (0..1) that this tower's link serves the answer's CPE profile (the default's when none serves): 0 without line of sight. */
      probability: z.number().optional(),
    }),
  ),
  estimated_speed: z.string(),
  message: z.string(),
  /**
   * The customer antenna (radio settings' CPE profile) that makes the spot serviceable: the default
   * profile when it does, else the first other profile in the settings' order that does; null
   * when none does.
   */
  cpe_profile: z.object({ name: z.string(), gain_dbi: z.number(), height_m: z.number(), is_default: z.boolean() }).nullable().optional(),
  /** The terrain the answer rests on; absent when the check could not run. */
  terrain_source: z.enum(TERRAIN_SOURCES).optional(),
  /**
   * The chance (0..1) that the answering link clears its CPE profile's least usable signal,
   * Φ((signal − least usable) / σ) with σ the model's measured spread (common/serviceLikelihood.ts);
   * null when no tower is in range. That of the answering profile; of the default profile when none serves.
   */
  probability: z.number().nullable(),
  /** The public words for it: very_likely (≥ 90 %), likely (≥ 70 %), possible (≥ 40 %); null below. wireless_available is whether it is not null. */
  likelihood: z.enum(SERVICE_LIKELIHOOD_KEYS).nullable(),
});
export type WirelessFeasibility = z.infer<typeof wirelessFeasibility>;

/** What a failed or not-yet-available wireless check reports. */
export const WIRELESS_UNAVAILABLE: WirelessFeasibility = {
  wireless_available: false,
  signal_quality: 'no_signal',
  towers_with_los: 0,
  total_towers_checked: 0,
  tower_distances: [],
  estimated_speed: 'No Service',
  message: 'Wireless feasibility check unavailable',
  cpe_profile: null,
  probability: null,
  likelihood: null,
};

/** The coverage check result (docs/api.md, "The coverage check result"). */
export const coverageCheckResult = z.object({
  location: z.object({ lat: z.number(), lng: z.number(), address: z.string().nullable() }),
  coverage_available: z.boolean(),
  total_providers: z.number(),
  providers: z.array(coverageProvider),
  service_statuses: z.object({ live: z.number(), in_progress: z.number(), coming_soon: z.number(), unknown: z.number() }),
  wireless_feasibility: wirelessFeasibility,
});
export type CoverageCheckResult = z.infer<typeof coverageCheckResult>;

/** An empty parameter is a missing one, not zero. */
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/**
 * GET /api/check_coverage. The browser omits lat or lng when it is 0, so one
 * missing coordinate is 0; both missing is a request without a point.
 */
export const coverageCheckQuery = z
  .object({
    lat: z.preprocess(
      blankAsMissing,
      numberField(z.number({ error: 'lat must be a number' }).min(-90, 'lat must be between -90 and 90').max(90, 'lat must be between -90 and 90')).optional(),
    ),
    lng: z.preprocess(
      blankAsMissing,
      numberField(
        z.number({ error: 'lng must be a number' }).min(-180, 'lng must be between -180 and 180').max(180, 'lng must be between -180 and 180'),
      ).optional(),
    ),
    address: text(500, 'address').optional(),
  })
  .superRefine((query, ctx) => {
    if (query.lat === undefined && query.lng === undefined) ctx.addIssue({ code: 'custom', path: ['lat'], message: 'lat and lng are required' });
  })
  .transform((query) => ({ lat: query.lat ?? 0, lng: query.lng ?? 0, address: query.address || null }));

/** GET /api/coverage_tiles/{z}/{x}/{y}.pbf: a tile of the web map's grid. */
export const coverageTileParams = z
  .object({ z: numberField(z.number().int().min(0).max(22)), x: numberField(z.number().int().min(0)), y: numberField(z.number().int().min(0)) })
  .refine((t) => t.x < 2 ** t.z && t.y < 2 ** t.z, 'Tile coordinates out of range for the zoom');
