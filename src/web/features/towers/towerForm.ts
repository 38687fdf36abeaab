import { z } from 'zod';
import type { Tower } from '../../../common/api/towers.js';
import { NEW_TOWER_FORM_DEFAULTS, TOWER_DEFAULTS, towerInput } from '../../../common/api/towers.js';
import { textFieldRule } from '../../ui/textFieldRule.js';

/** The add/edit dialog's values, as the inputs hold them: numbers as typed text. */
export interface TowerFormValues {
  name: string;
  code: string;
  latitude: string;
  longitude: string;
  height_meters: string;
  antenna_height_meters: string;
  frequency_ghz: string;
  power_dbm: string;
  coverage_radius_km: string;
  description: string;
  active: boolean;
  /** YYYY-MM-DD from the date input, or empty. */
  installed_date: string;
  /** The owning provider's id as the select holds it; empty for the map operator's own tower. */
  provider_id: string;
}

/** The JSON body of POST /api/towers and PUT /api/towers/{id}: a tower without its id and times. */
export type TowerPayload = Omit<Tower, 'id' | 'created_at' | 'updated_at' | 'sectors'>;

/**
 * The tower form, checked as the server checks it: the form uses the very field rules of
 * the API contract, so every message (e.g. "Latitude must be between -90 and 90") is the same.
 */
export const towerForm = z.object({
  name: textFieldRule(towerInput.shape.name),
  code: textFieldRule(towerInput.shape.code),
  latitude: textFieldRule(towerInput.shape.latitude),
  longitude: textFieldRule(towerInput.shape.longitude),
  height_meters: textFieldRule(towerInput.shape.height_meters),
  antenna_height_meters: textFieldRule(towerInput.shape.antenna_height_meters),
  frequency_ghz: textFieldRule(towerInput.shape.frequency_ghz),
  power_dbm: textFieldRule(towerInput.shape.power_dbm),
  coverage_radius_km: textFieldRule(towerInput.shape.coverage_radius_km),
  description: textFieldRule(towerInput.shape.description),
  active: z.boolean(),
  installed_date: textFieldRule(towerInput.shape.installed_date),
  // The select offers only providers the user may choose; the server checks the choice again.
  provider_id: z.string(),
}) satisfies z.ZodType<unknown, TowerFormValues>;
export type TowerFormOutput = z.output<typeof towerForm>;

/** A new tower starts in Cape Town on a 30 m mast, with the defaults of TOWER_DEFAULTS. */
export const NEW_TOWER_FORM: TowerFormValues = {
  name: '',
  code: '',
  latitude: String(NEW_TOWER_FORM_DEFAULTS.latitude),
  longitude: String(NEW_TOWER_FORM_DEFAULTS.longitude),
  height_meters: String(NEW_TOWER_FORM_DEFAULTS.height_meters),
  antenna_height_meters: String(TOWER_DEFAULTS.antenna_height_meters),
  frequency_ghz: String(TOWER_DEFAULTS.frequency_ghz),
  power_dbm: String(TOWER_DEFAULTS.power_dbm),
  coverage_radius_km: String(TOWER_DEFAULTS.coverage_radius_km),
  description: '',
  active: NEW_TOWER_FORM_DEFAULTS.active,
  installed_date: '',
  provider_id: '',
};

/** A saved tower in the dialog's inputs. */
export function towerToForm(tower: Tower): TowerFormValues {
  return {
    name: tower.name,
    code: tower.code ?? '',
    latitude: String(tower.latitude),
    longitude: String(tower.longitude),
    height_meters: String(tower.height_meters),
    antenna_height_meters: String(tower.antenna_height_meters),
    frequency_ghz: String(tower.frequency_ghz),
    power_dbm: String(tower.power_dbm),
    coverage_radius_km: String(tower.coverage_radius_km),
    description: tower.description ?? '',
    active: tower.active,
    installed_date: tower.installed_date ?? '',
    provider_id: tower.provider_id === null ? '' : String(tower.provider_id),
  };
}

/**
 * The checked values as the API takes them: numbers converted, heights, radius
 * and power rounded to whole numbers, empty optional text, an empty installed_date and no provider
 * (the operator's tower) sent as null.
 */
export function towerPayload(values: TowerFormOutput): TowerPayload {
  return {
    name: values.name,
    code: values.code ?? null,
    latitude: values.latitude,
    longitude: values.longitude,
    height_meters: Math.round(values.height_meters),
    antenna_height_meters: Math.round(values.antenna_height_meters),
    frequency_ghz: values.frequency_ghz,
    power_dbm: Math.round(values.power_dbm),
    coverage_radius_km: Math.round(values.coverage_radius_km),
    description: values.description ?? null,
    active: values.active,
    installed_date: values.installed_date ?? null,
    provider_id: values.provider_id === '' ? null : Number(values.provider_id),
  };
}
