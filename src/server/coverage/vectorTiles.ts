import type { FeatureCollection } from 'geojson';
import GeoJSONVT from 'geojson-vt';
import { fromGeojsonVt } from 'vt-pbf';

/** The source-layer name the map styles refer to. */
export const COVERAGE_TILE_LAYER = 'coverage';
const MAX_CACHED_TILES = 4000;

/**
 * Mapbox Vector Tiles (version 2) of one coverage snapshot (or another fixed set of features, in a
 * layer of its own name), cut on demand by geojson-vt and kept
 * in a small LRU cache. A new snapshot gets a new VectorTileSet; nothing here is invalidated.
 */
export class VectorTileSet {
  private readonly index: GeoJSONVT;
  private readonly cache = new Map<string, Uint8Array | null>();

  constructor(
    map: FeatureCollection,
    private readonly layerName = COVERAGE_TILE_LAYER,
  ) {
    // maxZoom 14: MapLibre overzooms beyond; tolerance 3 and buffer 64 are geojson-vt's usual values.
    this.index = new GeoJSONVT(map, { maxZoom: 14, indexMaxZoom: 5, tolerance: 3, buffer: 64 });
  }

  /** The encoded tile, or null when the tile holds no coverage. */
  tile(z: number, x: number, y: number): Uint8Array | null {
    const key = `${z}/${x}/${y}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const tile = this.index.getTile(z, x, y);
    const encoded = tile && tile.features.length > 0 ? fromGeojsonVt({ [this.layerName]: tile }, { version: 2 }) : null;
    this.cache.set(key, encoded);
    if (this.cache.size > MAX_CACHED_TILES) this.cache.delete(this.cache.keys().next().value as string);
    return encoded;
  }
}
