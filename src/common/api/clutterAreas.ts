import { z } from 'zod';
import { blankAsMissing, entityId, text } from './fields.js';

/**
 * The classes of clutter an area can be (issue 19 §4), in the order their numbers are stored in a
 * footprint's clutter raster (geo/rf/clutterMap.ts: class k is CLUTTER_CLASSES[k − 1], 0 none).
 */
export const CLUTTER_CLASSES = ['trees', 'suburban', 'urban', 'water'] as const;
export type ClutterClass = (typeof CLUTTER_CLASSES)[number];

/** The class code of geo/rf/clutterMap.ts: CLUTTER_CLASSES[code − 1]. */
export function clutterCodeOf(clutterClass: ClutterClass): number {
  return CLUTTER_CLASSES.indexOf(clutterClass) + 1;
}

/** The class of a code, null for 0 (outside every area). */
export function clutterClassOf(code: number): ClutterClass | null {
  return CLUTTER_CLASSES[code - 1] ?? null;
}

/** Their names in messages and on screens. */
export const CLUTTER_CLASS_LABELS: Readonly<Record<ClutterClass, string>> = { trees: 'Trees', suburban: 'Suburban', urban: 'Urban', water: 'Water' };

export const CLUTTER_CLASS_MESSAGE = 'Clutter class must be one of trees, suburban, urban or water';
export const CLUTTER_NO_POLYGONS_MESSAGE = 'The file holds no polygons';
export const CLUTTER_FILE_TYPE_MESSAGE = 'The file must be KML, KMZ or GeoJSON';
export const CLUTTER_FILE_REQUIRED_MESSAGE = 'Choose a KML, KMZ or GeoJSON file to upload (field file)';

/** Most vertices one upload may hold: every path sample and footprint cell near an area is tested against its rings. */
export const CLUTTER_MAX_VERTICES = 200_000;
/** Most areas kept at once. */
export const CLUTTER_MAX_AREAS = 100;
export const CLUTTER_TOO_MANY_VERTICES_MESSAGE = `A clutter file may hold at most ${CLUTTER_MAX_VERTICES.toLocaleString('en-US')} vertices`;
export const CLUTTER_TOO_MANY_AREAS_MESSAGE = `At most ${CLUTTER_MAX_AREAS} clutter areas can be kept; delete one first`;

/** A clutter area as listed (GET /api/clutter_areas) and answered by an upload. */
export const clutterArea = z.object({
  id: z.number(),
  name: z.string(),
  clutter_class: z.enum(CLUTTER_CLASSES),
  polygon_count: z.number(),
  vertex_count: z.number(),
  /** West, south, east, north, degrees. */
  bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  file_name: z.string(),
  created_at: z.string(),
});
export type ClutterArea = z.infer<typeof clutterArea>;

/** The text fields of POST /api/clutter_areas (multipart, beside one `file`). */
export const clutterAreaUploadFields = z.object({
  clutter_class: z.enum(CLUTTER_CLASSES, { error: CLUTTER_CLASS_MESSAGE }),
  /** Default: the file's name without its extension. */
  name: z.preprocess(blankAsMissing, text(200, 'Name').optional()),
});

export const clutterAreaIdParams = z.object({ id: entityId('Clutter area id must be a positive whole number', 'Clutter area not found') });

/** GET /api/clutter_areas/geojson: every area's polygons ([lng, lat]) with what they are. */
export const clutterAreasGeoJson = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.object({
      type: z.literal('Feature'),
      properties: z.object({ id: z.number(), name: z.string(), clutter_class: z.enum(CLUTTER_CLASSES) }),
      geometry: z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.tuple([z.number(), z.number()])))) }),
    }),
  ),
});
export type ClutterAreasGeoJson = z.infer<typeof clutterAreasGeoJson>;
