import { z } from 'zod';
import { DEFAULT_RADIO_CLIMATE, ITM_DEFAULTS, ITM_LIMITS, POLARIZATIONS, RadioClimate, type RadioClimateName } from '../itmInputs.js';
import { UNUSABLE_AT_OR_BELOW_DBM } from '../signalBands.js';
import { CLUTTER_CLASS_LABELS, type ClutterClass } from './clutterAreas.js';
import { booleanField, numberField, requiredText } from './fields.js';

/** itm: the Longley-Rice Irregular Terrain Model (the default); free_space_knife_edge: free-space loss plus one knife edge. */
export const RADIO_MODELS = ['itm', 'free_space_knife_edge'] as const;
export type RadioModel = (typeof RADIO_MODELS)[number];

export const RADIO_CLIMATES = Object.keys(RadioClimate) as [RadioClimateName, ...RadioClimateName[]];

/**
 * The ranges of the settings. ITM's come from its own limits (common/itmInputs.ts); where the
 * model sets none, the upper bounds are well above any ground (sea water: permittivity 80,
 * conductivity 5 S/m). The CPE's gain and height are those of CPE_ANTENNA_GAIN_DBI and
 * FOOTPRINT_RECEIVER_HEIGHT_M (server/config.ts), so the roof profile made from them is valid.
 */
export const RADIO_SETTINGS_LIMITS = {
  relativePermittivity: { min: ITM_LIMITS.relativePermittivity.min, max: 100 },
  conductivitySPerM: { exclusiveMin: ITM_LIMITS.conductivitySPerM.exclusiveMin, max: 100 },
  surfaceRefractivityN: ITM_LIMITS.surfaceRefractivityN,
  /** Time, locations and situations, in percent (ITM's fractions × 100). */
  percent: { exclusiveMin: ITM_LIMITS.fraction.exclusiveMin * 100, exclusiveMax: ITM_LIMITS.fraction.exclusiveMax * 100 },
  /** Above the tallest trees of a typical plantation, and ITM's paths stay above ground at the ends. */
  clutterHeightM: { min: 0, max: 50 },
  /** The loss a receiver inside a clutter class suffers from its surroundings, dB (P.2108's terminal clutter loss stays under 40 dB). */
  clutterExtraLossDb: { min: 0, max: 40 },
  cpeProfiles: { min: 1, max: 10 },
  cpeProfileNameLength: 60,
  cpeGainDbi: { min: -10, max: 50 },
  cpeHeightM: { min: ITM_LIMITS.terminalHeightM.min, max: 100 },
  leastUsableSignalDbm: { min: -120, max: -30 },
  /** The reliability footprints are drawn at, percent (TowerCoverage's "Required Reliability"); 50: the median prediction. */
  reliabilityPercent: { min: 50, max: 99 },
  /** How far a measurement's residual corrects the map around it, metres. */
  calibrationRangeM: { min: 100, max: 20_000 },
  /** The model's spread before enough measurements tell it, dB. */
  predictionSpreadDb: { min: 1, max: 30 },
} as const;
const L = RADIO_SETTINGS_LIMITS;

export const MODEL_MESSAGE = `Model must be one of ${RADIO_MODELS.join(', ')}`;
export const PERMITTIVITY_MESSAGE = `Relative permittivity must be a number from ${L.relativePermittivity.min} to ${L.relativePermittivity.max}`;
export const CONDUCTIVITY_MESSAGE = `Conductivity must be a number above ${L.conductivitySPerM.exclusiveMin} and at most ${L.conductivitySPerM.max} S/m`;
export const REFRACTIVITY_MESSAGE = `Surface refractivity must be a number from ${L.surfaceRefractivityN.min} to ${L.surfaceRefractivityN.max} N-units`;
export const CLIMATE_MESSAGE = `Radio climate must be one of ${RADIO_CLIMATES.join(', ')}`;
export const POLARIZATION_MESSAGE = `Polarization must be one of ${POLARIZATIONS.join(', ')}`;
const percentMessage = (label: string) => `${label} must be a percentage above ${L.percent.exclusiveMin} and below ${L.percent.exclusiveMax}`;
export const TIME_PERCENT_MESSAGE = percentMessage('Time');
export const LOCATION_PERCENT_MESSAGE = percentMessage('Locations');
export const SITUATION_PERCENT_MESSAGE = percentMessage('Situations');
export const CLUTTER_HEIGHT_MESSAGE = `Clutter height must be a number from ${L.clutterHeightM.min} to ${L.clutterHeightM.max} meters`;
export const clutterHeightMessage = (clutterClass: ClutterClass) =>
  `${CLUTTER_CLASS_LABELS[clutterClass]} height must be a number from ${L.clutterHeightM.min} to ${L.clutterHeightM.max} meters`;
