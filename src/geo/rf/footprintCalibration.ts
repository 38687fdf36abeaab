/**
 * The calibration to measured signals on a footprint (docs/radio-model.md, Calibration and
 * reliability): each antenna's footprint gets its correction cell by cell before a tower's antennas
 * are united, so the union chooses the serving antenna by corrected signals, as the line-of-sight
 * link does.
 */
import { CLUTTER_CLASSES, clutterClassOf } from '../../common/api/clutterAreas.js';
import type { ReceiverClass } from './calibration/calibrationModel.js';
import { type Footprint, NO_SIGNAL } from './footprint.js';
import type { ClutterClassCodes } from './propagationSettings.js';

/** One antenna's offsets for a receiver of a class (the clutter class it stands in, open outside every area), signal dB. */
export type AntennaOffsets = (receiverClass: ReceiverClass) => number;

/**
 * Adds the calibration (signal dB, positive: measured stronger) to every cell that has a signal in
 * each of `parts`, the footprints of one tower's antennas over one grid, in place; cells without
 * one keep none. The correction is a sum (calibrationModel.ts): `offsetsDb[i]` antenna i's offsets
 * for the cell's receiver class, plus `spatialDb` at the cell's centre (degrees), the same for
 * every antenna and the costly part, asked once a cell and only where some antenna has a signal.
 * `clutterCodes` is the grid's class raster (clutterMap.ts ClutterMap.raster), absent when no
 * clutter area touches it.
 */
export function calibrateFootprints(
  parts: readonly Footprint[],
  offsetsDb: readonly AntennaOffsets[],
  spatialDb: (lat: number, lng: number) => number,
  clutterCodes?: ClutterClassCodes,
): void {
  const [first] = parts;
  if (!first) return;
  const { rows, cols } = first;
  // Each antenna's offsets by class code (0 open, k CLUTTER_CLASSES[k − 1]), looked up once.
  const offsetTenths = offsetsDb.map((offsets) =>
    Float64Array.from({ length: CLUTTER_CLASSES.length + 1 }, (_, code) => 10 * offsets(clutterClassOf(code) ?? 'open')),
  );
  for (let row = 0; row < rows; row++) {
    const lat = first.south + row * first.cellLatDeg;
    for (let col = 0; col < cols; col++) {
      const cell = row * cols + col;
      const code = clutterCodes?.[cell] ?? 0;
      let spatialTenths = Number.NaN;
      for (let index = 0; index < parts.length; index++) {
        const signal = parts[index]!.signalDeciDbm;
        const value = signal[cell]!;
        if (value === NO_SIGNAL) continue;
        if (Number.isNaN(spatialTenths)) spatialTenths = 10 * spatialDb(lat, first.west + col * first.cellLngDeg);
        // Tenths of a dBm in an Int16Array, NO_SIGNAL kept for "none".
        signal[cell] = Math.max(NO_SIGNAL + 1, Math.min(32767, Math.round(value + spatialTenths + offsetTenths[index]![code]!)));
      }
    }
  }
}
