import { z } from 'zod';
import { startView } from './mapStart.js';

/** Runtime settings the browser needs before it draws a map (GET /api/config). */
const rasterTiles = z.object({
  /** Raster tile URL templates with {z}/{x}/{y}; empty when none is configured. */
  tiles: z.array(z.string()),
  attribution: z.string(),
});

/** What the server's configuration gives the browser; it changes only with a restart. */
export const browserMapConfig = z.object({
  basemap: rasterTiles,
  /** The line-of-sight map's styles: Hybrid is the satellite tiles with the labels on top. */
  losMap: z.object({ terrain: rasterTiles, satellite: rasterTiles, labels: rasterTiles }),
});
export type BrowserMapConfig = z.infer<typeof browserMapConfig>;

export const publicConfig = browserMapConfig.extend({
  /**
   * Where the public map, the widget and /embed open (Settings → Public map); null when no start
   * is set and there is no coverage: each map then opens on its own fixed point.
   */
  start_view: startView.nullable(),
});
export type PublicConfig = z.infer<typeof publicConfig>;