export const clutterExtraLossMessage = (clutterClass: ClutterClass) =>
  `${CLUTTER_CLASS_LABELS[clutterClass]} extra loss must be a number from ${L.clutterExtraLossDb.min} to ${L.clutterExtraLossDb.max} dB`;
export const CPE_PROFILE_COUNT_MESSAGE = `Give from ${L.cpeProfiles.min} to ${L.cpeProfiles.max} CPE profiles`;
export const CPE_NAME_REQUIRED_MESSAGE = 'Profile name is required';
export const CPE_NAME_TAKEN_MESSAGE = 'Each CPE profile needs a different name';
export const CPE_GAIN_MESSAGE = `Gain must be a number from ${L.cpeGainDbi.min} to ${L.cpeGainDbi.max} dBi`;
export const CPE_HEIGHT_MESSAGE = `Height above ground must be a number from ${L.cpeHeightM.min} to ${L.cpeHeightM.max} meters`;
export const LEAST_USABLE_SIGNAL_MESSAGE = `Least usable signal must be a number from ${L.leastUsableSignalDbm.min} to ${L.leastUsableSignalDbm.max} dBm`;
export const CALIBRATION_MESSAGE = 'calibration must be true or false';
export const RELIABILITY_MESSAGE = `Reliability must be a percentage from ${L.reliabilityPercent.min} to ${L.reliabilityPercent.max}`;
export const CALIBRATION_RANGE_MESSAGE = `Calibration range must be a number from ${L.calibrationRangeM.min} to ${L.calibrationRangeM.max} meters`;
export const PREDICTION_SPREAD_MESSAGE = `Prediction spread must be a number from ${L.predictionSpreadDb.min} to ${L.predictionSpreadDb.max} dB`;
export const IS_DEFAULT_MESSAGE = 'is_default must be true or false';
export const ONE_DEFAULT_PROFILE_MESSAGE = 'Exactly one CPE profile must be the default';

export const DEFAULT_RELIABILITY_PERCENT = 70;
export const DEFAULT_CALIBRATION_RANGE_M = 1000;
/** Untuned propagation models miss real links by 12-15 dB RMSE, tuned ones by 8-9 (Phillips et al. 2012): 10 until measured. */
export const DEFAULT_PREDICTION_SPREAD_DB = 10;

/** A number (JSON or decimal text) from min to max, with one message for every way it can be wrong. */
const ranged = (range: { min: number; max: number }, message: string) =>
  numberField(z.number({ error: message }).min(range.min, message).max(range.max, message));

const percent = (message: string) => numberField(z.number({ error: message }).gt(L.percent.exclusiveMin, message).lt(L.percent.exclusiveMax, message));

const asPercent = (fraction: number) => fraction * 100;

/** ITM's parameters as the API takes them; a field left out takes ITM's usual default. */
export const itmSettings = z.object({
  relative_permittivity: ranged(L.relativePermittivity, PERMITTIVITY_MESSAGE).default(ITM_DEFAULTS.relativePermittivity),
  /** Siemens per metre. */
  conductivity_s_per_m: numberField(
    z.number({ error: CONDUCTIVITY_MESSAGE }).gt(L.conductivitySPerM.exclusiveMin, CONDUCTIVITY_MESSAGE).max(L.conductivitySPerM.max, CONDUCTIVITY_MESSAGE),
  ).default(ITM_DEFAULTS.conductivitySPerM),
  /** N-units at sea level (N_0, as SPLAT!'s .lrp writes it). */
  surface_refractivity_n: ranged(L.surfaceRefractivityN, REFRACTIVITY_MESSAGE).default(ITM_DEFAULTS.surfaceRefractivityN),
  radio_climate: z.enum(RADIO_CLIMATES, { error: CLIMATE_MESSAGE }).default(DEFAULT_RADIO_CLIMATE),
  polarization: z.enum(POLARIZATIONS, { error: POLARIZATION_MESSAGE }).default(ITM_DEFAULTS.polarization),
  /** Percent of the time, of locations and of situations (confidence) the loss is not exceeded. */
  time_percent: percent(TIME_PERCENT_MESSAGE).default(asPercent(ITM_DEFAULTS.timeFraction)),
  location_percent: percent(LOCATION_PERCENT_MESSAGE).default(asPercent(ITM_DEFAULTS.locationFraction)),
  situation_percent: percent(SITUATION_PERCENT_MESSAGE).default(asPercent(ITM_DEFAULTS.situationFraction)),
});
export type ItmSettings = z.output<typeof itmSettings>;

