import type { FeatureCollection } from 'geojson';
import { LRUCache } from 'lru-cache';
import { fromGeojsonVt } from 'vt-pbf';
import { COVERAGE_OVERVIEW_MAX_ZOOM } from '../../common/mapDefaults.js';
import { lightenOverviewTile } from './overviewTile.js';
import { TrimmedTileIndex } from './trimmedTileIndex.js';

/** The source-layer name the map styles refer to. */
export const COVERAGE_TILE_LAYER = 'coverage';

/**
 * Tiles up to this zoom are the overview: few, large and slow to cut, and every map that opens asks
 * for them. Their polygons are simplified to what the zoom shows (lightenOverviewTile): on the
 * 10,000-polygon benchmark map a zoom 5 tile of 1.1 MB and 530,000 points becomes 180 KB and
 * 30,000, and takes no longer to make (about 100 ms: simplifying costs what encoding fewer points
 * saves); a zoom 10 tile is 9 KB and takes under 1 ms.
 */
export const OVERVIEW_MAX_ZOOM = COVERAGE_OVERVIEW_MAX_ZOOM;

/**
 * geojson-vt's first pass, kept for the set's life: tiles are cut down to zoom 9 where they hold
 * over 20,000 points (geojson-vt's defaults: zoom 5, 100,000). A tile asked for below it is cut
 * from at most 20,000 points, in a millisecond or two, so the tiles cut on request can be dropped
 * (TrimmedTileIndex) without making deep tiles slow; on the benchmark map the first pass holds
 * about 120 MB (60 MB with the defaults, whose zoom 5 tiles hold up to a million points each).
 */
const FIRST_PASS = { indexMaxZoom: 9, indexMaxPoints: 20_000 };

/** How much one tile set may hold beyond the tile index it is built with. */
export interface TileSetBounds {
  /** Encoded overview tiles (zoom <= OVERVIEW_MAX_ZOOM) kept, bytes. */
  maxOverviewBytes: number;
  /** Encoded deeper tiles kept, bytes, and how many (an empty tile is remembered too). */
  maxDetailBytes: number;
  maxDetailTiles: number;
  /** Points geojson-vt may keep in the tiles it cuts on request (see TrimmedTileIndex). */
  maxDrilledPoints: number;
}

/**
 * 24 MB of overview tiles (the whole benchmark map's up to zoom 7 take 5.7 MB), 8 MB of deeper
 * ones and about 30 MB of tiles cut on request (at about 20 bytes a point, typed arrays included)
 * per tile set: the coverage map has one, the wireless overlay's worker another. Deeper tiles go
 * to a cache of their own so that a visitor panning at street level never pushes the overview out.
 */
export const DEFAULT_TILE_SET_BOUNDS: TileSetBounds = {
  maxOverviewBytes: 24 * 1024 * 1024,
  maxDetailBytes: 8 * 1024 * 1024,
  maxDetailTiles: 4000,
  maxDrilledPoints: 1_500_000,
};

/** What a cached tile costs beyond its bytes (its key and the cache's entry), bytes. */
const ENTRY_OVERHEAD_BYTES = 200;
/** An empty tile, kept in the cache (which takes no null) so it is not cut again. */
const EMPTY_TILE = new Uint8Array(0);

const sizeOf = (bytes: Uint8Array) => bytes.byteLength + ENTRY_OVERHEAD_BYTES;

/**
 * Mapbox Vector Tiles (version 2) of one coverage snapshot (or another fixed set of features, in a
 * layer of its own name), cut on demand by geojson-vt, the encoded tiles kept in LRU caches; all
 * bounded (TileSetBounds), so that requests for many tiles do not grow the process. A new snapshot
 * gets a new VectorTileSet; nothing here is invalidated.
 */
export class VectorTileSet {
  private readonly index: TrimmedTileIndex;
  private readonly overview: LRUCache<string, Uint8Array>;
  private readonly detail: LRUCache<string, Uint8Array>;

  constructor(
    map: FeatureCollection,
    private readonly layerName = COVERAGE_TILE_LAYER,
    bounds: TileSetBounds = DEFAULT_TILE_SET_BOUNDS,
  ) {
    // maxZoom 14: MapLibre overzooms beyond; tolerance 3 and buffer 64 are geojson-vt's usual values.
    this.index = new TrimmedTileIndex(map, { maxZoom: 14, ...FIRST_PASS, tolerance: 3, buffer: 64 }, bounds.maxDrilledPoints);
    this.overview = new LRUCache<string, Uint8Array>({ maxSize: bounds.maxOverviewBytes, sizeCalculation: sizeOf });
    this.detail = new LRUCache<string, Uint8Array>({ max: bounds.maxDetailTiles, maxSize: bounds.maxDetailBytes, sizeCalculation: sizeOf });
  }

  /** The encoded tile, or null when the tile holds no coverage. */
  tile(z: number, x: number, y: number): Uint8Array | null {
    const cache = z <= OVERVIEW_MAX_ZOOM ? this.overview : this.detail;
    const key = `${z}/${x}/${y}`;
    const cached = cache.get(key);
    if (cached !== undefined) return cached === EMPTY_TILE ? null : cached;
    const cut = this.index.getTile(z, x, y);
    const tile = cut && z <= OVERVIEW_MAX_ZOOM ? lightenOverviewTile(cut, z) : cut;
    // pbf writes into a buffer it doubles as it goes and answers a view of it: keep an exact copy.
    const encoded = tile && tile.features.length > 0 ? fromGeojsonVt({ [this.layerName]: tile }, { version: 2 }).slice() : null;
    // A tile larger than the whole cache is answered but not kept (lru-cache refuses it).
    cache.set(key, encoded ?? EMPTY_TILE);
    return encoded;
  }

  /** What the set holds beyond its first tile index: encoded tiles in each cache and the points of tiles cut on request. */
  held(): { overviewBytes: number; detailTiles: number; detailBytes: number; drilledPoints: number } {
    return { overviewBytes: this.overview.calculatedSize, detailTiles: this.detail.size, detailBytes: this.detail.calculatedSize, drilledPoints: this.index.drilledPoints };
  }
}
