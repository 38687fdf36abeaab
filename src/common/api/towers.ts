import { z } from 'zod';
import { countText } from '../countText.js';
import { blankAsMissing, booleanField, entityId, numberInput, requiredText, text } from './fields.js';
import { frequencyGhzField, powerDbmField } from './radioFields.js';
import { sector } from './sectors.js';

/** What a tower gets when a field is left out. */
export const TOWER_DEFAULTS = {
  antenna_height_meters: 0,
  frequency_ghz: 5.8,
  power_dbm: 20,
  coverage_radius_km: 10,
  active: true,
} as const;

/** The add dialog's starting values (Cape Town, a 30 m mast). */
export const NEW_TOWER_FORM_DEFAULTS = { latitude: -33.9249, longitude: 18.4241, height_meters: 30, active: true } as const;

/** Most towers one bulk import takes. */
export const BULK_IMPORT_MAX_TOWERS = 5000;

export const tower = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  /** Degrees. */
  latitude: z.number(),
  longitude: z.number(),
  /** Structure height above ground, metres. */
  height_meters: z.number(),
  /** Antenna mounted above the top of the structure, metres. */
  antenna_height_meters: z.number(),
  frequency_ghz: z.number(),
  /** Transmit power, dBm. */
  power_dbm: z.number(),
  coverage_radius_km: z.number(),
  description: z.string().nullable(),
  active: z.boolean(),
  /** YYYY-MM-DD, or null. */
  installed_date: z.string().nullable(),
  /** The provider owning the tower; null for the map operator's own. */
  provider_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Its sector antennas (up to 12), by name; empty for a tower with one omni antenna. */
  sectors: z.array(sector),
});
export type Tower = z.infer<typeof tower>;

/** Numbers arrive as JSON numbers or, from a CSV or a form, as decimal text; empty text is a missing value. */
const number = numberInput;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDate = (v: string) => ISO_DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** Empty text (or null) clears an optional field. */
const clearableText = (max: number, label: string) => z.preprocess((v) => (v === null ? '' : v), text(max, label)).transform((v) => (v === '' ? null : v));

/** The tower rules, field by field, without defaults. */
const towerShape = {
  name: requiredText(200, 'Tower name'),
  code: clearableText(50, 'Code'),
  latitude: number('Latitude must be between -90 and 90').pipe(
    z.number().min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90'),
  ),
  longitude: number('Longitude must be between -180 and 180').pipe(
    z.number().min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180'),
  ),
  height_meters: number('Height must be at least 1 meter').pipe(
    z.number().min(1, 'Height must be at least 1 meter').max(1000, 'Height must be at most 1000 meters'),
  ),
  antenna_height_meters: number('Antenna height must be a number of meters').pipe(
    z.number().min(0, 'Antenna height must be at least 0 meters').max(200, 'Antenna height must be at most 200 meters'),
  ),
  frequency_ghz: frequencyGhzField,
  power_dbm: powerDbmField,
  coverage_radius_km: number('Coverage radius must be at least 1 km').pipe(
    z.number().min(1, 'Coverage radius must be at least 1 km').max(200, 'Coverage radius must be at most 200 km'),
  ),
  description: clearableText(2000, 'Description'),
  active: booleanField('active must be true or false'),
  installed_date: z
    .preprocess((v) => (v === '' ? null : v), z.string().nullable())
    .refine((v) => v === null || isCalendarDate(v), 'Installed date must be a date (YYYY-MM-DD)'),
  /** The owning provider's id; null (or empty text, a CSV cell) for the map operator's own tower. */
  provider_id: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    entityId('Provider must be a provider id', 'Provider not found').nullable(),
  ),
};

/** POST /api/towers and each row of a bulk import: the tower rules, with TOWER_DEFAULTS. */
export const towerInput = z.object({
  ...towerShape,
  code: towerShape.code.optional(),
  antenna_height_meters: z.preprocess(blankAsMissing, towerShape.antenna_height_meters.default(TOWER_DEFAULTS.antenna_height_meters)),
  frequency_ghz: z.preprocess(blankAsMissing, towerShape.frequency_ghz.default(TOWER_DEFAULTS.frequency_ghz)),
  power_dbm: z.preprocess(blankAsMissing, towerShape.power_dbm.default(TOWER_DEFAULTS.power_dbm)),
  coverage_radius_km: z.preprocess(blankAsMissing, towerShape.coverage_radius_km.default(TOWER_DEFAULTS.coverage_radius_km)),
  description: towerShape.description.optional(),
  active: z.preprocess(blankAsMissing, towerShape.active.default(TOWER_DEFAULTS.active)),
  installed_date: towerShape.installed_date.optional(),
  provider_id: towerShape.provider_id.optional(),
});
export type TowerInput = z.infer<typeof towerInput>;

/** PUT /api/towers/{id}: absent fields keep their stored value. */
export const towerUpdate = z.object(towerShape).partial();
export type TowerUpdate = z.infer<typeof towerUpdate>;

/**
 * POST /api/towers/bulk-import. Rows are checked one by one, so each is anything here. A tower row
 * may nest its `sectors` (as POST /api/towers/{id}/sectors takes them); a row whose `sector_of`
 * names a tower row of the same import (its code, else its name) is a sector of it: how a CSV
 * gives sectors, one row each, after the tower rows' columns.
 */
export const bulkImportRequest = z.object({
  towers: z
    .array(z.unknown(), { error: 'Data must be an array of tower objects' })
    .max(BULK_IMPORT_MAX_TOWERS, `At most ${BULK_IMPORT_MAX_TOWERS} towers per import`)
    .meta({
      description: 'Rows as POST /api/towers takes them, each with optional nested `sectors`; or sector rows naming their tower in `sector_of`',
      example: [
        {
          name: 'Table Mountain',
          code: 'TM-1',
          latitude: -33.9628,
          longitude: 18.4098,
          height_meters: 30,
          active: true,
          sectors: [{ name: 'North', azimuth_deg: 0, downtilt_deg: 2, antenna_pattern_id: 2 }],
        },
        { sector_of: 'TM-1', name: 'South', azimuth_deg: 180, downtilt_deg: 2, antenna_pattern_id: 2 },
      ],
    }),
});

/** PUT and DELETE /api/towers/{id}: an id too large for the database names no tower. */
export const towerIdParams = z.object({ id: entityId('Tower id must be a positive whole number', 'Tower not found') });

/**
 * One problem with one row of a bulk import. A row with several problems has an entry for each;
 * `error_count` counts the rejected rows (a tower row and its sector rows stand or fall together),
 * so imported_count + the stored sector rows + error_count is the number of rows. A nested
 * sector's problem is its tower row's, its field `sectors.<i>.<field>`.
 */
export const bulkImportError = z.object({
  /** 0-based position of the row in `towers`. */
  index: z.number(),
  /** The row's name, when it has one. */
  name: z.string().nullable(),
  field: z.string(),
  message: z.string(),
});
export const bulkImportResult = z.object({
  /** Towers stored. */
  imported_count: z.number(),
  /** Sectors stored with them (nested and sector rows). */
  imported_sector_count: z.number(),
  /** Rows refused (none of their fields were stored). */
  error_count: z.number(),
  errors: z.array(bulkImportError),
});
export type BulkImportResult = z.infer<typeof bulkImportResult>;

/** The bulk import's message: "Imported 1 tower successfully", "Imported 2 towers successfully". */
export function towersImportedMessage(importedCount: number): string {
  return `Imported ${countText(importedCount, 'tower')} successfully`;
}
