/**
 * Boxes on the map and the camera that shows one: the "fit to my coverage" start view of the
 * public map. Degrees throughout; boxes never cross the antimeridian (west <= east).
 */

/** A box in degrees: west/east are longitudes, south/north latitudes. */
export interface GeoBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** A camera: its centre in degrees and a MapLibre zoom level. */
export interface MapCamera {
  center: { lat: number; lng: number };
  zoom: number;
}

/** How a box is fitted: the viewport in CSS pixels, the margin kept on every side, and the zoom limits. */
export interface FitOptions {
  width: number;
  height: number;
  paddingPx: number;
  minZoom: number;
  maxZoom: number;
}

/** MapLibre's world is 512 px wide at zoom 0. */
const WORLD_PX_AT_ZOOM_0 = 512;
/** Web Mercator stops here; beyond it y is infinite. */
const MAX_MERCATOR_LAT = 85.051129;
const METRES_PER_DEGREE_LAT = 111_195;

/** The smallest box holding every box given; null when there are none. */
export function unionOfBoxes(boxes: Iterable<GeoBox>): GeoBox | null {
  let union: GeoBox | null = null;
  for (const box of boxes) {
    union =
      union === null
        ? { ...box }
        : {
            west: Math.min(union.west, box.west),
            south: Math.min(union.south, box.south),
            east: Math.max(union.east, box.east),
            north: Math.max(union.north, box.north),
          };
  }
  return union;
}

/** The box around a circle of `radiusKm` kilometres about a point (a tower's coverage radius). */
export function circleBox(lat: number, lng: number, radiusKm: number): GeoBox {
  const latDeg = (radiusKm * 1000) / METRES_PER_DEGREE_LAT;
  const lngDeg = latDeg / Math.max(Math.cos((lat * Math.PI) / 180), 1e-6);
  return {
    west: Math.max(-180, lng - lngDeg),
    south: Math.max(-90, lat - latDeg),
    east: Math.min(180, lng + lngDeg),
    north: Math.min(90, lat + latDeg),
  };
}

/** Web Mercator y of a latitude, in radians of the projected plane (the world spans 2π). */
function mercatorY(lat: number): number {
  const clamped = Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat));
  return Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360));
}

function latitudeOfMercatorY(y: number): number {
  return (360 / Math.PI) * Math.atan(Math.exp(y)) - 90;
}

/**
 * The camera that shows the whole box in the viewport with the padding around it, as MapLibre's
 * fitBounds would: centred on the box's middle in Web Mercator, at the largest zoom where both its
 * width and its height fit, within the zoom limits (a point, or a very small box, gets maxZoom).
 */
export function fitBox(box: GeoBox, options: FitOptions): MapCamera {
  const usableWidth = Math.max(1, options.width - 2 * options.paddingPx);
  const usableHeight = Math.max(1, options.height - 2 * options.paddingPx);
  const south = mercatorY(box.south);
  const north = mercatorY(box.north);
  const spanLng = box.east - box.west;
  const spanY = north - south;
  // At zoom z the world is 512·2^z px wide: 360 degrees of longitude, 2π of Mercator y.
  const zoomForWidth = spanLng > 0 ? Math.log2((usableWidth * 360) / (WORLD_PX_AT_ZOOM_0 * spanLng)) : Infinity;
  const zoomForHeight = spanY > 0 ? Math.log2((usableHeight * 2 * Math.PI) / (WORLD_PX_AT_ZOOM_0 * spanY)) : Infinity;
  const zoom = Math.min(options.maxZoom, Math.max(options.minZoom, Math.min(zoomForWidth, zoomForHeight)));
  return { center: { lat: latitudeOfMercatorY((south + north) / 2), lng: (box.west + box.east) / 2 }, zoom };
}
