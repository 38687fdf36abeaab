import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { parsePackedCoverageKml, type CoverageFeatureProperties } from '../kml/index.js';
import { unpackGeometry } from '../packedGeometry.js';

/**
 * Test helper, not for production code: parsePackedCoverageKml with the polygons as GeoJSON, so
 * that tests can state expected geometry as plain coordinate arrays. The server and the
 * benchmarks keep the polygons packed.
 */

/** One placemark's polygons; coordinates are GeoJSON [lng, lat] in degrees, rings closed. */
export type CoverageFeature = Feature<Polygon | MultiPolygon, CoverageFeatureProperties>;

export interface ParsedCoverageKml {
  features: CoverageFeature[];
}

/**
 * The placemarks of parsePackedCoverageKml as GeoJSON features: a Polygon for one polygon, a
 * MultiPolygon for several. Throws what parsePackedCoverageKml throws.
 */
export function parseCoverageKml(kmlText: string): ParsedCoverageKml {
  const { placemarks } = parsePackedCoverageKml(kmlText);
  const features = placemarks.map((placemark): CoverageFeature => ({
    type: 'Feature',
    geometry: unpackGeometry(placemark.polygons),
    properties: { name: placemark.name, color: placemark.color },
  }));
  return { features };
}
