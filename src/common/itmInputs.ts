/**
 * The inputs of the ITS Irregular Terrain Model (Longley-Rice) that an administrator chooses, their
 * usual defaults and the limits the model accepts: shared by our ITM (src/geo/rf/itm/parameters.ts,
 * which validates a path by them) and the radio settings the API takes (api/radioSettings.ts), so
 * that a setting the API accepts is one the model accepts. Limits as NTIA's ValidateInputs
 * (github.com/NTIA/itm, version 1.4). Units: S/m, N-units; variabilities are fractions (0.5 = 50 %).
 */

/** Radio climates, numbered as in ITM; the keys are the names the API uses. */
export const RadioClimate = {
  equatorial: 1,
  continental_subtropical: 2,
  maritime_subtropical: 3,
  desert: 4,
  continental_temperate: 5,
  maritime_temperate_over_land: 6,
  maritime_temperate_over_sea: 7,
} as const;
export type RadioClimate = (typeof RadioClimate)[keyof typeof RadioClimate];
export type RadioClimateName = keyof typeof RadioClimate;
export const DEFAULT_RADIO_CLIMATE: RadioClimateName = 'continental_temperate';

export const POLARIZATIONS = ['horizontal', 'vertical'] as const;
export type Polarization = (typeof POLARIZATIONS)[number];

/** Average ground, 301 N-units, continental temperate, vertical, 50 % of time, locations and situations, broadcast variability. */
export const ITM_DEFAULTS = {
  polarization: 'vertical',
  relativePermittivity: 15,
  conductivitySPerM: 0.005,
  surfaceRefractivityN: 301,
  climate: RadioClimate[DEFAULT_RADIO_CLIMATE],
  timeFraction: 0.5,
  locationFraction: 0.5,
  situationFraction: 0.5,
  variabilityMode: 3,
} as const;

/**
 * What ITM refuses outside (NTIA's errors; its warnings start inside these): bounds are inclusive
 * unless named exclusive. The model sets no upper limit on the ground's constants.
 */
export const ITM_LIMITS = {
  /** Either terminal above ground, metres (warned below 1 m and above 1000 m). */
  terminalHeightM: { min: 0.5, max: 3000 },
  surfaceRefractivityN: { min: 250, max: 400 },
  relativePermittivity: { min: 1 },
  conductivitySPerM: { exclusiveMin: 0 },
  /** Time, location and situation fractions. */
  fraction: { exclusiveMin: 0, exclusiveMax: 1 },
} as const;
