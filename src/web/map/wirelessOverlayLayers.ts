import type { LayerSpecification, VectorSourceSpecification } from 'maplibre-gl';

/** The source and layer ids the wireless overlay adds to a map. */
export const WIRELESS_SOURCE_ID = 'wireless';
/** The layer name inside the server's tiles (GET /api/wireless_tiles/{z}/{x}/{y}.pbf). */
export const WIRELESS_SOURCE_LAYER = 'wireless';
export const WIRELESS_FILL_LAYER_ID = 'wireless-fill';
/**
 * One colour for predicted wireless coverage (violet: apart from the service statuses' orange,
 * green, blue and grey). The band areas nest (Poor holds Fair, Fair holds Good …), and each is
 * drawn at WIRELESS_FILL_OPACITY, so a cell of rank k is covered k times: the colour deepens
 * towards the tower, and the legend shows the composite of each band.
 */
export const WIRELESS_COLOR = '#7b1fa2';
export const WIRELESS_FILL_OPACITY = 0.2;
/** The bands in the legend's order, best first, with the opacity their cells end up drawn at. */
export const WIRELESS_BANDS = (['Excellent', 'Good', 'Fair', 'Poor'] as const).map((band, i) => ({
  band,
  opacity: 1 - (1 - WIRELESS_FILL_OPACITY) ** (4 - i),
}));

/**
 * The tile address of the predicted wireless coverage; `origin` is the app's. A `version` (what the
 * footprints are made of, as a screen that watches them knows it) makes a new address when they
 * change, so that MapLibre fetches the tiles again rather than keep the ones it drew.
 */
export function wirelessTilesUrl(origin: string, version?: string): string {
  const url = `${origin}/api/wireless_tiles/{z}/{x}/{y}.pbf`;
  return version === undefined ? url : `${url}?v=${encodeURIComponent(version)}`;
}

/** The vector tile source of the predicted wireless coverage (see wirelessTilesUrl). */
export function wirelessSource(origin: string, version?: string): VectorSourceSpecification {
  return { type: 'vector', tiles: [wirelessTilesUrl(origin, version)], minzoom: 0, maxzoom: 14 };
}

/** One fill layer for all the band areas (see WIRELESS_COLOR). */
export function wirelessOverlayLayers(visible: boolean): LayerSpecification[] {
  return [
    {
      id: WIRELESS_FILL_LAYER_ID,
      type: 'fill',
      source: WIRELESS_SOURCE_ID,
      'source-layer': WIRELESS_SOURCE_LAYER,
      layout: { visibility: visible ? 'visible' : 'none' },
      paint: { 'fill-color': WIRELESS_COLOR, 'fill-opacity': WIRELESS_FILL_OPACITY },
    },
  ];
}
