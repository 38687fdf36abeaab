/**
 * A tower's footprint as the union of its sectors' footprints, all computed over the same grid.
 * Each cell takes everything (signal, line of sight, Fresnel bit) from the one antenna that serves
 * it best: line of sight first, then the stronger signal, then the first antenna on a tie. Bits
 * are never ORed across antennas: a cell would otherwise be called serviceable from one sector's
 * line of sight and another's signal.
 */
import { type Footprint, type GridFrame, isFresnel60Clear, isLineOfSight, NO_SIGNAL } from './footprint.js';

/** servingAntenna of a cell no antenna serves (a sector index fits a byte: a tower has at most 12). */
export const NO_ANTENNA = 255;

/**
 * The union of footprints over one frame (`frame` is its grid when `parts` is empty: a tower whose
 * antennas are all off radiates nothing). Whether the union has line-of-sight bits follows the
 * parts (all or none have them; none at all: it has them, all clear, so no cell reads as seen).
 */
export function uniteFootprints(parts: readonly Footprint[], frame: GridFrame): Footprint {
  if (parts.length >= NO_ANTENNA) throw new Error(`a footprint unites at most ${NO_ANTENNA - 1} antennas, not ${parts.length}`);
  const cells = frame.rows * frame.cols;
  for (const part of parts) {
    if (part.rows !== frame.rows || part.cols !== frame.cols) throw new Error('the footprints united must share one grid');
  }
  const signal = new Int16Array(cells).fill(NO_SIGNAL);
  const fresnel60 = new Uint8Array(Math.ceil(cells / 8));
  const withSight = parts.length === 0 || parts.some((part) => part.lineOfSight);
  const lineOfSight = withSight ? new Uint8Array(fresnel60.length) : undefined;
  const servingAntenna = new Uint8Array(cells).fill(NO_ANTENNA);
  for (let cell = 0; cell < cells; cell++) {
    let best = -1;
    let bestSees = false;
    let bestSignal = NO_SIGNAL;
    for (let index = 0; index < parts.length; index++) {
      const part = parts[index]!;
      const value = part.signalDeciDbm[cell]!;
      const sees = isLineOfSight(part, cell);
      if (value === NO_SIGNAL && !sees) continue;
      if (best < 0 || (sees && !bestSees) || (sees === bestSees && value > bestSignal)) {
        best = index;
        bestSees = sees;
        bestSignal = value;
      }
    }
    if (best < 0) continue;
    const bit = 1 << (cell & 7);
    signal[cell] = bestSignal;
    servingAntenna[cell] = best;
    if (bestSees && lineOfSight) lineOfSight[cell >> 3]! |= bit;
    if (isFresnel60Clear(parts[best]!, cell)) fresnel60[cell >> 3]! |= bit;
  }
  return {
    south: frame.south,
    west: frame.west,
    cellLatDeg: frame.cellLatDeg,
    cellLngDeg: frame.cellLngDeg,
    rows: frame.rows,
    cols: frame.cols,
    signalDeciDbm: signal,
    fresnel60,
    ...(lineOfSight && { lineOfSight }),
    servingAntenna,
  };
}
