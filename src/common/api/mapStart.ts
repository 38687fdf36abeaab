import { z } from 'zod';
import { EMBED_ZOOM_RANGE } from '../mapDefaults.js';
import { numberField } from './fields.js';

export const LATITUDE_MESSAGE = 'Latitude must be a number from -90 to 90';
export const LONGITUDE_MESSAGE = 'Longitude must be a number from -180 to 180';
export const START_ZOOM_MESSAGE = `Zoom must be a number from ${EMBED_ZOOM_RANGE.min} to ${EMBED_ZOOM_RANGE.max}`;
export const FIXED_START_MISSING_MESSAGE = 'A fixed start needs a latitude, a longitude and a zoom';

/** A number in a range, as JSON or decimal text, or null (the fields of a fit-to-coverage setting). */
const rangedOrNull = (min: number, max: number, message: string) => numberField(z.number({ error: message }).min(min, message).max(max, message)).nullable();

/**
 * Where the public map, the widget and /embed open (Settings → Public map). mode coverage: fit the
 * coverage (the active layers and the towers' reach), the default; mode fixed: the administrator's
 * centre (degrees) and zoom. The three numbers are required for fixed and ignored (stored as null)
 * for coverage.
 */
export const mapStartSetting = z
  .object({
    mode: z.enum(['coverage', 'fixed'], { error: 'Choose "fit to my coverage" or "a fixed start"' }),
    latitude: rangedOrNull(-90, 90, LATITUDE_MESSAGE).default(null),
    longitude: rangedOrNull(-180, 180, LONGITUDE_MESSAGE).default(null),
    zoom: rangedOrNull(EMBED_ZOOM_RANGE.min, EMBED_ZOOM_RANGE.max, START_ZOOM_MESSAGE).default(null),
  })
  .superRefine((setting, context) => {
    if (setting.mode !== 'fixed') return;
    for (const field of ['latitude', 'longitude', 'zoom'] as const) {
      if (setting[field] === null) context.addIssue({ code: 'custom', path: [field], message: FIXED_START_MISSING_MESSAGE });
    }
  })
  .transform((setting) => (setting.mode === 'fixed' ? setting : { mode: setting.mode, latitude: null, longitude: null, zoom: null }));
export type MapStartSetting = z.output<typeof mapStartSetting>;
export type MapStartSettingInput = z.input<typeof mapStartSetting>;

/** Never saved: fit the coverage. */
export const DEFAULT_MAP_START_SETTING: MapStartSetting = { mode: 'coverage', latitude: null, longitude: null, zoom: null };

/** A box in degrees (west/east longitudes, south/north latitudes; never across the antimeridian). */
const geoBox = z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() });
export type MapBounds = z.infer<typeof geoBox>;

/**
 * Where the maps open now. source administrator: the fixed start (bounds null); source coverage:
 * `bounds` is the coverage's box (degrees), which each map fits into its own size, and
 * center/zoom are that fit for a 1280x800 window (what the embed generator offers as its default).
 */
export const startView = z.object({
  source: z.enum(['administrator', 'coverage']),
  center: z.object({ lat: z.number(), lng: z.number() }),
  zoom: z.number(),
  bounds: geoBox.nullable(),
});
export type StartView = z.infer<typeof startView>;

/** A setting as stored and answered. */
const storedSetting = z.object({
  mode: z.enum(['coverage', 'fixed']),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  zoom: z.number().nullable(),
});

/** GET and PUT /api/settings/public-map: the setting and the view the maps open on with it (null: no coverage, each map its own fixed point). */
export const mapStartSettings = z.object({ setting: storedSetting, start_view: startView.nullable() });
export type MapStartSettings = z.infer<typeof mapStartSettings>;
