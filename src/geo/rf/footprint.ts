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
import type { AntennaPattern } from './antenna/antennaPattern.js';
import { type AntennaMount, antennaPatternDb } from './antenna/antennaPatternDb.js';
import { validateInputs } from './itm/parameters.js';
import { type ItmPathInputs, itmLossDb, itmPathInputs } from './itm/pointToPoint.js';
import { type ClutterClassCodes, clutterExtraLossOf, clutterHeightOf, elevationAngleDeg, type PropagationSettings } from './propagationSettings.js';
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

/** A sector's antenna: its pattern and how it is mounted (antenna/antennaPatternDb.ts). */
export interface FootprintAntenna {
  pattern: AntennaPattern;
  mount: AntennaMount;
}

export interface FootprintInput {
  heights: HeightGrid;
  tower: FootprintTower;
  /** Receiver antenna above the ground, metres. */
  receiverM: number;
  k?: number;
  /**
   * The model and clutter (propagationSettings.ts), as the line-of-sight link takes them. Absent:
   * free space + knife edge without clutter, and no lineOfSight grid (the footprint of before).
   */
  propagation?: PropagationSettings;
  /**
   * The clutter class code of every cell of `heights` (clutterMap.ts ClutterMap.raster, built once
   * per footprint): a ray's sample takes the height of its nearest cell's class, and a target cell
   * its class's extra loss, as the line-of-sight link takes them from the areas at its own samples.
   * Absent: every cell outside every area (the uniform clutter).
   */
  clutterCodes?: ClutterClassCodes;
  /**
   * The exact class code at a point (lng, lat degrees; ClutterMap.codeAt), asked for a sample whose
   * nearest cell borders a cell of another class: there the raster's half-cell rounding would move
   * an area's edge by up to half a cell, which decides grazing rays. Absent: the raster everywhere.
   */
  clutterCodeAt?: (lng: number, lat: number) => number;
  /** A sector's antenna, whose gain toward each cell replaces `tower.txGainDbi`; absent: an omni antenna. */
  antenna?: FootprintAntenna;
  /** Called now and then with the share of rays done, 0..1. */
  onProgress?: (done: number) => void;
}

/** signalDeciDbm of a cell that does not see the tower (or lies beyond its radius). */
export const NO_SIGNAL = -32768;

export interface Footprint extends GridFrame {
  /**
   * Received signal in tenths of a dBm. Free space + knife edge: where the ray clears the terrain,
   * else NO_SIGNAL. ITM: every cell within the radius (ITM predicts beyond the horizon too), so
   * whether the cell sees the tower is `lineOfSight`'s to say. NO_SIGNAL beyond the radius.
   */
  signalDeciDbm: Int16Array;
  /** One bit per cell (LSB first): the first Fresnel zone is at least 60% clear (never set without line of sight). */
  fresnel60: Uint8Array;
  /**
   * One bit per cell (LSB first): the ray clears the terrain (and clutter). Present when the
   * footprint was computed with propagation settings; absent, a cell sees the tower where it has a
   * signal. Read it with isLineOfSight.
   */
  lineOfSight?: Uint8Array;
  /**
   * Per cell, the index of the antenna that serves it among those a footprint was united from
   * (footprintUnion.ts), NO_ANTENNA where none has a signal or sight of the cell. Absent for the
   * footprint of one antenna.
   */
  servingAntenna?: Uint8Array;
}

/** Clearance ratios at or above this lose nothing to diffraction (J(v) = 0 for v <= −0.78). */
const NO_LOSS_RATIO = 0.78 / Math.SQRT2;
/** Candidates must cover both the diffraction loss and the 60% verdict. */
const CANDIDATE_RATIO = Math.max(NO_LOSS_RATIO, 0.6);
const METRES_PER_DEGREE = (Math.PI * EARTH_RADIUS_M) / 180;

/**
 * Two passes over the same rays: the first finds, for each cell, the ray point that falls nearest
 * its centre (the first such ray on a tie); the second walks every ray again, keeping its horizon,
 * and works out a cell's signal only at that point. So each cell costs one prediction, which
 * matters under ITM (a profile of its own per cell), and the answer is the nearest point's, as a
 * single pass overwriting on every nearer point would give.
 */
