import { z } from 'zod';
import { SIGNAL_BANDS } from '../signalBands.js';
import { decimalTextInput, entityId, numberField, requiredText } from './fields.js';
import { CLUTTER_CLASSES } from './clutterAreas.js';
import { RADIO_MODELS } from './radioSettings.js';

/** Where terrain heights came from: SRTM tiles, Terrarium tiles, or none (flat ground, curvature only). */
export const TERRAIN_SOURCES = ['hgt', 'terrarium', 'flat'] as const;
/** Profile points per tower in an answer: enough for a chart several hundred pixels wide. */
export const PROFILE_MAX_POINTS = 256;
export type TerrainSource = (typeof TERRAIN_SOURCES)[number];

/** Target height above ground, metres. */
export const DEFAULT_TARGET_HEIGHT_M = 2;
export const MAX_TARGET_HEIGHT_M = 100;

/** An empty parameter is a missing one. */
const blankAsMissing = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const latitude = z.preprocess(
  blankAsMissing,
  numberField(z.number({ error: 'lat is required' }).min(-90, 'lat must be between -90 and 90').max(90, 'lat must be between -90 and 90')),
);
const longitude = z.preprocess(
  blankAsMissing,
  numberField(z.number({ error: 'lng is required' }).min(-180, 'lng must be between -180 and 180').max(180, 'lng must be between -180 and 180')),
);
/** An invalid height falls back to the default; out of range is refused. */
const targetHeight = z.preprocess(
  (v) => {
    const height = decimalTextInput(blankAsMissing(v));
    return Number.isNaN(height) ? undefined : height;
  },
  z
    .number()
    .min(0, `height must be between 0 and ${MAX_TARGET_HEIGHT_M} meters`)
    .max(MAX_TARGET_HEIGHT_M, `height must be between 0 and ${MAX_TARGET_HEIGHT_M} meters`)
    .default(DEFAULT_TARGET_HEIGHT_M),
);

/** GET /api/line-of-sight/optimal, /tower/{id} and /api/wireless_feasibility. */
export const losPointQuery = z.object({ lat: latitude, lng: longitude, height: targetHeight });

/** GET /api/line-of-sight/check: tower_ids is a comma list, sent only for a subset. */
export const losCheckQuery = losPointQuery.extend({
  tower_ids: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.split(',').map((id) => id.trim())) : v),
    z
      .array(entityId('tower_ids must be a comma list of tower ids', 'tower_ids must be a comma list of tower ids'))
      .max(1000, 'At most 1000 tower ids')
      .optional(),
  ),
});

/** One sample of a path, from the tower (distance 0) to the target. Metres above sea level unless said. */
export const profilePoint = z.object({
  distance_km: z.number(),
  /** Terrain height. */
  terrain_m: z.number(),
  /** The earth's bulge (k = 4/3) between the ends at this point, added to the terrain in the clearance. */
  bulge_m: z.number(),
  /** The straight ray between the antennas. */
  ray_m: z.number(),
  /** Radius of the first Fresnel zone here. */
  fresnel_m: z.number(),
});
export type ProfilePoint = z.infer<typeof profilePoint>;

/** A path's loss, dB (docs/radio-model.md). */
export const pathLossDb = z.object({
  /** What the signal is computed with: ITM's loss, or free space + diffraction, clutter included. */
  total: z.number(),
  free_space: z.number(),
  /** The knife edge of the worst obstacle (J(v)), under either model. */
  diffraction: z.number(),
  /** The model that gave `total`: the settings' own, or free_space_knife_edge where ITM refused the path. */
  model: z.enum(RADIO_MODELS),
  /** ITM's loss; null unless ITM gave the total. */
  itm: z.number().nullable(),
  /**
   * ITM's warnings on the path (NTIA's names, e.g. txHorizonAngle, pathDistanceTooSmall1): its
   * inputs are outside the ranges the model was fitted on, so read the loss with care. Empty unless
   * ITM gave the total.
   */
  itm_warnings: z.array(z.string()),
  /** Why ITM refused the path (NTIA's error name) where free space plus knife edge stood in; else null. */
  itm_refusal: z.string().nullable(),
  /**
   * The total minus the same model over the bare terrain: what the clutter (uniform, and the areas'
   * class heights) added, plus the extra loss of the class the target stands in (0 without clutter).
   */
  clutter: z.number(),
  /**
   * What the calibration to measured signals added to the loss, dB (the negative of its signal
   * correction; included in total); null when calibration is off.
   */
  calibration: z.number().nullable(),
});