/** The usual defaults: average ground, 301 N-units, continental temperate, vertical, 50 % / 50 % / 50 %. */
export const DEFAULT_ITM_SETTINGS: ItmSettings = itmSettings.parse({});

/** One clutter class: the height its areas stand above the terrain (metres) and the loss a receiver inside one suffers (dB). */
const clutterClassSettings = (clutterClass: ClutterClass) =>
  z.object(
    {
      height_m: ranged(L.clutterHeightM, clutterHeightMessage(clutterClass)),
      extra_loss_db: ranged(L.clutterExtraLossDb, clutterExtraLossMessage(clutterClass)).default(0),
    },
    { error: clutterHeightMessage(clutterClass) },
  );

/**
 * The classes' usual heights when never saved: trees 15 m, suburban houses 9 m, urban blocks 20 m,
 * open water 0 m (ITU-R P.452's representative clutter heights, rounded), no extra loss.
 */
export const DEFAULT_CLUTTER_CLASSES = {
  trees: { height_m: 15, extra_loss_db: 0 },
  suburban: { height_m: 9, extra_loss_db: 0 },
  urban: { height_m: 20, extra_loss_db: 0 },
  water: { height_m: 0, extra_loss_db: 0 },
} as const satisfies Record<ClutterClass, { height_m: number; extra_loss_db: number }>;

/** Each class of clutter area (common/api/clutterAreas.ts) with its height and extra loss; a class left out takes its default. */
export const CLUTTER_CLASSES_MESSAGE = 'Clutter classes must be an object with trees, suburban, urban and water';

export const clutterClassesSettings = z.object(
  {
    trees: clutterClassSettings('trees').default(DEFAULT_CLUTTER_CLASSES.trees),
    suburban: clutterClassSettings('suburban').default(DEFAULT_CLUTTER_CLASSES.suburban),
    urban: clutterClassSettings('urban').default(DEFAULT_CLUTTER_CLASSES.urban),
    water: clutterClassSettings('water').default(DEFAULT_CLUTTER_CLASSES.water),
  },
  { error: CLUTTER_CLASSES_MESSAGE },
);
export type ClutterClassesSettings = z.output<typeof clutterClassesSettings>;

/** A customer antenna: the receiving end of every wireless answer. */
export const cpeProfile = z.object({
  name: requiredText(L.cpeProfileNameLength, 'Profile name', CPE_NAME_REQUIRED_MESSAGE),
  gain_dbi: ranged(L.cpeGainDbi, CPE_GAIN_MESSAGE),
  /** Metres above the ground at the customer's spot. */
  height_m: ranged(L.cpeHeightM, CPE_HEIGHT_MESSAGE),
  /** The weakest signal this antenna's radio can use, dBm; default the spec's Unusable boundary. */
  least_usable_signal_dbm: ranged(L.leastUsableSignalDbm, LEAST_USABLE_SIGNAL_MESSAGE).default(UNUSABLE_AT_OR_BELOW_DBM),
  is_default: booleanField(IS_DEFAULT_MESSAGE).default(false),
});
export type CpeProfile = z.output<typeof cpeProfile>;

/** Names compare without case: the public results name the profile, and "Dish" and "dish" would read as one. */
const nameKey = (name: string) => name.toLowerCase();

/**
 * GET and PUT /api/settings/radio: the propagation model, ITM's parameters, the clutter height and
 * the CPE profiles. PUT replaces the whole document; a field with a default takes it when left out.
 */
