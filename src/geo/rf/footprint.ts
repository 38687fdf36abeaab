/**
 * A tower's predicted coverage footprint over a terrain grid, by a radial sweep (an R2-style
 * viewshed): rays from the tower to every cell on the grid's edge, stepping one cell at a time along
 * the ray's major axis, and tracking the highest elevation angle seen so far, so each cell costs
 * O(1) for the line-of-sight verdict instead of a path of its own.
 *
 * The model is the one of pathProfile.ts (docs/radio-model.md), rearranged for a sweep: with heights
 * taken relative to the earth's curve, c = terrain − d² / (2kR), the earth bulge d1·d2 / (2kR) of a
 * path of length D becomes a straight line, so "the ray clears every sample" is "the target's angle
 * (c_target + receiver − tower top) / D is at least every earlier sample's (c − tower top) / d".
 * The diffraction loss needs the worst Fresnel clearance ratio, which depends on the target; only
 * samples within 0.6 of the largest first-Fresnel radius below the running horizon can be worse
 * than 0.6, so only those (the candidates) are visited per target.
 *
 * Grid indices: row 0 is the southernmost, column 0 the westernmost; cell (r, c) is centred on
 * latitude south + r·cellDeg and longitude west + c·cellDeg. Distances are metres on a local flat
 * projection around the tower (within 0.1% of the great circle out to 50 km).
 */
import { EARTH_RADIUS_M } from '../sphere.js';
import { EFFECTIVE_EARTH_FACTOR, freeSpacePathLossDb, knifeEdgeLossDb, SPEED_OF_LIGHT_M_S } from './radio.js';

/** The cells of a footprint or of the heights it is computed over. */
export interface GridFrame {
  /** Centre of cell (0, 0), degrees. */
  south: number;
  west: number;
  /** Cell size, degrees of latitude and of longitude. */
  cellLatDeg: number;
  cellLngDeg: number;
  rows: number;
  cols: number;
}

export interface HeightGrid extends GridFrame {
  /** Metres above sea level per cell, row-major from the south-west. */
  heightsM: Float32Array;
}

export interface FootprintTower {
  lat: number;
  lng: number;
  /** Antenna above the ground, metres (tower height + antenna height). */
  antennaM: number;
  frequencyHz: number;
  /** Cells farther than this get no signal, metres. */
  radiusM: number;
  powerDbm: number;
  txGainDbi: number;
  rxGainDbi: number;
}

export interface FootprintInput {
  heights: HeightGrid;
  tower: FootprintTower;
  /** Receiver antenna above the ground, metres. */
  receiverM: number;
  k?: number;
  /** Called now and then with the share of rays done, 0..1. */
  onProgress?: (done: number) => void;
}

/** signalDeciDbm of a cell that does not see the tower (or lies beyond its radius). */
export const NO_SIGNAL = -32768;

export interface Footprint extends GridFrame {
  /** Received signal in tenths of a dBm where the ray clears the terrain, else NO_SIGNAL. */
  signalDeciDbm: Int16Array;
  /** One bit per cell (LSB first): the first Fresnel zone is at least 60% clear. */
  fresnel60: Uint8Array;
}

/** Clearance ratios at or above this lose nothing to diffraction (J(v) = 0 for v <= −0.78). */
const NO_LOSS_RATIO = 0.78 / Math.SQRT2;
/** Candidates must cover both the diffraction loss and the 60% verdict. */
const CANDIDATE_RATIO = Math.max(NO_LOSS_RATIO, 0.6);
const METRES_PER_DEGREE = (Math.PI * EARTH_RADIUS_M) / 180;