export function computeFootprint(input: FootprintInput): Footprint {
  const { heights, tower, receiverM, antenna, propagation } = input;
  const k = input.k ?? EFFECTIVE_EARTH_FACTOR;
  const { rows, cols } = heights;
  const cellM = { lat: heights.cellLatDeg * METRES_PER_DEGREE, lng: heights.cellLngDeg * METRES_PER_DEGREE * Math.cos((tower.lat * Math.PI) / 180) };
  // The tower's position in fractional cell indices.
  const towerRow = (tower.lat - heights.south) / heights.cellLatDeg;
  const towerCol = (tower.lng - heights.west) / heights.cellLngDeg;
  const towerGroundM = heightAt(heights, towerRow, towerCol);
  const towerTopM = towerGroundM + tower.antennaM;
  const wavelengthM = SPEED_OF_LIGHT_M_S / tower.frequencyHz;
  const candidateMarginM = CANDIDATE_RATIO * Math.sqrt((wavelengthM * tower.radiusM) / 4);
  const twoKR = 2 * k * EARTH_RADIUS_M;
  // Clutter height and receiver's extra loss by class code (0: outside every area), looked up per sample.
  const codeCount = 1 + (propagation?.clutterClasses?.length ?? 0);
  const clutterByCode = Float64Array.from({ length: codeCount }, (_, code) => (propagation ? clutterHeightOf(propagation, code) : 0));
  const extraLossByCode = Float64Array.from({ length: codeCount }, (_, code) => (propagation ? clutterExtraLossOf(propagation, code) : 0));
  const codes = input.clutterCodes;
  const edges = codes && input.clutterCodeAt ? classEdges(codes, rows, cols) : undefined;
  /** The clutter at fractional indices: its nearest cell's class (clamped to the grid), or the exact one by an area's edge, metres. */
  const clutterAt = (row: number, col: number): number => {
    if (!codes) return clutterByCode[0]!;
    const r = Math.min(Math.max(Math.round(row), 0), rows - 1);
    const c = Math.min(Math.max(Math.round(col), 0), cols - 1);
    const cell = r * cols + c;
    const code = edges?.[cell] ? input.clutterCodeAt!(heights.west + col * heights.cellLngDeg, heights.south + row * heights.cellLatDeg) : codes[cell]!;
    return clutterByCode[code] ?? clutterByCode[0]!;
  };
  const itm = propagation?.model === 'itm' ? itmSweepParameters(propagation, tower, receiverM) : null;
  /** Power + transmit gain toward (bearing, elevation) + receive gain, dBm: the omni's is the same everywhere. */
  const budgetToward = (bearingDeg: number, elevationDeg: number) =>
    tower.powerDbm +
    (antenna ? antenna.pattern.gainDbi + antennaPatternDb(antenna.pattern, antenna.mount, bearingDeg, elevationDeg) : tower.txGainDbi) +
    tower.rxGainDbi;

  const signal = new Int16Array(rows * cols).fill(NO_SIGNAL);
  const fresnel60 = new Uint8Array(Math.ceil((rows * cols) / 8));
  const lineOfSight = propagation ? new Uint8Array(fresnel60.length) : undefined;

  const longestRay = Math.ceil(Math.hypot(rows, cols)) + 2;
  const distances = new Float64Array(longestRay);
  // Terrain (with clutter) less the earth's curve, and as ITM's profile (tower's ground point first).
  const curved = new Float64Array(longestRay);
  const profile = new Float64Array(longestRay);
  profile[0] = towerGroundM;
  // The profile up to each sample, as views made once (ITM reads its length).
  const profileTo = itm ? Array.from({ length: longestRay }, (_, s) => profile.subarray(0, s + 1)) : [];
  const candidates = new Int32Array(longestRay);

  const edge = edgeCells(rows, cols);
  const rays = edge.length / 2;
  const ray = (index: number) => {
    const dRow = edge[2 * index]! - towerRow;
    const dCol = edge[2 * index + 1]! - towerCol;
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(dRow), Math.abs(dCol))));
    const stepRow = dRow / steps;
    const stepCol = dCol / steps;
    return { steps, stepRow, stepCol, stepM: Math.hypot(stepRow * cellM.lat, stepCol * cellM.lng) };
  };
  const nearest = nearestRayPoints(rows, cols, rays, ray, towerRow, towerCol, tower.radiusM);

  for (let r = 0; r < rays; r++) {
    const { steps, stepRow, stepCol, stepM } = ray(r);
    const bearingDeg = antenna ? (Math.atan2(stepCol * cellM.lng, stepRow * cellM.lat) * 180) / Math.PI : 0;
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
      const clutterM = clutterAt(row, col);
      // Clutter stands on every sample but the ends of a path: this one's own cell is an end.
      curved[s] = curvedM + clutterM;
      const cellRow = Math.round(row);
      const cellCol = Math.round(col);
      const cell = cellRow * cols + cellCol;
      if (cellRow >= 0 && cellRow < rows && cellCol >= 0 && cellCol < cols && nearest.ray[cell] === r && nearest.step[cell] === s) {
        const targetAngle = (curvedM + receiverM - towerTopM) / distanceM;
        const clear = targetAngle >= maxAngle;
        let dbm = NaN;
        let worst = Infinity;
        if (clear) {
          // The worst clearance ratio over the candidates decides the diffraction loss.
          for (let c = 0; c < candidateCount; c++) {
            const i = candidates[c]!;
            const d1 = distances[i]!;
            const clearanceM = towerTopM + targetAngle * d1 - curved[i]!;
            const fresnelM = Math.sqrt((wavelengthM * d1 * (distanceM - d1)) / distanceM);
            const ratio = clearanceM / fresnelM;
            if (ratio < worst) worst = ratio;
          }
        }
        if (clear || itm) {
          // The target's own class adds its extra loss (terminal clutter loss), under either model.
          const rxExtraDb = codes ? (extraLossByCode[codes[cell]!] ?? 0) : 0;
          const budgetDbm = (antenna ? budgetToward(bearingDeg, elevationAngleDeg(distanceM, towerTopM, groundM + receiverM)) : budgetToward(0, 0)) - rxExtraDb;
          let lossDb: number | null = null;
          if (itm) {
            profile[s] = groundM;
            lossDb = itmLossDb(itm, profileTo[s]!, stepM);
          }
          if (lossDb !== null) dbm = budgetDbm - lossDb;
          else {
            // Today's model, and ITM's stand-in on a path it refuses (the link's rule).
            if (!clear) worst = worstClearanceRatio(distances, curved, s, towerTopM, targetAngle, wavelengthM);
            const knifeDb = worst < NO_LOSS_RATIO ? knifeEdgeLossDb(-Math.SQRT2 * worst) : 0;
            dbm = budgetDbm - freeSpacePathLossDb(Math.max(distanceM, 1), tower.frequencyHz) - knifeDb;
          }
        }
        signal[cell] = Number.isNaN(dbm) ? NO_SIGNAL : Math.max(NO_SIGNAL + 1, Math.min(32767, Math.round(dbm * 10)));
        if (clear && worst >= 0.6) fresnel60[cell >> 3]! |= 1 << (cell & 7);
        if (clear && lineOfSight) lineOfSight[cell >> 3]! |= 1 << (cell & 7);
      }
      profile[s] = groundM + clutterM;
      const angle = (curved[s]! - towerTopM) / distanceM;
      if (angle > maxAngle) maxAngle = angle;
      // A sample well below the horizon so far can never be an obstacle worth counting (see above).
      if (curved[s]! > towerTopM + maxAngle * distanceM - candidateMarginM) candidates[candidateCount++] = s;
    }
    if (input.onProgress && r % 128 === 0) input.onProgress(r / rays);
  }
  const towerBudgetDbm = antenna ? budgetToward(antenna.mount.azimuthDeg, 0) : budgetToward(0, 0);
  markTowerCell(heights, towerRow, towerCol, towerBudgetDbm - freeSpacePathLossDb(1, tower.frequencyHz), { signal, fresnel60, lineOfSight });
  return {
    south: heights.south,
    west: heights.west,
    cellLatDeg: heights.cellLatDeg,
    cellLngDeg: heights.cellLngDeg,
    rows,
    cols,
    signalDeciDbm: signal,
    fresnel60,
    ...(lineOfSight && { lineOfSight }),
  };
}

