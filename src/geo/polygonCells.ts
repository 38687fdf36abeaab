import type { PackedPolygon, PackedRing } from './packedGeometry.js';
import { EDGE_TOLERANCE } from './pointInPolygon.js';

/**
 * Per polygon, a 16 x 16 grid over its bounding box telling which cells lie wholly inside the
 * polygon, wholly outside, or on its boundary. A lookup whose point falls in a whole cell is
 * answered from these 64 bytes, without reading the polygon's rings; only boundary cells (about a
 * quarter of them for the benchmark's 200-vertex polygons) need the exact test. The rings are
 * where lookups wait for memory, so this saves most of a lookup's time.
 *
 * The grid is conservative: a cell is "boundary" when any edge, widened by the edge tolerance,
 * passes through it, so whole cells are never wrong, whatever the boundary rule.
 */
export const CELL_OUTSIDE = 0;
export const CELL_INSIDE = 1;
export const CELL_BOUNDARY = 2;
export type CellState = typeof CELL_OUTSIDE | typeof CELL_INSIDE | typeof CELL_BOUNDARY;

const GRID = 16;
/** 2 bits per cell, 256 cells: 16 words of 32 bits. */
const WORDS_PER_GRID = (GRID * GRID * 2) / 32;

/** PolygonCells as plain typed arrays, to move between threads (see PolygonCells.data). */
export interface PolygonCellsData {
  frames: Float64Array;
  cells: Uint32Array;
}

export class PolygonCells {
  /** Per polygon: west, south, cell width, cell height (degrees). */
  private readonly frames: Float64Array;
  private readonly cells: Uint32Array;

  constructor(data: PolygonCellsData) {
    this.frames = data.frames;
    this.cells = data.cells;
  }

  /**
   * @param polygons outer ring first, then holes; polygon p is numbered as in `bounds` and `contains`
   * @param bounds per polygon west, south, east, north of its outer ring, degrees
   * @param contains the exact test, used once per run of whole cells in a row
   */
  static build(polygons: readonly PackedPolygon[], bounds: Float64Array, contains: (p: number, lng: number, lat: number) => boolean): PolygonCells {
    const grid = new PolygonCells({ frames: new Float64Array(4 * polygons.length), cells: new Uint32Array(WORDS_PER_GRID * polygons.length) });
    const states = new Uint8Array(GRID * GRID);
    polygons.forEach((rings, p) => grid.fill(p, rings, bounds, states, contains));
    return grid;
  }

  data(): PolygonCellsData {
    return { frames: this.frames, cells: this.cells };
  }

  private fill(p: number, rings: PackedPolygon, bounds: Float64Array, states: Uint8Array, contains: (p: number, lng: number, lat: number) => boolean): void {
    const west = bounds[4 * p] as number;
    const south = bounds[4 * p + 1] as number;
    const width = ((bounds[4 * p + 2] as number) - west) / GRID || 1;
    const height = ((bounds[4 * p + 3] as number) - south) / GRID || 1;
    this.frames[4 * p] = west;
    this.frames[4 * p + 1] = south;
    this.frames[4 * p + 2] = width;
    this.frames[4 * p + 3] = height;
    states.fill(CELL_OUTSIDE);
    for (const ring of rings) this.markEdges(p, ring, states);
    // No edge runs through a row's run of non-boundary cells, so one exact test at the first
    // cell's centre classifies the whole run.
    for (let row = 0; row < GRID; row++) {
      let runState: CellState | null = null;
      for (let column = 0; column < GRID; column++) {
        const cell = row * GRID + column;
        if (states[cell] === CELL_BOUNDARY) {
          runState = null;
          continue;
        }
        runState ??= contains(p, west + (column + 0.5) * width, south + (row + 0.5) * height) ? CELL_INSIDE : CELL_OUTSIDE;
        states[cell] = runState;
      }
    }
    for (let cell = 0; cell < GRID * GRID; cell++) {
      const word = WORDS_PER_GRID * p + (cell >> 4);
      this.cells[word] = ((this.cells[word] as number) | ((states[cell] as number) << ((cell & 15) * 2))) >>> 0;
    }
  }