export function computeFootprint(input: FootprintInput): Footprint {
  const { heights, tower, receiverM } = input;
  const k = input.k ?? EFFECTIVE_EARTH_FACTOR;
  const { rows, cols } = heights;
  const cellM = { lat: heights.cellLatDeg * METRES_PER_DEGREE, lng: heights.cellLngDeg * METRES_PER_DEGREE * Math.cos((tower.lat * Math.PI) / 180) };
  // The tower's position in fractional cell indices.
  const towerRow = (tower.lat - heights.south) / heights.cellLatDeg;
  const towerCol = (tower.lng - heights.west) / heights.cellLngDeg;
  const towerTopM = heightAt(heights, towerRow, towerCol) + tower.antennaM;
  const wavelengthM = SPEED_OF_LIGHT_M_S / tower.frequencyHz;
  const candidateMarginM = CANDIDATE_RATIO * Math.sqrt((wavelengthM * tower.radiusM) / 4);
  const twoKR = 2 * k * EARTH_RADIUS_M;
  const budgetDbm = tower.powerDbm + tower.txGainDbi + tower.rxGainDbi;

  const signal = new Int16Array(rows * cols).fill(NO_SIGNAL);
  const fresnel60 = new Uint8Array(Math.ceil((rows * cols) / 8));
  // How far from its centre the ray point that set each cell was (squared, in cells): the nearest wins.
  const offset = new Float32Array(rows * cols).fill(Infinity);

  const longestRay = Math.ceil(Math.hypot(rows, cols)) + 2;
  const distances = new Float64Array(longestRay);
  const curved = new Float64Array(longestRay);
  const candidates = new Int32Array(longestRay);

  const edge = edgeCells(rows, cols);
  for (let e = 0; e < edge.length; e += 2) {
    const dRow = edge[e]! - towerRow;
    const dCol = edge[e + 1]! - towerCol;
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(dRow), Math.abs(dCol))));
    const stepRow = dRow / steps;
    const stepCol = dCol / steps;
    const stepM = Math.hypot(stepRow * cellM.lat, stepCol * cellM.lng);
    let maxAngle = -Infinity;
    let candidateCount = 0;
    for (let s = 1; s <= steps; s++) {
      const distanceM = s * stepM;
      if (distanceM > tower.radiusM) break;
      const row = towerRow + s * stepRow;
      const col = towerCol + s * stepCol;
      const groundM = heightAt(heights, row, col);
      const curvedM = groundM - (distanceM * distanceM) / twoKR;
      distances[s] = distanceM;
      curved[s] = curvedM;
      const cellRow = Math.round(row);
      const cellCol = Math.round(col);
      if (cellRow >= 0 && cellRow < rows && cellCol >= 0 && cellCol < cols) {
        const cell = cellRow * cols + cellCol;
        const off = (row - cellRow) ** 2 + (col - cellCol) ** 2;
        if (off < offset[cell]!) {
          offset[cell] = off;
          const targetAngle = (curvedM + receiverM - towerTopM) / distanceM;
          if (targetAngle >= maxAngle) {
            // Clear: the worst clearance ratio over the candidates decides the diffraction loss.
            let worst = Infinity;
            for (let c = 0; c < candidateCount; c++) {
              const i = candidates[c]!;
              const d1 = distances[i]!;
              const clearanceM = towerTopM + targetAngle * d1 - curved[i]!;
              const fresnelM = Math.sqrt((wavelengthM * d1 * (distanceM - d1)) / distanceM);
              const ratio = clearanceM / fresnelM;
              if (ratio < worst) worst = ratio;
            }
            const lossDb = worst < NO_LOSS_RATIO ? knifeEdgeLossDb(-Math.SQRT2 * worst) : 0;
            const dbm = budgetDbm - freeSpacePathLossDb(Math.max(distanceM, 1), tower.frequencyHz) - lossDb;
            signal[cell] = Math.max(NO_SIGNAL + 1, Math.min(32767, Math.round(dbm * 10)));
            if (worst >= 0.6) fresnel60[cell >> 3]! |= 1 << (cell & 7);
            else fresnel60[cell >> 3]! &= ~(1 << (cell & 7));
          } else {
            signal[cell] = NO_SIGNAL;
            fresnel60[cell >> 3]! &= ~(1 << (cell & 7));
          }
        }
      }
      const angle = (curvedM - towerTopM) / distanceM;
      if (angle > maxAngle) maxAngle = angle;
      // A sample well below the horizon so far can never be an obstacle worth counting (see above).
      if (curvedM > towerTopM + maxAngle * distanceM - candidateMarginM) candidates[candidateCount++] = s;
    }
    if (input.onProgress && (e / 2) % 256 === 0) input.onProgress(e / edge.length);
  }
  markTowerCell(signal, heights, towerRow, towerCol, budgetDbm - freeSpacePathLossDb(1, tower.frequencyHz), fresnel60);
  return {
    south: heights.south,
    west: heights.west,
    cellLatDeg: heights.cellLatDeg,
    cellLngDeg: heights.cellLngDeg,
    rows,
    cols,
    signalDeciDbm: signal,
    fresnel60,
  };
}

/** The cell under the tower sees it (a path of 1 m, as the line-of-sight answer has). */
function markTowerCell(signal: Int16Array, frame: GridFrame, row: number, col: number, dbm: number, fresnel60: Uint8Array): void {
  const r = Math.round(row);
  const c = Math.round(col);
  if (r < 0 || r >= frame.rows || c < 0 || c >= frame.cols) return;
  const cell = r * frame.cols + c;
  signal[cell] = Math.round(dbm * 10);
  fresnel60[cell >> 3]! |= 1 << (cell & 7);
}

/** Row, column pairs of every cell on the grid's border, each once. */
function edgeCells(rows: number, cols: number): Int32Array {
  const cells: number[] = [];
  for (let c = 0; c < cols; c++) cells.push(0, c);
  for (let r = 1; r < rows; r++) cells.push(r, cols - 1);
  if (rows > 1) for (let c = cols - 2; c >= 0; c--) cells.push(rows - 1, c);
  if (cols > 1) for (let r = rows - 2; r >= 1; r--) cells.push(r, 0);
  return Int32Array.from(cells);
}

/** Bilinear height at fractional indices, clamped to the grid. */
export function heightAt(grid: HeightGrid, row: number, col: number): number {
  const r = Math.min(Math.max(row, 0), grid.rows - 1);
  const c = Math.min(Math.max(col, 0), grid.cols - 1);
  const r0 = Math.min(Math.floor(r), grid.rows - 2 < 0 ? 0 : grid.rows - 2);
  const c0 = Math.min(Math.floor(c), grid.cols - 2 < 0 ? 0 : grid.cols - 2);
  const r1 = Math.min(r0 + 1, grid.rows - 1);
  const c1 = Math.min(c0 + 1, grid.cols - 1);
  const fr = r - r0;
  const fc = c - c0;
  const h = grid.heightsM;
  const south = h[r0 * grid.cols + c0]! * (1 - fc) + h[r0 * grid.cols + c1]! * fc;
  const north = h[r1 * grid.cols + c0]! * (1 - fc) + h[r1 * grid.cols + c1]! * fc;
  return south * (1 - fr) + north * fr;
}

/** The cell holding a point (degrees), or −1 outside the grid. */
export function cellAt(frame: GridFrame, lat: number, lng: number): number {
  const r = Math.round((lat - frame.south) / frame.cellLatDeg);
  const c = Math.round((lng - frame.west) / frame.cellLngDeg);
  return r >= 0 && r < frame.rows && c >= 0 && c < frame.cols ? r * frame.cols + c : -1;
}

/** Whether a cell's first Fresnel zone is at least 60% clear. */
export function isFresnel60Clear(footprint: Footprint, cell: number): boolean {
  return (footprint.fresnel60[cell >> 3]! & (1 << (cell & 7))) !== 0;
}
