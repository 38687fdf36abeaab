import type { ErrorFigures } from '../../../common/api/measurements.js';

/**
 * Bias, spread and RMSE of residuals (measured − predicted, dB), rounded to 0.01 dB; null figures
 * for no residual. std_db is the population deviation (divided by the count), so that
 * rmse² = mean² + std²: the RMSE splits into the bias a calibration's offset can take out and the
 * spread it cannot.
 */
export function errorFiguresOf(residuals: ArrayLike<number>): ErrorFigures {
  const count = residuals.length;
  if (count === 0) return { count: 0, mean_error_db: null, std_db: null, rmse_db: null };
  let sum = 0;
  let sumOfSquares = 0;
  for (let i = 0; i < count; i++) {
    const residual = residuals[i]!;
    sum += residual;
    sumOfSquares += residual * residual;
  }
  const mean = sum / count;
  const meanSquare = sumOfSquares / count;
  return {
    count,
    mean_error_db: roundDb(mean),
    // Rounding can leave a hair below zero where every residual is equal.
    std_db: roundDb(Math.sqrt(Math.max(0, meanSquare - mean * mean))),
    rmse_db: roundDb(Math.sqrt(meanSquare)),
  };
}

/** The root mean square of residuals, dB, unrounded; NaN for none. */
export function rmseOf(residuals: ArrayLike<number>): number {
  let sumOfSquares = 0;
  for (let i = 0; i < residuals.length; i++) sumOfSquares += residuals[i]! * residuals[i]!;
  return Math.sqrt(sumOfSquares / residuals.length);
}

/** A figure in dB to 0.01 dB. */
export function roundDb(value: number): number {
  return Math.round(value * 100) / 100;
}

/** A band of distance from the tower, kilometres: from minKm (inclusive) to maxKm (exclusive). */
export interface DistanceBand {
  key: string;
  label: string;
  minKm: number;
  maxKm: number;
}

/** The report's distance bands, nearest first; the last has no end. */
export const DISTANCE_BANDS: readonly DistanceBand[] = [
  { key: '0-1', label: '0–1 km', minKm: 0, maxKm: 1 },
  { key: '1-3', label: '1–3 km', minKm: 1, maxKm: 3 },
  { key: '3-5', label: '3–5 km', minKm: 3, maxKm: 5 },
  { key: '5-10', label: '5–10 km', minKm: 5, maxKm: 10 },
  { key: '10+', label: '10+ km', minKm: 10, maxKm: Number.POSITIVE_INFINITY },
];

/** The band a distance (km, ≥ 0) falls in; a band's upper bound belongs to the next band. */
export function distanceBandOf(distanceKm: number): DistanceBand {
  return DISTANCE_BANDS.find((band) => distanceKm < band.maxKm) ?? DISTANCE_BANDS[DISTANCE_BANDS.length - 1]!;
}