/** ITM's inputs shared by every cell of a sweep, validated once; null when ITM refuses them (every cell then takes the stand-in). */
function itmSweepParameters(propagation: PropagationSettings, tower: FootprintTower, receiverM: number): ItmPathInputs | null {
  const validated = validateInputs({
    ...propagation.itm,
    profileM: [0, 0, 0],
    spacingM: 1,
    txHeightM: tower.antennaM,
    rxHeightM: receiverM,
    frequencyMHz: tower.frequencyHz / 1e6,
  });
  return validated.ok ? itmPathInputs(validated.parameters) : null;
}

/**
 * For each cell within `radiusM`, the ray and step whose point falls nearest its centre (the first
 * on a tie; a ray may step into one cell twice, its steps being a little under a cell); ray −1 for
 * cells no ray reaches.
 */
function nearestRayPoints(
  rows: number,
  cols: number,
  rays: number,
  ray: (index: number) => { steps: number; stepRow: number; stepCol: number; stepM: number },
  towerRow: number,
  towerCol: number,
  radiusM: number,
): { ray: Int32Array; step: Int32Array } {
  const nearest = { ray: new Int32Array(rows * cols).fill(-1), step: new Int32Array(rows * cols) };
  // How far from its centre the nearest ray point so far was (squared, in cells).
  const offset = new Float32Array(rows * cols).fill(Infinity);
  for (let r = 0; r < rays; r++) {
    const { steps, stepRow, stepCol, stepM } = ray(r);
    for (let s = 1; s <= steps; s++) {
      if (s * stepM > radiusM) break;
      const row = towerRow + s * stepRow;
      const col = towerCol + s * stepCol;
      const cellRow = Math.round(row);
      const cellCol = Math.round(col);
      if (cellRow < 0 || cellRow >= rows || cellCol < 0 || cellCol >= cols) continue;
      const cell = cellRow * cols + cellCol;
      const off = (row - cellRow) ** 2 + (col - cellCol) ** 2;
      if (off < offset[cell]!) {
        offset[cell] = off;
        nearest.ray[cell] = r;
        nearest.step[cell] = s;
      }
    }
  }
  return nearest;
}

