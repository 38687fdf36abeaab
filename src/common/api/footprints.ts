import { z } from 'zod';
import { towerInput } from './towers.js';

/** Where a tower's predicted footprint stands (GET /api/towers/footprints). */
export const towerFootprintState = z.object({
  tower_id: z.number().int(),
  /**
   * queued: what it depends on changed (the tower, its sectors, the terrain or the radio settings)
   * and it waits its turn; computing: being computed (the tower's row shows the progress); ready;
   * failed (see error).
   */
  status: z.enum(['queued', 'computing', 'ready', 'failed']),
  /** Share of the work done, 0..1. */
  progress: z.number(),
  error: z.string().nullable(),
  terrain_source: z.string().nullable(),
  /** How long the last computation took, milliseconds. */
  computed_ms: z.number().nullable(),
  /** When the status last moved on: a ready footprint's is when it was computed; a queued one's, when the one it replaces was. */
  updated_at: z.string(),
});
export type TowerFootprintState = z.infer<typeof towerFootprintState>;

/** GET /api/towers/{id}/footprint: the footprint's band areas as a file. */
export const footprintExportQuery = z.object({
  format: z.enum(['geojson', 'kml'], { error: 'format must be geojson or kml' }).default('geojson'),
});

/** POST /api/towers/what-if: a tower that does not exist (yet), with the tower defaults. */
export const candidateTowerInput = towerInput.pick({
  latitude: true,
  longitude: true,
  height_meters: true,
  antenna_height_meters: true,
  frequency_ghz: true,
  power_dbm: true,
  coverage_radius_km: true,
});
export type CandidateTowerInput = z.infer<typeof candidateTowerInput>;

/** What a candidate tower would reach. */
export const whatIfResult = z.object({
  /** Band areas, weakest first (GeoJSON FeatureCollection of MultiPolygons with band and rank). */
  areas: z.object({ type: z.literal('FeatureCollection'), features: z.array(z.any()) }),
  /** Logged searches that found no provider and that the candidate would serve (usable signal). */
  uncovered_searches_reached: z.number().int(),
  /** Logged searches without a provider within the candidate's radius (those looked at). */
  uncovered_searches_in_radius: z.number().int(),
  /** Confirmed, subscribed waitlist entries the candidate would serve (usable signal). */
  waitlisted_spots_reached: z.number().int(),
  /** Confirmed, subscribed waitlist entries within the candidate's radius. */
  waitlisted_spots_in_radius: z.number().int(),
  /** True when there were more such searches than one answer looks at (the counts are of the newest). */
  searches_truncated: z.boolean(),
  terrain_source: z.string(),
  computed_ms: z.number(),
});
export type WhatIfResult = z.infer<typeof whatIfResult>;
