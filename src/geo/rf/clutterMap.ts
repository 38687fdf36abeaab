/**
 * Where the clutter areas are (issue 19 §4, docs/radio-model.md, Clutter): polygons an
 * administrator uploaded, each of a class (trees, suburban, urban, water), answered as class codes
 * (propagationSettings.ts ClutterClassCodes: 0 outside every area, k the class numbered k) for the
 * samples of a path (line of sight) and for the cells of a footprint's grid, so that both read the
 * same areas by the same rule. Where areas overlap, the one uploaded last wins. Coordinates are
 * [lng, lat] degrees, as packedGeometry.ts keeps them. Pure: no I/O.
 */
import { CoverageIndex } from '../coverageIndex.js';
import type { PackedPolygon } from '../packedGeometry.js';
import type { GridFrame } from './footprint.js';
import type { ClutterClassCodes } from './propagationSettings.js';

/** One uploaded area: its class code (1 and up) and its polygons. Plain data, to move to a worker. */
export interface ClutterAreaPolygons {
  code: number;
  polygons: PackedPolygon[];
}

/** An area's box, [west, south, east, north] degrees: the raster looks up only the cells within those touching its grid. */
type Box = readonly [number, number, number, number];

export class ClutterMap {
  /** Payload: the area's place in upload order, so the highest hit is the one uploaded last. */
  private readonly index: CoverageIndex<number>;
  private readonly codes: Uint8Array;
  private readonly boxes: Box[];

  /** `areas` oldest upload first. */
  constructor(areas: readonly ClutterAreaPolygons[]) {
    this.index = new CoverageIndex(areas.map((area, order) => ({ polygons: area.polygons, payload: order })));
    this.codes = Uint8Array.from(areas, (area) => area.code);
    this.boxes = areas.map((area) => boxOf(area.polygons));
  }

  get isEmpty(): boolean {
    return this.codes.length === 0;
  }

  /** The class code at (lng, lat): the last uploaded area holding it (boundary included), 0 outside every one. */
  codeAt(lng: number, lat: number): number {
    if (this.isEmpty) return 0;
    const hits = this.index.query(lng, lat);
    let last = -1;
    for (const order of hits) if (order > last) last = order;
    return last < 0 ? 0 : this.codes[last]!;
  }

  /** The code of every point of a path (lats and lngs, degrees, as pathSamples gives them). */
  codesAlong(lats: ArrayLike<number>, lngs: ArrayLike<number>): ClutterClassCodes {
    const codes = new Uint8Array(lats.length);
    if (this.isEmpty) return codes;
    for (let i = 0; i < codes.length; i++) codes[i] = this.codeAt(lngs[i]!, lats[i]!);
    return codes;
  }

  /**
   * The code of every cell of a grid (row-major from the south-west, cell centres as footprint.ts
   * places them): the footprint's raster, built once per footprint. Only the cells within the box
   * of the areas that touch the grid are looked up.
   */
  raster(frame: GridFrame): ClutterClassCodes {
    const cells = new Uint8Array(frame.rows * frame.cols);
    const north = frame.south + (frame.rows - 1) * frame.cellLatDeg;
    const east = frame.west + (frame.cols - 1) * frame.cellLngDeg;
    const touching = this.boxes.filter((area) => area[0] <= east && area[2] >= frame.west && area[1] <= north && area[3] >= frame.south);
    if (touching.length === 0) return cells;
    const rowFrom = Math.max(0, Math.floor((Math.min(...touching.map((b) => b[1])) - frame.south) / frame.cellLatDeg));
    const rowTo = Math.min(frame.rows - 1, Math.ceil((Math.max(...touching.map((b) => b[3])) - frame.south) / frame.cellLatDeg));
    const colFrom = Math.max(0, Math.floor((Math.min(...touching.map((b) => b[0])) - frame.west) / frame.cellLngDeg));
    const colTo = Math.min(frame.cols - 1, Math.ceil((Math.max(...touching.map((b) => b[2])) - frame.west) / frame.cellLngDeg));
    for (let r = rowFrom; r <= rowTo; r++) {
      const lat = frame.south + r * frame.cellLatDeg;
      for (let c = colFrom; c <= colTo; c++) cells[r * frame.cols + c] = this.codeAt(frame.west + c * frame.cellLngDeg, lat);
    }
    return cells;
  }
}

/** The box of polygons' outer rings, [west, south, east, north] degrees. */
export function boxOf(polygons: readonly PackedPolygon[]): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const polygon of polygons) {
    const outer = polygon[0];
    if (!outer) continue;
    for (let i = 0; i < outer.length; i += 2) {
      box[0] = Math.min(box[0], outer[i]!);
      box[1] = Math.min(box[1], outer[i + 1]!);
      box[2] = Math.max(box[2], outer[i]!);
      box[3] = Math.max(box[3], outer[i + 1]!);
    }
  }
  return box;
}