/**
 * The smallest clearance ratio (clearance / first Fresnel radius) over samples 1..s−1 of a ray toward
 * sample s, whose antenna stands `targetAngle` above the tower's top per metre: for a blocked path,
 * where the candidates kept for clear ones do not suffice.
 */
function worstClearanceRatio(distances: Float64Array, curved: Float64Array, s: number, towerTopM: number, targetAngle: number, wavelengthM: number): number {
  const distanceM = distances[s]!;
  let worst = Infinity;
  for (let i = 1; i < s; i++) {
    const d1 = distances[i]!;
    const ratio = (towerTopM + targetAngle * d1 - curved[i]!) / Math.sqrt((wavelengthM * d1 * (distanceM - d1)) / distanceM);
    if (ratio < worst) worst = ratio;
  }
  return worst;
}

/** The cell under the tower sees it (a path of 1 m, as the line-of-sight answer has). */
function markTowerCell(
  frame: GridFrame,
  row: number,
  col: number,
  dbm: number,
  grids: { signal: Int16Array; fresnel60: Uint8Array; lineOfSight?: Uint8Array },
): void {
  const r = Math.round(row);
  const c = Math.round(col);
  if (r < 0 || r >= frame.rows || c < 0 || c >= frame.cols) return;
  const cell = r * frame.cols + c;
  grids.signal[cell] = Math.round(dbm * 10);
  grids.fresnel60[cell >> 3]! |= 1 << (cell & 7);
  if (grids.lineOfSight) grids.lineOfSight[cell >> 3]! |= 1 << (cell & 7);
}

/** 1 for each cell with a neighbour (of the eight) of another class: where an area's edge runs. */
function classEdges(codes: ClutterClassCodes, rows: number, cols: number): Uint8Array {
  const edges = new Uint8Array(codes.length);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const code = codes[r * cols + c]!;
      for (let dr = -1; dr <= 1 && !edges[r * cols + c]; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const nr = r + dr;
          const nc = c + dc;
          if (nr >= 0 && nr < rows && nc >= 0 && nc < cols && codes[nr * cols + nc] !== code) {
            edges[r * cols + c] = 1;
            break;
          }
        }
      }
    }
  }
  return edges;
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

/** Whether a cell sees the tower: its line-of-sight bit, or, in a footprint without that grid, whether it has a signal. */
export function isLineOfSight(footprint: Footprint, cell: number): boolean {
  if (footprint.lineOfSight) return (footprint.lineOfSight[cell >> 3]! & (1 << (cell & 7))) !== 0;
  return footprint.signalDeciDbm[cell] !== NO_SIGNAL;
}

/** Whether a cell's first Fresnel zone is at least 60% clear. */
export function isFresnel60Clear(footprint: Footprint, cell: number): boolean {
  return (footprint.fresnel60[cell >> 3]! & (1 << (cell & 7))) !== 0;
}
