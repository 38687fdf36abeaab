import { describe, expect, it } from 'vitest';
import { DEFAULT_ITM_SETTINGS, RADIO_CLIMATES, RADIO_SETTINGS_LIMITS, radioSettings } from '../../common/api/radioSettings.js';
import { POLARIZATIONS } from '../../common/itmInputs.js';
import { ITM_DEFAULTS, validateInputs } from '../../geo/rf/itm/parameters.js';
import { itmInputsOf } from './itmInputs.js';

const L = RADIO_SETTINGS_LIMITS;
const PROFILE = { name: 'Roof', gain_dbi: 23, height_m: 6, is_default: true };

/** A 10 km path over flat ground at 5.8 GHz from a 30 m mast, received at `rxHeightM`. */
const path = (rxHeightM: number) => ({ profileM: new Array<number>(101).fill(100), spacingM: 100, txHeightM: 30, rxHeightM, frequencyMHz: 5800 });

/** The ITM settings the API accepts for `itm`, or the first message it refuses them with. */
function accepted(itm: object) {
  const parsed = radioSettings.safeParse({ itm, cpe_profiles: [PROFILE] });
  return parsed.success ? parsed.data.itm : parsed.error.issues[0]?.message;
}

describe('itmInputsOf', () => {
  it('gives ITM exactly its own defaults for the default settings', () => {
    const { relativePermittivity, conductivitySPerM, surfaceRefractivityN, climate, polarization, timeFraction, locationFraction, situationFraction } =
      ITM_DEFAULTS;
    expect(itmInputsOf(DEFAULT_ITM_SETTINGS)).toEqual({
      relativePermittivity,
      conductivitySPerM,
      surfaceRefractivityN,
      climate,
      polarization,
      timeFraction,
      locationFraction,
      situationFraction,
    });
  });

  it('turns the climate into its ITM number and percentages into fractions', () => {
    const itm = {
      ...DEFAULT_ITM_SETTINGS,
      radio_climate: 'maritime_temperate_over_sea' as const,
      time_percent: 90,
      location_percent: 10,
      situation_percent: 99.5,
    };
    expect(itmInputsOf(itm)).toMatchObject({ climate: 7, timeFraction: 0.9, locationFraction: 0.1, situationFraction: 0.995 });
  });
});

describe('the radio settings against the limits of ITM', () => {
  // The edges of every range the API accepts, each climate and polarisation, and the lowest and
  // highest CPE: ITM must take them all (the API's ranges are built from its limits).
  const edges: object[] = [
    { relative_permittivity: L.relativePermittivity.min, conductivity_s_per_m: 1e-6 },
    { relative_permittivity: L.relativePermittivity.max, conductivity_s_per_m: L.conductivitySPerM.max },
    { surface_refractivity_n: L.surfaceRefractivityN.min, time_percent: 0.001, location_percent: 0.001, situation_percent: 0.001 },
    { surface_refractivity_n: L.surfaceRefractivityN.max, time_percent: 99.999, location_percent: 99.999, situation_percent: 99.999 },
    ...RADIO_CLIMATES.flatMap((radio_climate) => POLARIZATIONS.map((polarization) => ({ radio_climate, polarization }))),
  ];

  it.each(edges)('ITM takes %o at both CPE heights', (itm) => {
    const settings = accepted(itm);
    expect(typeof settings, String(settings)).toBe('object');
    if (typeof settings !== 'object') return;
    for (const rxHeightM of [L.cpeHeightM.min, L.cpeHeightM.max]) {
      expect(validateInputs({ ...path(rxHeightM), ...itmInputsOf(settings) }).ok).toBe(true);
    }
  });

  it.each<[string, object]>([
    ['permittivity just below 1', { relative_permittivity: 0.999 }],
    ['conductivity 0', { conductivity_s_per_m: 0 }],
    ['refractivity just below 250', { surface_refractivity_n: 249.9 }],
    ['refractivity just above 400', { surface_refractivity_n: 400.1 }],
    ['time 0 %', { time_percent: 0 }],
    ['locations 100 %', { location_percent: 100 }],
    ['situations 100 %', { situation_percent: 100 }],
  ])('the API refuses what ITM refuses: %s', (_, itm) => {
    expect(typeof accepted(itm)).toBe('string');
    const asItm = itmInputsOf({ ...DEFAULT_ITM_SETTINGS, ...itm });
    expect(validateInputs({ ...path(6), ...asItm }).ok).toBe(false);
  });
});
