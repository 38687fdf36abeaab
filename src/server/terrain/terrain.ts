import type { TerrainSource } from '../../common/api/lineOfSight.js';
import { pathSamples } from '../../geo/elevation/pathSamples.js';
import type { HeightGrid } from '../../geo/rf/footprint.js';
import { destinationPoint, distanceM, EARTH_RADIUS_M, type LatLng } from '../../geo/sphere.js';
import type { ElevationSource, ElevationTile } from './elevationSource.js';

/** Most samples on one path: 20 km at 1 arc-second is about 650; longer paths get a coarser step. */
const MAX_PATH_SAMPLES = 4096;
/** Samples of a path on flat ground, where only the curvature and the Fresnel zone vary. */
const FLAT_PATH_SAMPLES = 512;
/** Paths shorter than this are lengthened to it: a profile needs two distinct ends. */
const MIN_PATH_M = 1;

/** Terrain heights along a path, tower first. */
export interface PathTerrain {
  /** Metres from the first point, increasing. */
  distancesM: Float64Array;
  /** Metres above sea level; all 0 on flat ground. */
  terrainM: Float64Array;
  /** Where each sample lies, degrees: what the clutter areas are looked up at. */
  lats: Float64Array;
  lngs: Float64Array;
  source: TerrainSource;
}

const METRES_PER_DEGREE = (Math.PI * EARTH_RADIUS_M) / 180;
/** A grid on flat ground (no elevation data near its centre) gets this many cells across. */
const FLAT_GRID_CELLS = 256;
/** Rows of a height grid filled between two turns of the event loop. */
const GRID_ROWS_PER_TURN = 16;

/** Weakest first: an answer is only as good as the worst terrain it used. */
const WEAKNESS: Record<TerrainSource, number> = { flat: 0, terrarium: 1, hgt: 2 };

/**
 * The terrain of the line-of-sight model (docs/radio-model.md, Terrain). Every point is read from the first
 * source that has data there (SRTM tiles, then Terrarium tiles, then flat ground); a path any
 * point of which only flat ground covers is flat all along, since mixing real heights with sea
 * level would invent cliffs.
 */
export class Terrain {
  /** The sources in the order they are asked; the last must answer everywhere (flat ground). */
  constructor(private readonly sources: readonly ElevationSource[]) {}

  async path(from: LatLng, to: LatLng): Promise<PathTerrain> {
    // A target on the tower itself still gets a path, of the shortest length a profile can have.
    if (distanceM(from, to) < MIN_PATH_M) to = destinationPoint(from, 90, MIN_PATH_M);
    const length = distanceM(from, to);
    const spacing = (await this.spacingAt(from)) ?? (await this.spacingAt(to)) ?? Math.max(length / (FLAT_PATH_SAMPLES - 1), MIN_PATH_M);
    const { distancesM, lats, lngs } = pathSamples(from, to, spacing, MAX_PATH_SAMPLES);
    const terrainM = new Float64Array(distancesM.length);
    const source = await this.fill(lats, lngs, terrainM);
    if (source === 'flat') terrainM.fill(0);
    return { distancesM, terrainM, lats, lngs, source };
  }

  /**
   * Heights of the cells of a square-ish grid around `center` reaching `radiusM` every way, at the
   * spacing of the terrain there (1 arc-second tiles give 1 arc-second cells, aligned on the tiles'
   * posts, so that interpolating the grid is interpolating the tile), made coarser when the grid
   * would have more than `maxCells` cells. As for a path, a grid any cell of which only flat ground
   * covers is flat all over. Yields to other work every few rows.
   */
  async heightGrid(center: LatLng, radiusM: number, maxCells: number): Promise<{ grid: HeightGrid; source: TerrainSource }> {
    const spacingM = (await this.spacingAt(center)) ?? (2 * radiusM) / FLAT_GRID_CELLS;
    const halfLatDeg = radiusM / METRES_PER_DEGREE;
    const halfLngDeg = halfLatDeg / Math.max(Math.cos((center.lat * Math.PI) / 180), 1e-6);
    let cellDeg = spacingM / METRES_PER_DEGREE;
    const cellsAt = (size: number) => (2 * Math.ceil(halfLatDeg / size) + 2) * (2 * Math.ceil(halfLngDeg / size) + 2);
    if (cellsAt(cellDeg) > maxCells) cellDeg *= Math.ceil(Math.sqrt(cellsAt(cellDeg) / maxCells) * 100) / 100;
    while (cellsAt(cellDeg) > maxCells) cellDeg *= 1.05;
    const south = Math.floor((center.lat - halfLatDeg) / cellDeg) * cellDeg;
    const west = Math.floor((center.lng - halfLngDeg) / cellDeg) * cellDeg;
    const rows = Math.ceil((center.lat + halfLatDeg - south) / cellDeg) + 1;
    const cols = Math.ceil((center.lng + halfLngDeg - west) / cellDeg) + 1;
    const heightsM = new Float32Array(rows * cols);
    const lats = new Float64Array(cols);
    const lngs = new Float64Array(cols);
    const row = new Float64Array(cols);
    for (let c = 0; c < cols; c++) lngs[c] = west + c * cellDeg;
    let weakest: TerrainSource = 'hgt';
    for (let r = 0; r < rows && weakest !== 'flat'; r++) {
      lats.fill(south + r * cellDeg);
      const source = await this.fill(lats, lngs, row);
      if (WEAKNESS[source] < WEAKNESS[weakest]) weakest = source;
      heightsM.set(row, r * cols);
      if (r % GRID_ROWS_PER_TURN === GRID_ROWS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    if (weakest === 'flat') heightsM.fill(0);
    return { grid: { south, west, cellLatDeg: cellDeg, cellLngDeg: cellDeg, rows, cols, heightsM }, source: weakest };
  }

  /** The source that has data at a point (for answers that analysed no path). */
  async sourceAt(lat: number, lng: number): Promise<TerrainSource> {
    for (const source of this.sources) if ((await source.spacingAt({ lat, lng })) !== null) return source.kind;
    return 'flat';
  }

  /** The finest data near a point: the first source with data decides. */
  private async spacingAt(point: LatLng): Promise<number | null> {
    for (const source of this.sources) {
      const spacing = await source.spacingAt(point);
      if (spacing !== null) return spacing;
    }
    return null;
  }

  /** Fills `out` with heights; answers the weakest source used. */
  private async fill(lats: Float64Array, lngs: Float64Array, out: Float64Array): Promise<TerrainSource> {
    let tile: ElevationTile | null = null;
    let tileKind: TerrainSource = 'flat';
    let weakest: TerrainSource = 'hgt';
    for (let i = 0; i < lats.length; i++) {
      const lat = lats[i]!;
      const lng = lngs[i]!;
      // Consecutive samples almost always share a tile: ask the sources only when they leave it.
      if (!tile?.contains(lat, lng)) {
        tile = null;
        for (const source of this.sources) {
          tile = await source.tileAt(lat, lng);
          if (tile) {
            tileKind = source.kind;
            break;
          }
        }
        if (!tile) return 'flat';
        if (WEAKNESS[tileKind] < WEAKNESS[weakest]) weakest = tileKind;
        if (weakest === 'flat') return 'flat';
      }
      out[i] = tile.heightAt(lat, lng);
    }
    return weakest;
  }
}
