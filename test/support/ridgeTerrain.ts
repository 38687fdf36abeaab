import type { App } from '../../src/server/app.js';
import { hgtBytes } from '../../src/geo/elevation/testing/hgtBytes.js';
import { multipartBody } from './multipart.js';
import { bearer } from './testApp.js';

/**
 * Terrain of the line-of-sight and footprint tests: tile S34E018 (lat -34..-33, lng 18..19, 3
 * arc-seconds: 1200 samples a degree), a 100 m plain with a 400 m north-south ridge, at lng 18.25
 * unless a test places it elsewhere.
 */
export const RIDGE_TILE = 'S34E018';
const SAMPLES_PER_DEGREE = 1200;
/** Posts along each side of a 3-arc-second tile: one more than the samples per degree. */
const POSTS = 1201;
const TILE_WEST_LNG = 18;

/** The tile's .hgt bytes, the ridge 5 samples (about 400 m) wide and centred on `ridgeLng` (degrees). */
export function ridgeTile(ridgeLng = 18.25): Buffer {
  const ridgeCol = Math.round((ridgeLng - TILE_WEST_LNG) * SAMPLES_PER_DEGREE);
  return Buffer.from(hgtBytes(POSTS, (_row, col) => (Math.abs(col - ridgeCol) <= 2 ? 400 : 100)));
}

/** Uploads a terrain file (.hgt, .hgt.gz or .zip) as the admin with `token`, as the Terrain tiles screen does. */
export function uploadTerrainTile(app: App, token: string, filename: string, bytes: Buffer) {
  const { payload, headers } = multipartBody({}, { field: 'file', filename, contentType: 'application/octet-stream', bytes });
  return app.server.inject({ method: 'POST', url: '/api/terrain/tiles', payload, headers: { ...headers, ...bearer(token) } });
}
