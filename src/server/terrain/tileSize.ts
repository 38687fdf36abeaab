import { ValidationError } from '../errors.js';

/** The largest tile: 3601² samples of 2 bytes (1 arc-second). Nothing is inflated beyond it. */
export const LARGEST_TILE_BYTES = 3601 * 3601 * 2;

/** The refusal of a file, or of an archive's entry (`subject`), that is not an SRTM tile's size. */
export function notATileSize(subject: string, bytes: number): ValidationError {
  return new ValidationError(
    `${subject} is ${bytes} bytes: an SRTM tile has 1201×1201 samples (2,884,802 bytes, 3 arc-seconds) or 3601×3601 (25,934,402 bytes, 1 arc-second)`,
  );
}
