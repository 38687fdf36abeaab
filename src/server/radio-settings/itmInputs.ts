import { CLUTTER_CLASSES } from '../../common/api/clutterAreas.js';
import type { CpeProfile, ItmSettings, RadioSettings } from '../../common/api/radioSettings.js';
import { RadioClimate } from '../../geo/rf/itm/parameters.js';
import type { ItmSettingsInput, PropagationSettings } from '../../geo/rf/propagationSettings.js';

export type { ItmSettingsInput };

/** The radio settings' ITM parameters as the model takes them: the climate's number, percentages as fractions. */
export function itmInputsOf(itm: ItmSettings): ItmSettingsInput {
  return {
    relativePermittivity: itm.relative_permittivity,
    conductivitySPerM: itm.conductivity_s_per_m,
    surfaceRefractivityN: itm.surface_refractivity_n,
    climate: RadioClimate[itm.radio_climate],
    polarization: itm.polarization,
    timeFraction: itm.time_percent / 100,
    locationFraction: itm.location_percent / 100,
    situationFraction: itm.situation_percent / 100,
  };
}

/**
 * What every path's loss is computed under (geo/rf/propagationSettings.ts): the model, ITM's
 * inputs, the uniform clutter and each clutter class's height and extra loss (in CLUTTER_CLASSES
 * order, the class codes' numbering). The line of sight and the footprints both take it from here.
 */
export function propagationSettingsOf(settings: Pick<RadioSettings, 'model' | 'itm' | 'clutter_height_m' | 'clutter_classes'>): PropagationSettings {
  return {
    model: settings.model,
    itm: itmInputsOf(settings.itm),
    clutterHeightM: settings.clutter_height_m,
    clutterClasses: CLUTTER_CLASSES.map((name) => ({
      heightM: settings.clutter_classes[name].height_m,
      extraLossDb: settings.clutter_classes[name].extra_loss_db,
    })),
  };
}

/** The profile every answer is computed for: the one marked default (the schema holds exactly one). */
export function defaultCpeProfile(settings: Pick<RadioSettings, 'cpe_profiles'>): CpeProfile {
  const profile = settings.cpe_profiles.find((candidate) => candidate.is_default) ?? settings.cpe_profiles[0];
  if (!profile) throw new Error('radio settings without a CPE profile');
  return profile;
}
