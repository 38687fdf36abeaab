import { z } from 'zod';

/** Runtime settings the browser needs before it draws a map (GET /api/config). */
const rasterTiles = z.object({
  /** Raster tile URL templates with {z}/{x}/{y}; empty when none is configured. */
  tiles: z.array(z.string()),
  attribution: z.string(),
});

export const publicConfig = z.object({
  basemap: rasterTiles,
  /** The line-of-sight map's styles: Hybrid is the satellite tiles with the labels on top. */
  losMap: z.object({ terrain: rasterTiles, satellite: rasterTiles, labels: rasterTiles }),
});
export type PublicConfig = z.infer<typeof publicConfig>;
