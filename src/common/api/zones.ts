import { z } from 'zod';
import { booleanField, entityId, requiredText, text } from './fields.js';

/**
 * Pre-registration zones (issue 20 §2): an area of a provider with a goal of confirmed
 * pre-registrations. Geometry is GeoJSON, positions [longitude, latitude] in degrees.
 */

/** Most vertices a zone may have (each ring counted without its closing position). */
export const ZONE_MAX_VERTICES = 50_000;
export const ZONE_TOO_MANY_VERTICES_MESSAGE = 'A zone may have at most 50,000 vertices';
export const ZONE_MAX_GOAL = 1_000_000;
export const ZONE_GOAL_MESSAGE = 'Goal must be a whole number from 1 to 1,000,000';
export const ZONE_GEOMETRY_MESSAGE = 'Geometry must be a GeoJSON Polygon or MultiPolygon';
export const ZONE_POSITION_MESSAGE = 'Each position must be [longitude, latitude] within -180..180 and -90..90';
export const ZONE_RING_LENGTH_MESSAGE = 'Each ring must have at least 4 positions, the last repeating the first';
export const ZONE_RING_CLOSED_MESSAGE = 'Each ring must be closed: its last position must repeat its first';
export const ZONE_FILE_TYPE_MESSAGE = 'The file must be KML, KMZ or GeoJSON';
export const ZONE_FILE_NO_POLYGONS_MESSAGE = 'The file holds no polygons';
export const ZONE_FILE_REQUIRED_MESSAGE = 'Choose a KML, KMZ or GeoJSON file (field file)';
/** Largest zone file, and largest KML inside a KMZ (checked before inflating), bytes. */
/** A zone's waitlist entries carry its provider, so a zone that has any keeps it (PUT /api/zones/:id answers 409). */
export const ZONE_PROVIDER_LOCKED_MESSAGE = 'A zone with pre-registrations cannot move to another provider';

export const ZONE_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const ZONE_FILE_TOO_LARGE_MESSAGE = 'A zone file must be at most 10 MB';