/**
 * What serves the target: ITM's propagation mode (null unless ITM gave the loss), the pattern's
 * attenuation toward the target (dB ≤ 0; 0 for a tower without sectors) and the serving sector
 * (null for a tower without sectors). All null when the path was not analysed.
 */
export const linkServingFields = {
  /** line_of_sight, single_horizon_diffraction, double_horizon_diffraction, single_horizon_troposcatter or double_horizon_troposcatter. */
  propagation_mode: z.string().nullable(),
  antenna_pattern_db: z.number().nullable(),
  sector_id: z.number().nullable(),
  sector_name: z.string().nullable(),
};

export const losTowerResult = z.object({
  tower_id: z.number(),
  tower_name: z.string(),
  tower_code: z.string().nullable(),
  has_line_of_sight: z.boolean(),
  distance_km: z.number(),
  /** Received signal, dBm; null out of range. */
  signal_strength: z.number().nullable(),
  signal_band: z.enum(SIGNAL_BANDS),
  /** Beyond coverage_radius_km a tower is out of range, never clear. */
  in_range: z.boolean(),
  /**
   * The worst clearance of the ray over terrain and bulge, as % of the first Fresnel radius there
   * (negative: blocked). Null when the path was not analysed (out of range) or has no point between the ends.
   */
  fresnel_clearance_pct: z.number().nullable(),
  fresnel_60_clear: z.boolean(),
  /** The point that cuts deepest into the ray or its Fresnel zone; null when nothing comes near. */
  obstruction: z.object({ distance_km: z.number(), height_m: z.number(), cut_m: z.number() }).nullable(),
  /** Null when the path is not analysed (out of range, or every sector inactive). */
  path_loss_db: pathLossDb.nullable(),
  /** The target antenna height above ground that would clear the ray; null out of range. */
  required_height_m: z.number().nullable(),
  /** The terrain the path was analysed on; null out of range. */
  terrain_source: z.enum(TERRAIN_SOURCES).nullable(),
  ...linkServingFields,
  /** The class of the clutter area the target stands in (the last uploaded where areas overlap); null outside every area. */
  clutter_class: z.enum(CLUTTER_CLASSES).nullable(),
  /** At most PROFILE_MAX_POINTS (256) points, tower first, always with the obstruction; empty out of range. */
  profile: z.array(profilePoint),
});
export type LosTowerResult = z.infer<typeof losTowerResult>;

/** A line-of-sight answer: the target, the tower counts, and each tower's path analysis (docs/radio-model.md). */
export const losResult = z.object({
  target: z.object({ latitude: z.number(), longitude: z.number() }),
  total_towers: z.number(),
  towers_with_los: z.number(),
  /** Clear towers first, by signal; then the rest by distance. */
  results: z.array(losTowerResult),
  /** The weakest terrain any analysed path used (flat < terrarium < hgt); that of the target when none was analysed. */
  terrain_source: z.enum(TERRAIN_SOURCES),
});
export type LosResult = z.infer<typeof losResult>;

/** A loaded SRTM tile (GET /api/terrain/tiles). Its footprint is one degree: [south, west] to [south + 1, west + 1]. */
export const terrainTile = z.object({
  /** SRTM name, e.g. S34E018. */
  name: z.string(),
  south: z.number(),
  west: z.number(),
  /** 1 or 3 arc-seconds. */
  arc_seconds: z.union([z.literal(1), z.literal(3)]),
  bytes: z.number(),
});
export type TerrainTile = z.infer<typeof terrainTile>;

export const TERRAIN_TILE_MAX_BYTES = 100 * 1024 * 1024;

/** DELETE /api/terrain/tiles/{name}: an SRTM tile name such as S34E018. */
export const terrainTileParams = z.object({ name: requiredText(20, 'Tile name') });
