import type { MeasurementReport } from '../../../common/api/measurements.js';

/**
 * One domain for both axes of the predicted-against-measured plot (dBm), so the y = x line runs
 * corner to corner: the points' least and greatest signal, out to the next multiple of 10 dB.
 * [-100, -40] without points.
 */
export function scatterDomain(points: MeasurementReport['scatter']): [number, number] {
  if (points.length === 0) return [-100, -40];
  let low = Infinity;
  let high = -Infinity;
  for (const point of points) {
    for (const value of [point.predicted_dbm, point.measured_dbm, point.calibrated_dbm]) {
      if (value === null) continue;
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
  }
  const floor = Math.floor(low / 10) * 10;
  const ceiling = Math.ceil(high / 10) * 10;
  return [floor, ceiling === floor ? floor + 10 : ceiling];
}

/** The ticks of that domain, every 10 dB. */
export function scatterTicks([low, high]: [number, number]): number[] {
  const ticks: number[] = [];
  for (let value = low; value <= high; value += 10) ticks.push(value);
  return ticks;
}
