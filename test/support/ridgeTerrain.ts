import { hgtBytes } from '../../src/geo/elevation/testing/hgtBytes.js';

/**
 * Terrain of the line-of-sight and footprint tests: tile S34E018 (lat -34..-33, lng 18..19, 3
 * arc-seconds: 1200 samples a degree), a 100 m plain with a 400 m north-south ridge at lng 18.25.
 */
export const RIDGE_TILE = 'S34E018';
const RIDGE_COL = Math.round(0.25 * 1200);

/** The tile's .hgt bytes. */
export const ridgeTile = () => Buffer.from(hgtBytes(1201, (_row, col) => (Math.abs(col - RIDGE_COL) <= 2 ? 400 : 100)));
