/**
 * The calibration to measured signals on a footprint (docs/radio-model.md, Calibration): each
 * antenna's footprint gets its correction cell by cell before a tower's antennas are united, so the
 * union chooses the serving antenna by corrected signals, as the line-of-sight link does.
 */
import { clutterClassOf } from '../../common/api/clutterAreas.js';
import type { ReceiverClass } from './calibration/calibrationModel.js';
import { type Footprint, NO_SIGNAL } from './footprint.js';
import type { ClutterClassCodes } from './propagationSettings.js';

/** Where a cell's correction is asked: the class of the clutter the receiver stands in (open outside every area), and the cell's centre, degrees. */
export type CellCorrection = (receiverClass: ReceiverClass, lat: number, lng: number) => number;

/**
 * Adds `correctionDb` (signal dB, positive: measured stronger) to every cell of `footprint` that
 * has a signal, in place; cells without one keep none. `clutterCodes` is the grid's class raster
 * (clutterMap.ts ClutterMap.raster), absent when no clutter area touches it.
 */
export function calibrateFootprint(footprint: Footprint, correctionDb: CellCorrection, clutterCodes?: ClutterClassCodes): void {
  const { rows, cols, signalDeciDbm } = footprint;
  const classes = new Map<number, ReceiverClass>();
  const classOf = (code: number): ReceiverClass => {
    let found = classes.get(code);
    if (found === undefined) classes.set(code, (found = clutterClassOf(code) ?? 'open'));
    return found;
  };
  for (let row = 0; row < rows; row++) {
    const lat = footprint.south + row * footprint.cellLatDeg;
    for (let col = 0; col < cols; col++) {
      const cell = row * cols + col;
      const value = signalDeciDbm[cell]!;
      if (value === NO_SIGNAL) continue;
      const tenths = Math.round(value + 10 * correctionDb(classOf(clutterCodes?.[cell] ?? 0), lat, footprint.west + col * footprint.cellLngDeg));
      // Tenths of a dBm in an Int16Array, NO_SIGNAL kept for "none".
      signalDeciDbm[cell] = Math.max(NO_SIGNAL + 1, Math.min(32767, tenths));
    }
  }
}
