import type { ItmSettings } from '../../common/api/radioSettings.js';
import { RadioClimate } from '../../geo/rf/itm/parameters.js';
import type { ItmSettingsInput } from '../../geo/rf/propagationSettings.js';

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
