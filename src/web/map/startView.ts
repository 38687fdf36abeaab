import type { MapBounds, StartView } from '../../common/api/mapStart.js';
import { DEFAULT_ZOOM } from '../../common/mapDefaults.js';
import type { LatLng } from './mapTypes.js';

/** Where a map opens: fitted to `bounds` when there are some, else at center and zoom. */
export interface MapView {
  center: LatLng;
  zoom: number;
  /** The coverage's box (degrees), fitted into the map's own size; center and zoom are that fit for a 1280x800 window. */
  bounds: MapBounds | null;
}

/**
 * The view a public map opens on: the server's start view (the administrator's fixed start, or the
 * coverage's box), else, with no start set and no coverage (or before the configuration is read),
 * the map's own fixed point at the default zoom.
 */
export function resolveStartView(startView: StartView | null | undefined, fallback: LatLng): MapView {
  if (!startView) return { center: { ...fallback }, zoom: DEFAULT_ZOOM, bounds: null };
  return { center: { ...startView.center }, zoom: startView.zoom, bounds: startView.bounds };
}
