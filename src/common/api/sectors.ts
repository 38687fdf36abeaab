import { z } from 'zod';
import { blankAsMissing, booleanField, entityId, numberInput, requiredText } from './fields.js';
import { frequencyGhzField, powerDbmField } from './radioFields.js';

/** Most sectors one tower holds. */
export const MAX_SECTORS_PER_TOWER = 12;

/** A sector's height above ground, metres: a tower's greatest height plus its greatest antenna height. */
export const SECTOR_HEIGHT_RANGE_M = [1, 1200] as const;

export const SECTOR_LIMIT_MESSAGE = `A tower holds at most ${MAX_SECTORS_PER_TOWER} sectors`;

/**
 * A sector antenna on a tower, as the API answers it. `azimuth_deg` and `downtilt_deg` are how it
 * is mounted (the pattern's own rotation and tilt are part of the pattern); frequency and power
 * are its own, given or copied from the tower when it was added.
 */
export const sector = z.object({
  id: z.number(),
  tower_id: z.number(),
  name: z.string(),
  /** Where the antenna's boresight points, degrees clockwise from true north, 0–360. */
  azimuth_deg: z.number(),
  /** Mechanical down-tilt, degrees, positive below the horizon, -10 to 30. */
  downtilt_deg: z.number(),
  antenna_pattern_id: z.number(),
  frequency_ghz: z.number(),
  /** Transmit power into the antenna, dBm. */
  power_dbm: z.number(),
  /** Above ground, metres; null: the tower's height plus its antenna height. */
  height_m: z.number().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Sector = z.infer<typeof sector>;

const AZIMUTH_MESSAGE = 'Azimuth must be between 0 and 360 degrees';
const DOWNTILT_MESSAGE = 'Downtilt must be between -10 and 30 degrees (positive is below the horizon)';
const HEIGHT_MESSAGE = `Sector height must be between ${SECTOR_HEIGHT_RANGE_M[0]} and ${SECTOR_HEIGHT_RANGE_M[1]} meters`;

/** Empty text or null: no height of its own (the tower's height plus its antenna height). */
const heightM = z.preprocess(
  (v) => blankAsMissing(v) ?? null,
  numberInput(HEIGHT_MESSAGE).pipe(z.number().min(SECTOR_HEIGHT_RANGE_M[0], HEIGHT_MESSAGE).max(SECTOR_HEIGHT_RANGE_M[1], HEIGHT_MESSAGE)).nullable(),
);

/** The sector rules, field by field, without defaults. */
const sectorShape = {
  name: requiredText(100, 'Sector name'),
  azimuth_deg: numberInput(AZIMUTH_MESSAGE).pipe(z.number().min(0, AZIMUTH_MESSAGE).max(360, AZIMUTH_MESSAGE)),
  downtilt_deg: numberInput(DOWNTILT_MESSAGE).pipe(z.number().min(-10, DOWNTILT_MESSAGE).max(30, DOWNTILT_MESSAGE)),
  antenna_pattern_id: entityId('Antenna pattern must be the id of a pattern in the library'),
  frequency_ghz: frequencyGhzField,
  power_dbm: powerDbmField,
  height_m: heightM,
  active: booleanField('active must be true or false'),
};

/**
 * POST /api/towers/{id}/sectors, and each sector of a bulk import: down-tilt 0 and active when
 * left out; frequency and power left out (or blank) take the tower's; no height is the tower's.
 */
export const sectorInput = z.object({
  ...sectorShape,
  downtilt_deg: z.preprocess(blankAsMissing, sectorShape.downtilt_deg.default(0)),
  frequency_ghz: z.preprocess(blankAsMissing, sectorShape.frequency_ghz.optional()),
  power_dbm: z.preprocess(blankAsMissing, sectorShape.power_dbm.optional()),
  height_m: sectorShape.height_m.optional(),
  active: z.preprocess(blankAsMissing, sectorShape.active.default(true)),
});
export type SectorInput = z.infer<typeof sectorInput>;

/** PUT /api/towers/{id}/sectors/{sectorId}: absent fields keep their stored value; height_m null goes back to the tower's. */
export const sectorUpdate = z.object(sectorShape).partial();
export type SectorUpdate = z.infer<typeof sectorUpdate>;

export const sectorParams = z.object({
  id: entityId('Tower id must be a positive whole number', 'Tower not found'),
  sectorId: entityId('Sector id must be a positive whole number', 'Sector not found'),
});

/**
 * In a bulk import's flat rows (a CSV), a sector is a row whose `sector_of` names a tower of the
 * same import, by its code or else its name; its `name` is the sector's.
 */
export const SECTOR_OF_FIELD = 'sector_of';
