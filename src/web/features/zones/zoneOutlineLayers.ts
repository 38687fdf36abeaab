import type { Feature, Geometry } from 'geojson';
import type { FillLayerSpecification, LineLayerSpecification } from 'maplibre-gl';
import type { LngLat } from './zoneOutline.js';

/** The zone outline's colour on the admin map, drawn or shown (a hex colour: terra-draw takes only those). */
export const ZONE_OUTLINE_COLOR = '#6a1b9a';

/** The plain layer of an outline the drawing tools cannot edit (holes, or too many vertices). */
export const ZONE_OUTLINE_SOURCE_ID = 'zone-outline';

export const ZONE_OUTLINE_LAYERS: readonly (FillLayerSpecification | LineLayerSpecification)[] = [
  { id: 'zone-outline-fill', type: 'fill', source: ZONE_OUTLINE_SOURCE_ID, paint: { 'fill-color': ZONE_OUTLINE_COLOR, 'fill-opacity': 0.2 } },
  { id: 'zone-outline-line', type: 'line', source: ZONE_OUTLINE_SOURCE_ID, paint: { 'line-color': ZONE_OUTLINE_COLOR, 'line-width': 2 } },
];

/**
 * The outer rings of the polygons finished in terra-draw's store ([lng, lat]). The store also
 * holds the polygon being drawn (currentlyDrawing) and the select tool's corner and midpoint
 * markers (Points), which are not part of the outline.
 */
export function drawnRings(features: readonly Feature<Geometry, Record<string, unknown> | null>[]): LngLat[][] {
  const rings: LngLat[][] = [];
  for (const feature of features) {
    if (feature.geometry.type !== 'Polygon' || feature.properties?.['currentlyDrawing'] === true) continue;
    const [outer] = feature.geometry.coordinates;
    if (outer) rings.push(outer.map((position): LngLat => [position[0]!, position[1]!]));
  }
  return rings;
}
