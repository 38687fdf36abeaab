import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { FillLayerSpecification, GeoJSONSourceSpecification, LineLayerSpecification } from 'maplibre-gl';
import type { PublicZone } from '../../common/api/zones.js';

export const ZONE_SOURCE_ID = 'zones';
export const ZONE_FILL_LAYER_ID = 'zones-fill';
export const ZONE_LINE_LAYER_ID = 'zones-line';

/** Violet, a colour no service status uses, so a zone never reads as coverage. */
export const ZONE_COLOR = '#b388ff';
/** Filled lightly so the coverage under it stays readable; outlined dashed at full strength. */
export const ZONE_FILL_OPACITY = 0.14;

/** The zones as GeoJSON features (properties: id and name), the source's data. */
export function zoneFeatures(zones: readonly PublicZone[]): FeatureCollection<Polygon | MultiPolygon, { id: number; name: string }> {
  return {
    type: 'FeatureCollection',
    features: zones.map((zone) => ({ type: 'Feature', geometry: zone.geometry, properties: { id: zone.id, name: zone.name } })),
  };
}

export function zoneSource(zones: readonly PublicZone[]): GeoJSONSourceSpecification {
  return { type: 'geojson', data: zoneFeatures(zones) };
}

/** The zones' fill and dashed outline. */
export function zoneAreaLayers(): [FillLayerSpecification, LineLayerSpecification] {
  return [
    { id: ZONE_FILL_LAYER_ID, type: 'fill', source: ZONE_SOURCE_ID, paint: { 'fill-color': ZONE_COLOR, 'fill-opacity': ZONE_FILL_OPACITY } },
    {
      id: ZONE_LINE_LAYER_ID,
      type: 'line',
      source: ZONE_SOURCE_ID,
      paint: { 'line-color': ZONE_COLOR, 'line-width': 2, 'line-dasharray': [3, 2] },
    },
  ];
}
