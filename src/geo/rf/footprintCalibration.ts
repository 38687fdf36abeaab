/**
 * The calibration to measured signals on a footprint (docs/radio-model.md, Calibration): each
 * antenna's footprint gets its correction cell by cell before a tower's antennas are united, so the
 * union chooses the serving antenna by corrected signals, as the line-of-sight link does.
 */
import { clutterClassOf } from '../../common/api/clutterAreas.js';
import type { ReceiverClass } from './calibration/calibrationModel.js';
import { type Footprint, NO_SIGNAL } from './footprint.js';
import type { ClutterClassCodes } from './propagationSettings.js';

/** A correction at a cell: for the class of the clutter the receiver stands in (open outside every area), at the cell's centre (degrees), signal dB. */
export type CellCorrection = (receiverClass: ReceiverClass, lat: number, lng: number) => number;

/**
 * Adds the calibration (signal dB, positive: measured stronger) to every cell that has a signal in
 * each of `parts`, the footprints of one tower's antennas over one grid, in place; cells without
 * one keep none. The correction is a sum (calibrationModel.ts), and only the sector's offset
 * differs between antennas: `sharedDb` is the part every antenna shares at a cell (the offsets,
 * the receiver's class, the residuals nearby: the costly part, worked out once a cell however many
 * antennas there are), `offsetsDb[i]` what antenna i adds to it. `clutterCodes` is the grid's class
 * raster (clutterMap.ts ClutterMap.raster), absent when no clutter area touches it.
 */
export function calibrateFootprints(
  parts: readonly Footprint[],
  offsetsDb: readonly number[],
  sharedDb: CellCorrection,
  clutterCodes?: ClutterClassCodes,
): void {
  const [first] = parts;
  if (!first) return;
  const { rows, cols } = first;
  const classes = new Map<number, ReceiverClass>();
  const classOf = (code: number): ReceiverClass => {
    let found = classes.get(code);
    if (found === undefined) classes.set(code, (found = clutterClassOf(code) ?? 'open'));
    return found;
  };
  for (let row = 0; row < rows; row++) {
    const lat = first.south + row * first.cellLatDeg;
    for (let col = 0; col < cols; col++) {
      const cell = row * cols + col;
      let shared = Number.NaN;
      for (let index = 0; index < parts.length; index++) {
        const signal = parts[index]!.signalDeciDbm;
        const value = signal[cell]!;
        if (value === NO_SIGNAL) continue;
        // Asked once a cell, and only where some antenna has a signal.
        if (Number.isNaN(shared)) shared = 10 * sharedDb(classOf(clutterCodes?.[cell] ?? 0), lat, first.west + col * first.cellLngDeg);
        // Tenths of a dBm in an Int16Array, NO_SIGNAL kept for "none".
        signal[cell] = Math.max(NO_SIGNAL + 1, Math.min(32767, Math.round(value + shared + 10 * offsetsDb[index]!)));
      }
    }
  }
}
