import type { z } from 'zod';
import { CLUTTER_CLASSES, type ClutterClass } from '../../../common/api/clutterAreas.js';
import { RADIO_SETTINGS_LIMITS, type RadioModel, type RadioSettings, radioSettings } from '../../../common/api/radioSettings.js';
import type { Polarization, RadioClimateName } from '../../../common/itmInputs.js';

/** The Radio model form as typed: numbers are text until checked (by the server's own schema, which reads decimal text). */
export interface RadioFormValues {
  model: RadioModel;
  itm: {
    relative_permittivity: string;
    conductivity_s_per_m: string;
    surface_refractivity_n: string;
    radio_climate: RadioClimateName;
    polarization: Polarization;
    time_percent: string;
    location_percent: string;
    situation_percent: string;
  };
  clutter_height_m: string;
  clutter_classes: Record<ClutterClass, { height_m: string; extra_loss_db: string }>;
  cpe_profiles: CpeProfileFormValues[];
  calibration: boolean;
  reliability_percent: string;
  calibration_range_m: string;
  prediction_spread_db: string;
}

export interface CpeProfileFormValues {
  name: string;
  gain_dbi: string;
  height_m: string;
  least_usable_signal_dbm: string;
  is_default: boolean;
}

/**
 * The form is checked by the API contract itself (src/common/api/radioSettings.ts), so its
 * messages and field paths (`itm.time_percent`, `cpe_profiles.1.name`) are the server's: a refusal
 * from the server lands on the same field as the browser's own check.
 */
export const radioSettingsForm = radioSettings as unknown as z.ZodType<RadioSettings, RadioFormValues>;

/** The labels of the models, ITM first as the recommended one. */
export const MODEL_LABELS: Record<RadioModel, string> = {
  itm: 'ITM (Longley-Rice), recommended',
  free_space_knife_edge: 'Free space + knife edge',
};

export const CLIMATE_LABELS: Record<RadioClimateName, string> = {
  equatorial: 'Equatorial',
  continental_subtropical: 'Continental subtropical',
  maritime_subtropical: 'Maritime subtropical',
  desert: 'Desert',
  continental_temperate: 'Continental temperate',
  maritime_temperate_over_land: 'Maritime temperate, over land',
  maritime_temperate_over_sea: 'Maritime temperate, over sea',
};

export const POLARIZATION_LABELS: Record<Polarization, string> = { horizontal: 'Horizontal', vertical: 'Vertical' };

/** The stored settings in the form's inputs. */
export function radioFormOf(settings: RadioSettings): RadioFormValues {
  const { itm } = settings;
  return {
    model: settings.model,
    itm: {
      relative_permittivity: String(itm.relative_permittivity),
      conductivity_s_per_m: String(itm.conductivity_s_per_m),
      surface_refractivity_n: String(itm.surface_refractivity_n),
      radio_climate: itm.radio_climate,
      polarization: itm.polarization,
      time_percent: String(itm.time_percent),
      location_percent: String(itm.location_percent),
      situation_percent: String(itm.situation_percent),
    },
    clutter_height_m: String(settings.clutter_height_m),
    clutter_classes: Object.fromEntries(
      CLUTTER_CLASSES.map((name) => {
        const { height_m, extra_loss_db } = settings.clutter_classes[name];
        return [name, { height_m: String(height_m), extra_loss_db: String(extra_loss_db) }];
      }),
    ) as RadioFormValues['clutter_classes'],
    cpe_profiles: settings.cpe_profiles.map((profile) => ({
      name: profile.name,
      gain_dbi: String(profile.gain_dbi),
      height_m: String(profile.height_m),
      least_usable_signal_dbm: String(profile.least_usable_signal_dbm),
      is_default: profile.is_default,
    })),
    calibration: settings.calibration,
    reliability_percent: String(settings.reliability_percent),
    calibration_range_m: String(settings.calibration_range_m),
    prediction_spread_db: String(settings.prediction_spread_db),
  };
}

/** A profile added to the table: a roof antenna's figures, not the default. */
export const NEW_CPE_PROFILE: CpeProfileFormValues = { name: '', gain_dbi: '23', height_m: '6', least_usable_signal_dbm: '-80', is_default: false };

export const CPE_PROFILE_RANGE = RADIO_SETTINGS_LIMITS.cpeProfiles;

/** The profiles after `index` is made the default: exactly one is. */
export function withDefaultProfile(profiles: readonly CpeProfileFormValues[], index: number): CpeProfileFormValues[] {
  return profiles.map((profile, i) => ({ ...profile, is_default: i === index }));
}

/** The profiles without the one at `index`; when that was the default, the first left becomes it. */
export function withoutProfile(profiles: readonly CpeProfileFormValues[], index: number): CpeProfileFormValues[] {
  const left = profiles.filter((_, i) => i !== index);
  return left.some((profile) => profile.is_default) ? left : withDefaultProfile(left, 0);
}
