import type { GeoJSON } from 'geojson';
import GeoJSONVT, { type LegacyTile, type Options, type TileCoord } from 'geojson-vt';

/**
 * What trimming uses of a geojson-vt 5 index beyond its typed API: `tiles` (every tile it has cut,
 * by id; public in its source) and, on each tile, `source` (the geometry it can be cut further
 * from; null once it has been) and `numPoints` (the points clipped into it).
 */
interface IndexTile {
  numPoints: number;
  source: unknown[] | null;
}
interface IndexInternals {
  tiles: Record<number, IndexTile>;
  tileCoords: TileCoord[];
}

/** geojson-vt's id of a tile in `tiles` (its toID). */
const tileId = (z: number, x: number, y: number) => ((1 << z) * y + x) * 32 + z;

/**
 * A geojson-vt index whose memory is bounded. geojson-vt cuts the tiles to `indexMaxZoom` when it
 * is built (the first pass), and every deeper tile on request, keeping each tile it cut on the way
 * down for good: random requests over a large map make it grow without end (about 20 bytes per
 * point of the tiles cut, typed arrays included, on the 10,000-polygon benchmark map). Here, once
 * the tiles cut below the first pass hold more than `maxDrilledPoints`, they are dropped and the
 * first pass's tiles get back the geometry they are cut from; later requests cut again from there.
 */
export class TrimmedTileIndex {
  private readonly index: GeoJSONVT;
  private readonly internals: IndexInternals;
  private readonly firstPassTiles: Record<number, IndexTile>;
  private readonly firstPassSources: [IndexTile, unknown[]][] = [];
  private readonly firstPassCoords: number;
  private readonly firstPassPoints: number;
  private drilled = 0;

  constructor(
    data: GeoJSON,
    options: Options,
    private readonly maxDrilledPoints: number,
  ) {
    this.index = new GeoJSONVT(data, options);
    this.internals = this.index as unknown as IndexInternals;
    if (typeof this.internals.tiles !== 'object' || !Array.isArray(this.internals.tileCoords)) {
      throw new Error('geojson-vt keeps its tiles elsewhere than version 5 did: TrimmedTileIndex cannot bound it');
    }
    this.firstPassTiles = { ...this.internals.tiles };
    this.firstPassCoords = this.internals.tileCoords.length;
    let points = 0;
    for (const tile of Object.values(this.firstPassTiles)) {
      points += tile.numPoints;
      if (tile.source) this.firstPassSources.push([tile, tile.source]);
    }
    this.firstPassPoints = points;
  }

  /** Points held in tiles cut below the first pass (at most maxDrilledPoints after each getTile). */
  get drilledPoints(): number {
    return this.drilled;
  }

  /** The tile as geojson-vt gives it (a fresh object, which a later trim does not touch), or null. */
  getTile(z: number, x: number, y: number): LegacyTile | null {
    const cutBefore = this.internals.tileCoords.length;
    const tile = this.index.getTile(z, x, y);
    if (this.internals.tileCoords.length > cutBefore) {
      this.drilled = this.drilledWith(cutBefore);
      if (this.drilled > this.maxDrilledPoints) this.trim();
    }
    return tile;
  }

  /**
   * The points held below the first pass, with those of the tiles cut since `cutBefore` (found by
   * geojson-vt's tile id; by a count of every tile, should that id ever change).
   */
  private drilledWith(cutBefore: number): number {
    const { tiles, tileCoords } = this.internals;
    let points = this.drilled;
    for (let i = cutBefore; i < tileCoords.length; i++) {
      const { z, x, y } = tileCoords[i] as TileCoord;
      const cut = tiles[tileId(z, x, y)];
      if (!cut) return Object.values(tiles).reduce((sum, held) => sum + held.numPoints, 0) - this.firstPassPoints;
      points += cut.numPoints;
    }
    return points;
  }

  /** Back to the first pass: its tiles, each with the geometry it is cut from. */
  private trim(): void {
    this.internals.tiles = { ...this.firstPassTiles };
    this.internals.tileCoords.length = this.firstPassCoords;
    for (const [tile, source] of this.firstPassSources) tile.source = source;
    this.drilled = 0;
  }
}
