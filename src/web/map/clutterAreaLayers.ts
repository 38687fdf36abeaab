import type { ExpressionSpecification, FillLayerSpecification, LineLayerSpecification } from 'maplibre-gl';
import type { ClutterClass } from '../../common/api/clutterAreas.js';

/** Each clutter class's colour: trees green, suburban orange, urban grey-purple, water blue. */
export const CLUTTER_CLASS_COLORS: Record<ClutterClass, string> = {
  trees: '#2e7d32',
  suburban: '#ef6c00',
  urban: '#6d5f8c',
  water: '#1e88e5',
};
/** Filled lightly so the terrain and the sight lines stay readable through them; outlined at full strength. */
export const CLUTTER_FILL_OPACITY = 0.3;

export const CLUTTER_SOURCE_ID = 'clutter-areas';
export const CLUTTER_FILL_LAYER_ID = 'clutter-areas-fill';
export const CLUTTER_LINE_LAYER_ID = 'clutter-areas-line';

/** The class's colour of a feature (properties.clutter_class of GET /api/clutter_areas/geojson); grey for a class unknown here. */
const classColor: ExpressionSpecification = [
  'match',
  ['get', 'clutter_class'],
  ...Object.entries(CLUTTER_CLASS_COLORS).flat(),
  '#9e9e9e',
] as unknown as ExpressionSpecification;

/** The areas' fill and outline, shown or hidden together (ClutterAreas.tsx switches their visibility). */
export function clutterAreaLayers(visible: boolean): [FillLayerSpecification, LineLayerSpecification] {
  const visibility = visible ? 'visible' : 'none';
  return [
    {
      id: CLUTTER_FILL_LAYER_ID,
      type: 'fill',
      source: CLUTTER_SOURCE_ID,
      layout: { visibility },
      paint: { 'fill-color': classColor, 'fill-opacity': CLUTTER_FILL_OPACITY },
    },
    {
      id: CLUTTER_LINE_LAYER_ID,
      type: 'line',
      source: CLUTTER_SOURCE_ID,
      layout: { visibility },
      paint: { 'line-color': classColor, 'line-width': 1.5 },
    },
  ];
}
