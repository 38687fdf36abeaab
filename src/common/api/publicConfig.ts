import { z } from 'zod';

/** Runtime settings the browser needs before it draws a map (GET /api/config). */
export const publicConfig = z.object({
  basemap: z.object({
    /** Raster tile URL templates with {z}/{x}/{y}; empty when no basemap is configured. */
    tiles: z.array(z.string()),
    attribution: z.string(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfig>;
