/**
 * Terrarium elevation tiles (Mapzen / AWS "elevation-tiles-prod"): 256 × 256 PNG tiles on the Web
 * Mercator (XYZ) grid, height = R·256 + G + B/256 − 32768 metres. Tile x grows eastwards from
 * 180° W, y southwards from 85.0511° N. Pixel positions are fractional, in pixels from the tile's
 * top-left corner (0..256); pixel (i, j) covers [i, i + 1) × [j, j + 1), so its value belongs to
 * its centre (i + 0.5, j + 0.5).
 */
import { decode } from 'fast-png';
import { EARTH_RADIUS_M } from '../sphere.js';

export const TERRARIUM_TILE_SIZE = 256;

/** Web Mercator's latitude limit, degrees (where the square world map ends). */
const MAX_MERCATOR_LAT = 85.0511287798066;
const MAX_ZOOM = 24;

/** Heights of a Terrarium PNG, metres: 256 × 256, row-major from the tile's top-left. Throws an Error on a PNG that is not 256 × 256 8-bit RGB or RGBA. */
export function decodeTerrarium(png: Uint8Array): Float32Array {
  const image = decode(png);
  if (image.width !== TERRARIUM_TILE_SIZE || image.height !== TERRARIUM_TILE_SIZE) {
    throw new Error(`a Terrarium tile must be ${TERRARIUM_TILE_SIZE}x${TERRARIUM_TILE_SIZE} pixels, got ${image.width}x${image.height}`);
  }
  if ((image.channels !== 3 && image.channels !== 4) || image.depth !== 8) {
    throw new Error(`a Terrarium tile must be 8-bit RGB or RGBA, got ${image.channels} channel(s) of ${image.depth} bits`);
  }
  const { data, channels } = image;
  // Float32 holds every Terrarium value exactly: at most 16 integer bits and 8 fractional bits.
  const heights = new Float32Array(TERRARIUM_TILE_SIZE * TERRARIUM_TILE_SIZE);
  for (let i = 0, p = 0; i < heights.length; i++, p += channels) {
    heights[i] = data[p]! * 256 + data[p + 1]! + data[p + 2]! / 256 - 32768;
  }
  return heights;
}

/**
 * The Web Mercator tile holding a point (degrees) at a zoom, and the point's pixel position in it
 * (fractional, 0..256). A point on a tile boundary belongs to the tile east / south of it (lat 0,
 * lng 0 at zoom 1 is tile (1, 1) at pixel (0, 0)), except on the world's east and south edges,
 * which stay on the last tile at pixel 256. Latitudes beyond ±85.0511° are clamped to it.
 */
export function terrariumTileAt(lat: number, lng: number, zoom: number): { z: number; x: number; y: number; px: number; py: number } {
  if (!Number.isInteger(zoom) || zoom < 0 || zoom > MAX_ZOOM) throw new RangeError(`zoom must be a whole number from 0 to ${MAX_ZOOM}, got ${zoom}`);
  if (!(lat >= -90 && lat <= 90) || !(lng >= -180 && lng <= 180)) throw new RangeError(`point ${lat}, ${lng} is not a latitude and longitude in degrees`);
  const tiles = 2 ** zoom;
  const phi = (Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat)) * Math.PI) / 180;
  // World position in tiles: x from 180° W, y from the north edge.
  const worldX = ((lng + 180) / 360) * tiles;
  const worldY = ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * tiles;
  const x = Math.min(Math.floor(worldX), tiles - 1);
  const y = Math.min(Math.max(Math.floor(worldY), 0), tiles - 1);
  return {
    z: zoom,
    x,
    y,
    px: (worldX - x) * TERRARIUM_TILE_SIZE,
    py: Math.max(0, (worldY - y) * TERRARIUM_TILE_SIZE),
  };
}

/** Bilinear height between pixel centres at a fractional pixel position (0..256), metres; positions within half a pixel of the tile's edge take the edge pixels. */
export function terrariumHeightAt(heights: Float32Array, px: number, py: number): number {
  const last = TERRARIUM_TILE_SIZE - 1;
  // Position in pixel-centre coordinates: pixel i's centre is at i.
  const x = Math.max(0, Math.min(last, px - 0.5));
  const y = Math.max(0, Math.min(last, py - 0.5));
  const x0 = Math.min(Math.floor(x), last - 1);
  const y0 = Math.min(Math.floor(y), last - 1);
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * TERRARIUM_TILE_SIZE + x0;
  const top = heights[i]! + (heights[i + 1]! - heights[i]!) * fx;
  const bottom = heights[i + TERRARIUM_TILE_SIZE]! + (heights[i + TERRARIUM_TILE_SIZE + 1]! - heights[i + TERRARIUM_TILE_SIZE]!) * fx;
  return top + (bottom - top) * fy;
}

/**
 * The smallest zoom whose pixel spacing at latitude `lat` (degrees) is at most `spacingM` metres,
 * capped at `maxZoom` (default 15, the finest Terrarium level). The spacing of zoom z is
 * 2π·R·cos(lat) / (256 · 2^z), on the sphere of EARTH_RADIUS_M.
 */
export function terrariumZoomFor(lat: number, spacingM: number, maxZoom = 15): number {
  if (!(spacingM > 0)) throw new RangeError(`spacingM must be a positive number of metres, got ${spacingM}`);
  if (!Number.isInteger(maxZoom) || maxZoom < 0 || maxZoom > MAX_ZOOM)
    throw new RangeError(`maxZoom must be a whole number from 0 to ${MAX_ZOOM}, got ${maxZoom}`);
  const worldPixelsM =
    (2 * Math.PI * EARTH_RADIUS_M * Math.cos((Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat)) * Math.PI) / 180)) / TERRARIUM_TILE_SIZE;
  for (let zoom = 0; zoom < maxZoom; zoom++) {
    if (worldPixelsM / 2 ** zoom <= spacingM) return zoom;
  }
  return maxZoom;
}