export const radioSettings = z
  .object({
    model: z.enum(RADIO_MODELS, { error: MODEL_MESSAGE }).default('itm'),
    itm: itmSettings.default(DEFAULT_ITM_SETTINGS),
    /** Metres added to the terrain between the ends of every path (trees, buildings). */
    clutter_height_m: ranged(L.clutterHeightM, CLUTTER_HEIGHT_MESSAGE).default(0),
    /** Inside a clutter area, its class's height replaces clutter_height_m; a receiver inside one also loses its extra loss. */
    clutter_classes: clutterClassesSettings.default(DEFAULT_CLUTTER_CLASSES),
    cpe_profiles: z
      .array(cpeProfile, { error: CPE_PROFILE_COUNT_MESSAGE })
      .min(L.cpeProfiles.min, CPE_PROFILE_COUNT_MESSAGE)
      .max(L.cpeProfiles.max, CPE_PROFILE_COUNT_MESSAGE),
    /** Whether every wireless answer adds the calibration fitted to the measurements (issue 21 §3). */
    calibration: booleanField(CALIBRATION_MESSAGE).default(false),
    /** The footprints and the public overlay are drawn where service is at least this likely, percent. */
    reliability_percent: ranged(L.reliabilityPercent, RELIABILITY_MESSAGE).default(DEFAULT_RELIABILITY_PERCENT),
    /** How far a measurement's residual reaches, metres (the spatial correction falls to zero there). */
    calibration_range_m: ranged(L.calibrationRangeM, CALIBRATION_RANGE_MESSAGE).default(DEFAULT_CALIBRATION_RANGE_M),
    /** σ of the service probability while too few measurements tell it, dB. */
    prediction_spread_db: ranged(L.predictionSpreadDb, PREDICTION_SPREAD_MESSAGE).default(DEFAULT_PREDICTION_SPREAD_DB),
  })
  .superRefine((settings, context) => {
    if (settings.cpe_profiles.filter((profile) => profile.is_default).length !== 1) {
      context.addIssue({ code: 'custom', path: ['cpe_profiles'], message: ONE_DEFAULT_PROFILE_MESSAGE });
    }
    const seen = new Set<string>();
    settings.cpe_profiles.forEach((profile, index) => {
      const key = nameKey(profile.name);
      if (seen.has(key)) context.addIssue({ code: 'custom', path: ['cpe_profiles', index, 'name'], message: CPE_NAME_TAKEN_MESSAGE });
      seen.add(key);
    });
  });
export type RadioSettings = z.output<typeof radioSettings>;
export type RadioSettingsInput = z.input<typeof radioSettings>;

const storedClutterClass = z.object({ height_m: z.number(), extra_loss_db: z.number() });

/** The settings as stored and answered (every default filled in). */
export const storedRadioSettings = z.object({
  model: z.enum(RADIO_MODELS),
  itm: z.object({
    relative_permittivity: z.number(),
    conductivity_s_per_m: z.number(),
    surface_refractivity_n: z.number(),
    radio_climate: z.enum(RADIO_CLIMATES),
    polarization: z.enum(POLARIZATIONS),
    time_percent: z.number(),
    location_percent: z.number(),
    situation_percent: z.number(),
  }),
  clutter_height_m: z.number(),
  clutter_classes: z.object({ trees: storedClutterClass, suburban: storedClutterClass, urban: storedClutterClass, water: storedClutterClass }),
  cpe_profiles: z.array(
    z.object({ name: z.string(), gain_dbi: z.number(), height_m: z.number(), least_usable_signal_dbm: z.number(), is_default: z.boolean() }),
  ),
  // Settings saved before issue 21 lack these: their defaults.
  calibration: z.boolean().default(false),
  reliability_percent: z.number().default(DEFAULT_RELIABILITY_PERCENT),
  calibration_range_m: z.number().default(DEFAULT_CALIBRATION_RANGE_M),
  prediction_spread_db: z.number().default(DEFAULT_PREDICTION_SPREAD_DB),
});

/** A long-range dish: 30 dBi at 8 m. */
const DEFAULT_DISH_PROFILE: CpeProfile = {
  name: 'Long-range dish',
  gain_dbi: 30,
  height_m: 8,
  least_usable_signal_dbm: UNUSABLE_AT_OR_BELOW_DBM,
  is_default: false,
};

/**
 * Never saved: ITM with its usual parameters, no clutter, and two profiles: the roof CPE (the
 * default; its gain and height given, from CPE_ANTENNA_GAIN_DBI and FOOTPRINT_RECEIVER_HEIGHT_M, 23
 * dBi and 6 m unless set) and the long-range dish.
 */
export function defaultRadioSettings(roof: { gainDbi: number; heightM: number }): RadioSettings {
  return {
    model: 'itm',
    itm: DEFAULT_ITM_SETTINGS,
    clutter_height_m: 0,
    clutter_classes: DEFAULT_CLUTTER_CLASSES,
    cpe_profiles: [
      { name: 'Roof antenna', gain_dbi: roof.gainDbi, height_m: roof.heightM, least_usable_signal_dbm: UNUSABLE_AT_OR_BELOW_DBM, is_default: true },
      DEFAULT_DISH_PROFILE,
    ],
    calibration: false,
    reliability_percent: DEFAULT_RELIABILITY_PERCENT,
    calibration_range_m: DEFAULT_CALIBRATION_RANGE_M,
    prediction_spread_db: DEFAULT_PREDICTION_SPREAD_DB,
  };
}
