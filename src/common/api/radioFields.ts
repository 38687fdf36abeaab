import { z } from 'zod';
import { numberInput } from './fields.js';

/**
 * The radio fields a tower and each of its sectors share, one rule each: the same ranges and
 * messages in the tower form, the sector table and a bulk import.
 */

/** Carrier frequency, GHz. */
export const frequencyGhzField = numberInput('Frequency must be a number of GHz').pipe(
  z.number().min(0.1, 'Frequency must be between 0.1 and 100 GHz').max(100, 'Frequency must be between 0.1 and 100 GHz'),
);

/** Transmit power into the antenna, dBm. */
export const powerDbmField = numberInput('Power must be a number of dBm').pipe(
  z.number().min(-30, 'Power must be between -30 and 60 dBm').max(60, 'Power must be between -30 and 60 dBm'),
);
