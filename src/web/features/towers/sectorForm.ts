import { z } from 'zod';
import type { AntennaPatternSummary } from '../../../common/api/antennaPatterns.js';
import type { Sector } from '../../../common/api/sectors.js';
import { sectorInput } from '../../../common/api/sectors.js';
import { beamText } from '../../ui/antennaBeamText.js';
import { textFieldRule } from '../../ui/textFieldRule.js';
import { formatNumber } from './towerFormat.js';

/** The sector dialog's values as the inputs hold them: numbers as typed text, the pattern's id as text. */
export interface SectorFormValues {
  name: string;
  azimuth_deg: string;
  downtilt_deg: string;
  antenna_pattern_id: string;
  /** Blank: the tower's (copied when the sector is added; kept as stored on an edit). */
  frequency_ghz: string;
  power_dbm: string;
  /** Blank: the tower's height plus its antenna height. */
  height_m: string;
  active: boolean;
}

export type SectorFormField = Exclude<keyof SectorFormValues, 'active'>;

/**
 * The sector form, checked by the API contract's own rules (src/common/api/sectors.ts), so each
 * message is the server's: "Downtilt must be between -10 and 30 degrees (positive is below the horizon)".
 */
export const sectorForm = z.object({
  name: textFieldRule(sectorInput.shape.name),
  azimuth_deg: textFieldRule(sectorInput.shape.azimuth_deg),
  downtilt_deg: textFieldRule(sectorInput.shape.downtilt_deg),
  antenna_pattern_id: textFieldRule(sectorInput.shape.antenna_pattern_id),
  frequency_ghz: textFieldRule(sectorInput.shape.frequency_ghz),
  power_dbm: textFieldRule(sectorInput.shape.power_dbm),
  height_m: textFieldRule(sectorInput.shape.height_m),
  active: z.boolean(),
}) satisfies z.ZodType<unknown, SectorFormValues>;
export type SectorFormOutput = z.output<typeof sectorForm>;

/** The body of POST /api/towers/{id}/sectors and PUT …/{sectorId}: frequency and power left out take the tower's (or keep the stored ones). */
export interface SectorPayload {
  name: string;
  azimuth_deg: number;
  downtilt_deg: number;
  antenna_pattern_id: number;
  frequency_ghz?: number;
  power_dbm?: number;
  /** null: the tower's height plus its antenna height. */
  height_m: number | null;
  active: boolean;
}

/** A new sector: pointing north, level, with the first pattern of the library (a built-in), the tower's radio. */
export function newSectorForm(patterns: readonly Pick<AntennaPatternSummary, 'id'>[]): SectorFormValues {
  return {
    name: '',
    azimuth_deg: '0',
    downtilt_deg: '0',
    antenna_pattern_id: patterns[0] ? String(patterns[0].id) : '',
    frequency_ghz: '',
    power_dbm: '',
    height_m: '',
    active: true,
  };
}

/** A stored sector, or one waiting for its new tower, in the dialog's inputs. */
export function sectorToForm(sector: SectorPayload): SectorFormValues {
  const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  return {
    name: sector.name,
    azimuth_deg: text(sector.azimuth_deg),
    downtilt_deg: text(sector.downtilt_deg),
    antenna_pattern_id: text(sector.antenna_pattern_id),
    frequency_ghz: text(sector.frequency_ghz),
    power_dbm: text(sector.power_dbm),
    height_m: text(sector.height_m),
    active: sector.active,
  };
}

/** The checked values as the API takes them. */
export function sectorPayload(values: SectorFormOutput): SectorPayload {
  return {
    name: values.name,
    azimuth_deg: values.azimuth_deg,
    downtilt_deg: values.downtilt_deg,
    antenna_pattern_id: values.antenna_pattern_id,
    ...(values.frequency_ghz === undefined ? {} : { frequency_ghz: values.frequency_ghz }),
    ...(values.power_dbm === undefined ? {} : { power_dbm: values.power_dbm }),
    height_m: values.height_m ?? null,
    active: values.active,
  };
}

/** A stored sector as a payload (what the table lists for a saved and a waiting sector alike). */
export function storedSectorPayload(sector: Sector): SectorPayload {
  return {
    name: sector.name,
    azimuth_deg: sector.azimuth_deg,
    downtilt_deg: sector.downtilt_deg,
    antenna_pattern_id: sector.antenna_pattern_id,
    frequency_ghz: sector.frequency_ghz,
    power_dbm: sector.power_dbm,
    height_m: sector.height_m,
    active: sector.active,
  };
}

const SECTOR_FIELDS: readonly SectorFormField[] = ['name', 'azimuth_deg', 'downtilt_deg', 'antenna_pattern_id', 'frequency_ghz', 'power_dbm', 'height_m'];

/** The server's refusal of an unknown pattern (src/server/towers/sectorService.ts): a message about the pattern field. */
const PATTERN_REFUSAL = /antenna pattern/i;

/**
 * Which form field each of the server's messages is about: the fields its validation names, and
 * the pattern field for the refusal of a pattern that is not (or no longer) in the library. What
 * names no field is returned as `other`, shown above the form.
 */
export function sectorServerErrors(
  message: string,
  fieldErrors: Record<string, string>,
): { fields: Partial<Record<SectorFormField, string>>; other: string | null } {
  const fields: Partial<Record<SectorFormField, string>> = {};
  for (const field of SECTOR_FIELDS) if (fieldErrors[field] !== undefined) fields[field] = fieldErrors[field];
  if (Object.keys(fields).length === 0 && PATTERN_REFUSAL.test(message)) fields.antenna_pattern_id = message;
  return { fields, other: Object.keys(fields).length === 0 ? message : null };
}

/** "Generic 90° sector: 16.3 dBi, 90° × 6° beam" (horizontal × vertical half-power beamwidths). */
export function patternLabel(pattern: Pick<AntennaPatternSummary, 'name' | 'peak_gain_dbi' | 'horizontal_beamwidth_deg' | 'vertical_beamwidth_deg'>): string {
  return `${pattern.name}: ${formatNumber(pattern.peak_gain_dbi, 1)} dBi, ${beamText(pattern.horizontal_beamwidth_deg)} × ${beamText(pattern.vertical_beamwidth_deg)} beam`;
}