/** "The zone's outline crosses itself near <lat>, <lng>", to 5 decimals (about a metre). */
export function zoneCrossingMessage(lat: number, lng: number): string {
  return `The zone's outline crosses itself near ${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

const longitude = z.number({ error: ZONE_POSITION_MESSAGE }).min(-180, ZONE_POSITION_MESSAGE).max(180, ZONE_POSITION_MESSAGE);
const latitude = z.number({ error: ZONE_POSITION_MESSAGE }).min(-90, ZONE_POSITION_MESSAGE).max(90, ZONE_POSITION_MESSAGE);
/** [longitude, latitude], degrees (GeoJSON order). */
const position = z.tuple([longitude, latitude], { error: ZONE_POSITION_MESSAGE });
/** Refinements run only on input that passed the shapes above (a missing position would otherwise reach them). */
const whenWellFormed = (payload: z.core.ParsePayload) => payload.issues.length === 0;
const ring = z
  .array(position, { error: ZONE_GEOMETRY_MESSAGE })
  .min(4, ZONE_RING_LENGTH_MESSAGE)
  .refine(
    (positions) => {
      const first = positions[0]!;
      const last = positions[positions.length - 1]!;
      return first[0] === last[0] && first[1] === last[1];
    },
    { message: ZONE_RING_CLOSED_MESSAGE, when: whenWellFormed },
  );
/** A polygon's rings: the outer ring, then its holes. */
const polygonCoordinates = z.array(ring, { error: ZONE_GEOMETRY_MESSAGE }).min(1, ZONE_GEOMETRY_MESSAGE);

export const zoneMultiPolygon = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(polygonCoordinates, { error: ZONE_GEOMETRY_MESSAGE }).min(1, ZONE_GEOMETRY_MESSAGE),
});

const polygonOrMultiPolygon = z.discriminatedUnion('type', [z.object({ type: z.literal('Polygon'), coordinates: polygonCoordinates }), zoneMultiPolygon], {
  error: ZONE_GEOMETRY_MESSAGE,
});
export type ZoneGeometry = z.infer<typeof polygonOrMultiPolygon>;

/** A zone's outline: a GeoJSON Polygon or MultiPolygon of closed rings, at most ZONE_MAX_VERTICES vertices. */
export const zoneGeometry = polygonOrMultiPolygon.refine((geometry) => zoneVertexCount(geometry) <= ZONE_MAX_VERTICES, {
  message: ZONE_TOO_MANY_VERTICES_MESSAGE,
  when: whenWellFormed,
});

/** The polygons of a zone's geometry, each its rings of [lng, lat] positions. */
export function zonePolygons(geometry: ZoneGeometry): [number, number][][][] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

/** A zone's vertices: each ring's positions without the closing one (a square is 4). */
export function zoneVertexCount(geometry: ZoneGeometry): number {
  let count = 0;
  for (const rings of zonePolygons(geometry)) for (const positions of rings) count += positions.length - 1;
  return count;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (v: string) => ISO_DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

const zoneShape = {
  name: requiredText(200, 'Name'),
  provider_id: entityId('Provider id must be a positive whole number', 'Provider not found'),
  goal: z.number({ error: ZONE_GOAL_MESSAGE }).int(ZONE_GOAL_MESSAGE).min(1, ZONE_GOAL_MESSAGE).max(ZONE_MAX_GOAL, ZONE_GOAL_MESSAGE),
  geometry: zoneGeometry,
  /** YYYY-MM-DD; null or empty text: none. */
  deadline: z
    .preprocess((v) => (v === '' ? null : v), z.string({ error: 'Deadline must be a date (YYYY-MM-DD)' }).nullable())
    .refine((v) => v === null || isCalendarDate(v), 'Deadline must be a date (YYYY-MM-DD)'),
  /** Shown with the zone on the public map; null or empty text: none. */
  message: z.preprocess((v) => (v === null ? '' : v), text(500, 'Message')).transform((v) => (v === '' ? null : v)),
  active: booleanField('active must be true or false'),
};

/** POST /api/zones. */
export const zoneInput = z.object({
  ...zoneShape,
  deadline: zoneShape.deadline.optional(),
  message: zoneShape.message.optional(),
  active: zoneShape.active.default(true),
});
export type ZoneInput = z.infer<typeof zoneInput>;

/** PUT /api/zones/{id}: any of the fields; those left out stay as they are. */
export const zoneUpdate = z.object(zoneShape).partial();
export type ZoneUpdate = z.infer<typeof zoneUpdate>;

export const zoneIdParams = z.object({ id: entityId('Zone id must be a positive whole number', 'Zone not found') });

/** A zone as the public map gets it (GET /api/zones): active zones only. */
export const publicZone = z.object({
  id: z.number(),
  name: z.string(),
  provider_id: z.number(),
  provider_name: z.string(),
  goal: z.number(),
  /** Confirmed pre-registrations (waitlist entries of the zone whose e-mailed link was opened). */
  confirmed_count: z.number(),
  deadline: z.string().nullable(),
  message: z.string().nullable(),
  geometry: zoneGeometry,
});
export type PublicZone = z.infer<typeof publicZone>;

/** A zone as the admin screens get it (GET /api/zones/all and the answers of writes). */
export const adminZone = publicZone.extend({
  active: z.boolean(),
  /** When the confirmed count first reached the goal (ISO 8601); null: not yet. */
  goal_reached_at: z.string().nullable(),
  vertex_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminZone = z.infer<typeof adminZone>;

/** POST /api/zones/geometry-from-file: the polygons of the file, for the form to show before saving. */
export const zoneGeometryFromFile = z.object({ geometry: zoneMultiPolygon });
export type ZoneGeometryFromFile = z.infer<typeof zoneGeometryFromFile>;
