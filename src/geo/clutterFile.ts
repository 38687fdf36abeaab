/**
 * The polygons of an uploaded clutter file (issue 19 §4): KML, KMZ or GeoJSON, told apart by
 * content, never by name: a zip's "PK" signature is a KMZ, text starting with "{" is GeoJSON,
 * text starting with "<" is KML. GeoJSON may be a FeatureCollection, a Feature, a Polygon or a
 * MultiPolygon; features of other geometries are left out, as the KML reader leaves points and
 * lines out. Polygons come back packed ([lng, lat] degrees, packedGeometry.ts). Pure: no I/O.
 */
import { KmlParseError, kmlTextChunks, parsePackedCoverageKml } from './kml/index.js';
import { packRing, type PackedPolygon } from './packedGeometry.js';

/** A file that cannot be read as clutter polygons; its message is for the administrator. */
export class ClutterFileError extends Error {}

export interface ClutterFileLimits {
  /** Largest .kml a KMZ may expand to, bytes (checked from the zip's directory, before inflating). */
  maxKmlBytes: number;
  /** The messages of the two refusals the API words itself. */
  noPolygonsMessage: string;
  notClutterFileMessage: string;
}

export type ClutterFileFormat = 'kml' | 'kmz' | 'geojson';

export function readClutterFile(bytes: Uint8Array, fileName: string, limits: ClutterFileLimits): { format: ClutterFileFormat; polygons: PackedPolygon[] } {
  const format = formatOf(bytes);
  if (!format) throw new ClutterFileError(limits.notClutterFileMessage);
  if (format === 'geojson') {
    const polygons = geoJsonPolygons(bytes, limits.notClutterFileMessage);
    if (polygons.length === 0) throw new ClutterFileError(limits.noPolygonsMessage);
    return { format, polygons };
  }
  try {
    // The KML reader takes the zip apart itself, refusing an entry declared larger than the limit before inflating it.
    const parsed = parsePackedCoverageKml(kmlTextChunks({ bytes }, fileName, { maxKmlBytes: limits.maxKmlBytes }));
    return { format, polygons: parsed.placemarks.flatMap((placemark) => placemark.polygons) };
  } catch (error) {
    if (!(error instanceof KmlParseError)) throw error;
    throw new ClutterFileError(/no polygons/i.test(error.message) ? limits.noPolygonsMessage : error.message);
  }
}

/** The format of a file by its first bytes (after a UTF-8 byte-order mark and white space), or null. */
export function formatOf(bytes: Uint8Array): ClutterFileFormat | null {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'kmz';
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length && (bytes[at] === 0x20 || bytes[at] === 0x09 || bytes[at] === 0x0a || bytes[at] === 0x0d)) at += 1;
  if (bytes[at] === 0x7b) return 'geojson';
  if (bytes[at] === 0x3c) return 'kml';
  return null;
}

function geoJsonPolygons(bytes: Uint8Array, notClutterFileMessage: string): PackedPolygon[] {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new ClutterFileError(`${notClutterFileMessage}: the GeoJSON is not valid JSON`);
  }
  const polygons: PackedPolygon[] = [];
  const addGeometry = (geometry: unknown) => {
    if (!isObject(geometry)) return;
    if (geometry.type === 'Polygon') polygons.push(polygonOf(geometry.coordinates));
    else if (geometry.type === 'MultiPolygon') {
      if (!Array.isArray(geometry.coordinates)) throw badGeometry();
      for (const rings of geometry.coordinates) polygons.push(polygonOf(rings));
    } else if (geometry.type === 'GeometryCollection' && Array.isArray(geometry.geometries)) geometry.geometries.forEach(addGeometry);
  };
  if (!isObject(value)) throw new ClutterFileError(notClutterFileMessage);
  if (value.type === 'FeatureCollection') {
    if (!Array.isArray(value.features)) throw new ClutterFileError('The GeoJSON FeatureCollection has no features array');
    for (const feature of value.features) if (isObject(feature)) addGeometry(feature.geometry);
  } else if (value.type === 'Feature') addGeometry(value.geometry);
  else if (value.type === 'Polygon' || value.type === 'MultiPolygon' || value.type === 'GeometryCollection') addGeometry(value);
  else throw new ClutterFileError(notClutterFileMessage);
  return polygons;
}

const badGeometry = () => new ClutterFileError('A GeoJSON polygon must be a list of rings, each of at least 4 [longitude, latitude] positions');

/** A GeoJSON polygon's rings, checked: each at least 4 positions of finite longitude (−180..180) and latitude (−90..90), closed when it is not. */
function polygonOf(rings: unknown): PackedPolygon {
  if (!Array.isArray(rings) || rings.length === 0) throw badGeometry();
  return rings.map((ring: unknown) => {
    if (!Array.isArray(ring) || ring.length < 3) throw badGeometry();
    const positions = ring.map((position: unknown) => {
      if (!Array.isArray(position) || position.length < 2) throw badGeometry();
      const [lng, lat] = position as unknown[];
      if (typeof lng !== 'number' || typeof lat !== 'number' || !(Math.abs(lng) <= 180) || !(Math.abs(lat) <= 90)) {
        throw new ClutterFileError('A GeoJSON position must be [longitude, latitude] within -180..180 and -90..90');
      }
      return [lng, lat];
    });
    const first = positions[0]!;
    const last = positions[positions.length - 1]!;
    if (first[0] !== last[0] || first[1] !== last[1]) positions.push(first);
    if (positions.length < 4) throw badGeometry();
    return packRing(positions);
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