  /**
   * Marks the cells each edge passes through, the closing edge included: row by row, the columns
   * the edge spans within that row's strip, widened by the edge tolerance (twice, against rounding
   * in the interpolation). A long diagonal edge marks a diagonal line of cells, not its whole box.
   * An edge whose box, so widened, lies in one column or one row marks every cell of that box: a
   * line of cells either way, found without interpolating (the teeth of a million-vertex comb, the
   * short steps of a coastline).
   */
  private markEdges(p: number, ring: PackedRing, states: Uint8Array): void {
    const n = ring.length;
    if (n < 4) return;
    const west = this.frames[4 * p] as number;
    const south = this.frames[4 * p + 1] as number;
    const width = this.frames[4 * p + 2] as number;
    const height = this.frames[4 * p + 3] as number;
    let x1 = ring[n - 2] as number;
    let y1 = ring[n - 1] as number;
    for (let i = 0; i < n; i += 2) {
      const x2 = ring[i] as number;
      const y2 = ring[i + 1] as number;
      const bottom = Math.min(y1, y2);
      const top = Math.max(y1, y2);
      const rowFrom = cellOf(bottom - EDGE_TOLERANCE, south, height);
      const rowTo = cellOf(top + EDGE_TOLERANCE, south, height);
      const columnFrom = cellOf(Math.min(x1, x2) - 2 * EDGE_TOLERANCE, west, width);
      const columnTo = cellOf(Math.max(x1, x2) + 2 * EDGE_TOLERANCE, west, width);
      if (rowFrom === rowTo || columnFrom === columnTo) {
        markCells(states, rowFrom, rowTo, columnFrom, columnTo);
      } else {
        for (let row = rowFrom; row <= rowTo; row++) {
          const stripBottom = Math.max(bottom, south + row * height - EDGE_TOLERANCE);
          const stripTop = Math.min(top, south + (row + 1) * height + EDGE_TOLERANCE);
          const xa = y1 === y2 ? x1 : x1 + ((stripBottom - y1) * (x2 - x1)) / (y2 - y1);
          const xb = y1 === y2 ? x2 : x1 + ((stripTop - y1) * (x2 - x1)) / (y2 - y1);
          const from = cellOf(Math.min(xa, xb) - 2 * EDGE_TOLERANCE, west, width);
          const to = cellOf(Math.max(xa, xb) + 2 * EDGE_TOLERANCE, west, width);
          markCells(states, row, row, from, to);
        }
      }
      x1 = x2;
      y1 = y2;
    }
  }

  /** The state of the cell of polygon p's grid that holds (lng, lat); the point is within its box. */
  state(p: number, lng: number, lat: number): CellState {
    const row = cellOf(lat, this.frames[4 * p + 1] as number, this.frames[4 * p + 3] as number);
    const cell = row * GRID + cellOf(lng, this.frames[4 * p] as number, this.frames[4 * p + 2] as number);
    return (((this.cells[WORDS_PER_GRID * p + (cell >> 4)] as number) >>> ((cell & 15) * 2)) & 3) as CellState;
  }
}

/** Marks the cells of rows rowFrom..rowTo and columns columnFrom..columnTo (a few: plain loops, no call per row). */
function markCells(states: Uint8Array, rowFrom: number, rowTo: number, columnFrom: number, columnTo: number): void {
  for (let row = rowFrom; row <= rowTo; row++) {
    for (let cell = row * GRID + columnFrom; cell <= row * GRID + columnTo; cell++) states[cell] = CELL_BOUNDARY;
  }
}

/** The row or column (0 to GRID - 1, clamped) holding `value`, for a grid starting at `origin` with cells `size` wide (degrees). */
function cellOf(value: number, origin: number, size: number): number {
  const cell = Math.floor((value - origin) / size);
  return cell < 0 ? 0 : cell >= GRID ? GRID - 1 : cell;
}
