import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import { decodeTerrarium, TERRARIUM_TILE_SIZE, terrariumHeightAt, terrariumTileAt, terrariumZoomFor } from '../../geo/elevation/terrarium.js';
import { EARTH_RADIUS_M, type LatLng } from '../../geo/sphere.js';
import type { OutboundClient } from '../outbound/outboundClient.js';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../ownerOnlyFiles.js';
import { CircuitBreaker } from '../system/circuitBreaker.js';
import type { ElevationSource, ElevationTile } from './elevationSource.js';
import type { TileMemory } from './tileMemory.js';

/** A Terrarium tile is a small PNG (typically 60-150 KB); anything over this is not one. */
const MAX_TILE_BYTES = 2 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 5000;
/** After a failed fetch, this long without trying again. */
const COOL_DOWN_MS = 60_000;
/** The zoom is chosen for pixels of about this size: the data is SRTM-derived, finer adds nothing. */
const TERRARIUM_SPACING_M = 40;
/** Tiles remembered as absent (about 100 bytes each): checks anywhere on earth must not grow the set without end. */
const MAX_ABSENT_TILES = 10_000;

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** A decoded Terrarium tile: 256 × 256 heights in metres, row-major from the top-left. */
export class TerrariumTile {
  readonly byteSize: number;
  constructor(readonly heights: Float32Array) {
    this.byteSize = heights.byteLength;
  }
}

export interface TerrariumElevationSourceDeps {
  /** TERRAIN_TILES_URL, with {z}, {x} and {y}. */
  urlTemplate: string;
  /** Where fetched tiles are kept on disk. */
  cacheDir: string;
  outbound: OutboundClient;
  memory: TileMemory;
  log: FastifyBaseLogger;
  /** Absent tiles remembered (default MAX_ABSENT_TILES). */
  absentTilesKept?: number;
}

/**
 * Terrarium elevation tiles from TERRAIN_TILES_URL: fetched through the guarded outbound client,
 * kept on disk (so a restart does not fetch them again) and decoded in TileMemory. An unreachable
 * tile server costs one timeout, then none for a cool-down (circuit breaker): checks answer on
 * what they have meanwhile.
 */
export class TerrariumElevationSource implements ElevationSource {
  readonly kind = 'terrarium' as const;
  private readonly breaker = new CircuitBreaker(COOL_DOWN_MS);
  /** Tiles the server does not have (404): not asked again by this process while remembered. */
  private readonly absent: LRUCache<string, true>;

  private readonly urlTemplate: string;
  private readonly cacheDir: string;
  private readonly outbound: OutboundClient;
  private readonly memory: TileMemory;
  private readonly log: FastifyBaseLogger;

  constructor(deps: TerrariumElevationSourceDeps) {
    this.urlTemplate = deps.urlTemplate;
    this.cacheDir = deps.cacheDir;
    this.outbound = deps.outbound;
    this.memory = deps.memory;
    this.log = deps.log;
    this.absent = new LRUCache({ max: deps.absentTilesKept ?? MAX_ABSENT_TILES });
  }

  async spacingAt(point: LatLng): Promise<number | null> {
    return pixelSizeM(point.lat, terrariumZoomFor(point.lat, TERRARIUM_SPACING_M));
  }

  async tileAt(lat: number, lng: number): Promise<ElevationTile | null> {
    const zoom = terrariumZoomFor(lat, TERRARIUM_SPACING_M);
    const at = terrariumTileAt(lat, lng, zoom);
    const tile = await this.tile(at);
    if (!tile) return null;
    // contains() and heightAt() of one point share one projection.
    let located = at;
    let locatedLat = lat;
    let locatedLng = lng;
    const locate = (a: number, b: number) => {
      if (a !== locatedLat || b !== locatedLng) {
        located = terrariumTileAt(a, b, zoom);
        locatedLat = a;
        locatedLng = b;
      }
      return located;
    };
    return {
      contains: (a, b) => {
        const other = locate(a, b);
        return other.x === at.x && other.y === at.y;
      },
      heightAt: (a, b) => {
        const { px, py } = locate(a, b);
        return terrariumHeightAt(tile.heights, px, py);
      },
    };
  }

  /** The tile, or null when it cannot be had now (absent, or the server is failing). */
  private async tile(address: TileAddress): Promise<TerrariumTile | null> {
    const key = `terrarium:${address.z}/${address.x}/${address.y}`;
    const inMemory = this.memory.peek<TerrariumTile>(key);
    if (inMemory) return inMemory;
    if (this.absent.get(key)) return null;
    try {
      return await this.memory.load(key, async () => new TerrariumTile(await this.decoded(address)), TERRARIUM_TILE_SIZE * TERRARIUM_TILE_SIZE * 4);
    } catch (error) {
      if (!(error instanceof TileUnavailable)) {
        this.log.warn({ tile: key, err: error instanceof Error ? error.message : String(error) }, 'terrarium tile unusable');
      }
      return null;
    }
  }

  /** A cached file that does not decode is removed, so the next use fetches it again. */
  private async decoded(address: TileAddress): Promise<Float32Array> {
    const png = await this.png(address);
    try {
      return decodeTerrarium(png);
    } catch (error) {
      await fs.rm(this.cachePath(address), { force: true });
      throw error;
    }
  }

  private cachePath({ z, x, y }: TileAddress): string {
    return path.join(this.cacheDir, String(z), String(x), `${y}.png`);
  }

  private async png(address: TileAddress): Promise<Uint8Array> {
    const file = this.cachePath(address);
    const cached = await fs.readFile(file).catch(() => null);
    if (cached) return cached;
    if (!this.breaker.allows()) throw new TileUnavailable();
    const url = this.urlTemplate.replace('{z}', String(address.z)).replace('{x}', String(address.x)).replace('{y}', String(address.y));
    let body: Buffer;
    try {
      const response = await this.outbound.request(url, { timeoutMs: FETCH_TIMEOUT_MS, maxBytes: MAX_TILE_BYTES });
      if (response.status === 404) {
        this.breaker.succeeded();
        this.absent.set(`terrarium:${address.z}/${address.x}/${address.y}`, true);
        throw new TileUnavailable();
      }
      if (response.status !== 200) throw new Error(`the tile server answered HTTP ${response.status}`);
      body = response.body;
    } catch (error) {
      if (error instanceof TileUnavailable) throw error;
      this.breaker.failed();
      this.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        `terrain tile server failing; not asked again for ${COOL_DOWN_MS / 1000} s`,
      );
      throw new TileUnavailable();
    }
    this.breaker.succeeded();
    await fs.mkdir(path.dirname(file), { recursive: true, mode: OWNER_ONLY_DIR });
    // Written aside, then renamed into place: a read at the same moment (another request, the
    // footprints) finds the whole tile or none, never a half-written one it would decode and delete.
    const part = `${file}.${randomBytes(4).toString('hex')}.part`;
    await fs.writeFile(part, body, { mode: OWNER_ONLY_FILE });
    await fs.rename(part, file);
    return body;
  }
}

/** Ground size of one Terrarium pixel at a latitude and zoom (Web Mercator on EARTH_RADIUS_M), metres. */
function pixelSizeM(lat: number, zoom: number): number {
  return (2 * Math.PI * EARTH_RADIUS_M * Math.cos((lat * Math.PI) / 180)) / (TERRARIUM_TILE_SIZE * 2 ** zoom);
}

/** No tile now; already logged where it matters. */
class TileUnavailable extends Error {}
