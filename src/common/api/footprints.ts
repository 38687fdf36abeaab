import { z } from 'zod';

/** Where a tower's predicted footprint stands (GET /api/towers/footprints). */
export const towerFootprintState = z.object({
  tower_id: z.number().int(),
  /** computing: being computed (the tower's row shows the progress); ready; failed (see error). */
  status: z.enum(['computing', 'ready', 'failed']),
  /** Share of the work done, 0..1. */
  progress: z.number(),
  error: z.string().nullable(),
  terrain_source: z.string().nullable(),
  /** How long the last computation took, milliseconds. */
  computed_ms: z.number().nullable(),
  updated_at: z.string(),
});
export type TowerFootprintState = z.infer<typeof towerFootprintState>;

/** GET /api/towers/{id}/footprint: the footprint's band areas as a file. */
export const footprintExportQuery = z.object({
  format: z.enum(['geojson', 'kml'], { error: 'format must be geojson or kml' }).default('geojson'),
});
