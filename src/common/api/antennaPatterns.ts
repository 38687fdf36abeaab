import { z } from 'zod';
import { blankAsMissing, entityId, numberInput, text } from './fields.js';

/** Largest pattern file taken, bytes: a Planet/MSI file of 720 values with long comments is under 20 KB. */
export const ANTENNA_PATTERN_MAX_FILE_BYTES = 256 * 1024;

/** Peak gain range, dBi (the pattern reader's GAIN_RANGE_DBI: wider than any ISP antenna, narrow enough to catch a unit mistaken). */
export const PATTERN_GAIN_RANGE_DBI = [-20, 60] as const;

/** The formats a stored pattern came from (src/geo/rf/antenna/antennaPattern.ts PatternFormat). */
export const antennaPatternFormat = z.enum(['planet_msi', 'radio_mobile_ant', 'splat', 'builtin']);

/** A pattern in the library list: what it is, without its tables. */
export const antennaPatternSummary = z.object({
  id: z.number(),
  name: z.string(),
  format: antennaPatternFormat,
  /** The uploaded file's name (SPLAT!'s .az and .el: both, joined by ", "); null for a built-in. */
  file_name: z.string().nullable(),
  /** Peak gain, dBi. */
  peak_gain_dbi: z.number(),
  /** The file's own mechanical tilt, degrees, positive below the horizon (SPLAT!'s .el line; 0 otherwise). */
  tilt_deg: z.number(),
  /** Where that tilt points, degrees clockwise from the boresight. */
  tilt_azimuth_deg: z.number(),
  /** Built-in patterns come with the server and cannot be deleted. */
  builtin: z.boolean(),
  /**
   * Half-power (−3 dB) beamwidth of the horizontal cut, degrees, to a tenth; 360 for a cut that
   * never falls 3 dB below its peak (an omni). The Towers map draws a sector's wedge this wide.
   */
  horizontal_beamwidth_deg: z.number(),
  /** The same of the vertical cut, degrees. */
  vertical_beamwidth_deg: z.number(),
  /** Sectors that use it. */
  sector_count: z.number(),
  created_at: z.string(),
});
export type AntennaPatternSummary = z.infer<typeof antennaPatternSummary>;

/**
 * A pattern with its tables: 360 attenuations each, dB below the peak (≥ 0), one a degree.
 * horizontal_db[i]: i degrees clockwise from the boresight; vertical_db[i]: i degrees below the
 * horizon ahead, going down and round (90 straight down, 180 the horizon behind, 270 straight up).
 */
export const antennaPattern = antennaPatternSummary.extend({
  horizontal_db: z.array(z.number()),
  vertical_db: z.array(z.number()),
});
export type AntennaPatternDetail = z.infer<typeof antennaPattern>;

const GAIN_MESSAGE = `Gain must be between ${PATTERN_GAIN_RANGE_DBI[0]} and ${PATTERN_GAIN_RANGE_DBI[1]} dBi`;

/**
 * The text fields of POST /api/antenna_patterns (multipart, beside one or two `file` parts): a
 * name (else the file's NAME line, else the file's name) and the peak gain for formats that carry
 * none (SPLAT!'s, Radio Mobile's).
 */
export const antennaPatternUploadFields = z.object({
  name: z.preprocess(blankAsMissing, text(200, 'Pattern name').optional()),
  gain_dbi: z.preprocess(
    blankAsMissing,
    numberInput(GAIN_MESSAGE).pipe(z.number().min(PATTERN_GAIN_RANGE_DBI[0], GAIN_MESSAGE).max(PATTERN_GAIN_RANGE_DBI[1], GAIN_MESSAGE)).optional(),
  ),
});

export const antennaPatternIdParams = z.object({ id: entityId('Antenna pattern id must be a positive whole number', 'Antenna pattern not found') });
