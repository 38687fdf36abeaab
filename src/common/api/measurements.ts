import { z } from 'zod';
import { CLUTTER_CLASSES } from './clutterAreas.js';
import { entityId, numberField, text } from './fields.js';

/**
 * Measured signals and the error report (issue 21). A residual is measured − predicted, dB, one
 * sign everywhere: negative where the map promised more signal than was measured (it overclaims).
 */

/** install: a customer's install (rssi_dbm null: it failed for want of signal); survey: a site survey; drive_test: a drive test's point. */
export const MEASUREMENT_SOURCES = ['install', 'survey', 'drive_test'] as const;
export type MeasurementSource = (typeof MEASUREMENT_SOURCES)[number];

/** The columns of an import's CSV header row (any order; the first six are needed), and of the export. */
export const MEASUREMENT_CSV_COLUMNS = ['lat', 'lng', 'height_m', 'tower', 'sector', 'rssi_dbm', 'measured_at', 'cpe_profile', 'source', 'note'] as const;

/** Most rows one import takes. */
export const MEASUREMENT_IMPORT_MAX_ROWS = 100_000;
/** Most bytes one import's body or file may have (100,000 rows of about 120 characters, with room). */
export const MEASUREMENT_IMPORT_MAX_BYTES = 32 * 1024 * 1024;
/**
 * Most measurements stored in all: an import or an install that would pass it is refused whole.
 * Every stored measurement costs three things that grow with the total (measured on this project's
 * 2-core development machine, bench/calibration.ts's synthetic layout of 40 towers, 8 km discs):
 * the calibration keeps its residual in the stored model, 26.3 bytes of JSON apiece (1.3 MB at
 * 50,000; 13.1 MB at this cap); each fit takes it as a sample (fitCalibration with the service's
 * 10 folds, in-process: 0.8 s at 50,000, 6.1 s and 560 MB resident at this cap, in a worker off
 * the request thread); and the background predicts it again whenever the model's inputs move
 * (bench/measurementPrediction.ts: about 2,300 predictions a second, so some 4 minutes at this
 * cap). Ten imports of the largest size; a network's installs and drive tests for years.
 */
export const MEASUREMENT_MAX_STORED = 500_000;
/** Most row errors an import answers; error_count counts them all. */
export const MEASUREMENT_IMPORT_MAX_ERRORS = 1000;
/** Most points GET /api/measurements/points answers (the newest). */
export const MEASUREMENT_POINTS_LIMIT = 100_000;
/** Fewer measurements with a signal and a prediction than this: no calibration is fitted and the spread stays the setting's. */
export const MIN_CALIBRATION_MEASUREMENTS = 20;

export const MEASUREMENT_RSSI_RANGE = { min: -150, max: 0 } as const;
export const MEASUREMENT_HEIGHT_RANGE = { min: 0.5, max: 100 } as const;

/**
 * One measurement as an import gives it (a CSV row's cells or a JSON object, same names). `tower`
 * is a tower's id or its code; `sector` a sector's name on that tower (absent: the best serving
 * sector is assumed); `height_m` absent: the CPE profile's height; `cpe_profile` a profile's name
 * in the radio settings (absent: the default); `measured_at` an ISO 8601 date or date-time
 * (absent: now); `rssi_dbm` absent only on an install that failed for want of signal.
 */
export const measurementImportRow = z.object({
  lat: numberField(
    z
      .number({ error: 'lat must be a latitude from -90 to 90' })
      .min(-90, 'lat must be a latitude from -90 to 90')
      .max(90, 'lat must be a latitude from -90 to 90'),
  ),
  lng: numberField(
    z
      .number({ error: 'lng must be a longitude from -180 to 180' })
      .min(-180, 'lng must be a longitude from -180 to 180')
      .max(180, 'lng must be a longitude from -180 to 180'),
  ),
  height_m: numberField(
    z
      .number({ error: `height_m must be a number from ${MEASUREMENT_HEIGHT_RANGE.min} to ${MEASUREMENT_HEIGHT_RANGE.max} meters` })
      .min(MEASUREMENT_HEIGHT_RANGE.min, `height_m must be a number from ${MEASUREMENT_HEIGHT_RANGE.min} to ${MEASUREMENT_HEIGHT_RANGE.max} meters`)
      .max(MEASUREMENT_HEIGHT_RANGE.max, `height_m must be a number from ${MEASUREMENT_HEIGHT_RANGE.min} to ${MEASUREMENT_HEIGHT_RANGE.max} meters`),
  ).optional(),
  tower: z.union([z.number().int(), z.string()], { error: 'tower must be a tower id or code' }),
  sector: text(60, 'sector').optional(),
  rssi_dbm: numberField(
    z
      .number({ error: `rssi_dbm must be a number from ${MEASUREMENT_RSSI_RANGE.min} to ${MEASUREMENT_RSSI_RANGE.max} dBm` })
      .min(MEASUREMENT_RSSI_RANGE.min, `rssi_dbm must be a number from ${MEASUREMENT_RSSI_RANGE.min} to ${MEASUREMENT_RSSI_RANGE.max} dBm`)
      .max(MEASUREMENT_RSSI_RANGE.max, `rssi_dbm must be a number from ${MEASUREMENT_RSSI_RANGE.min} to ${MEASUREMENT_RSSI_RANGE.max} dBm`),
  )
    .nullable()
    .optional(),
  measured_at: text(40, 'measured_at').optional(),
  cpe_profile: text(60, 'cpe_profile').optional(),
  source: z.enum(MEASUREMENT_SOURCES, { error: `source must be one of ${MEASUREMENT_SOURCES.join(', ')}` }).default('install'),
  note: text(500, 'note').optional(),
});
export type MeasurementImportRow = z.input<typeof measurementImportRow>;

/** POST /api/measurements/import as JSON. */
export const measurementImportJson = z.object({
  measurements: z
    .array(z.unknown())
    .max(MEASUREMENT_IMPORT_MAX_ROWS, `An import may hold at most ${MEASUREMENT_IMPORT_MAX_ROWS.toLocaleString('en-US')} measurements`),
});

/** A bad row: its line (CSV: the file's line, header = 1; JSON: the item's index + 1), the field and why. */
export const measurementImportError = z.object({ line: z.number(), field: z.string(), message: z.string() });
export type MeasurementImportError = z.infer<typeof measurementImportError>;

export const measurementImportResult = z.object({
  imported_count: z.number(),
  error_count: z.number(),
  /** At most MEASUREMENT_IMPORT_MAX_ERRORS, in line order. */
  errors: z.array(measurementImportError),
});
export type MeasurementImportResult = z.infer<typeof measurementImportResult>;

/** A stored measurement with the current model's prediction there. */
export const measurement = z.object({
  id: z.number(),
  tower_id: z.number(),
  tower_name: z.string(),
  sector_id: z.number().nullable(),
  sector_name: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  height_m: z.number(),
  /** null: an install that failed for want of signal. */
  rssi_dbm: z.number().nullable(),
  measured_at: z.string(),
  cpe_profile: z.string().nullable(),
  source: z.enum(MEASUREMENT_SOURCES),
  note: z.string().nullable(),
  lead_id: z.number().nullable(),
  /** The uncalibrated model's signal, dBm; null while being predicted or out of range. */
  predicted_dbm: z.number().nullable(),
  /** The calibrated model's (the calibration's correction added), dBm; null without a fit. */
  calibrated_dbm: z.number().nullable(),
  /** measured − predicted (uncalibrated), dB. */
  residual_db: z.number().nullable(),
  predicted_line_of_sight: z.boolean().nullable(),
  distance_km: z.number().nullable(),
  /** The clutter class of the spot; null: open ground (or not yet predicted). */
  clutter_class: z.enum(CLUTTER_CLASSES).nullable(),
  /** False until the background has predicted it under the current model. */
  predicted: z.boolean(),
  created_at: z.string(),
});
export type Measurement = z.infer<typeof measurement>;

/** GET /api/measurements, /export, /points and DELETE /api/measurements: filters. */
export const measurementFilters = z.object({
  tower_id: entityId('tower_id must be a tower id').optional(),
  sector_id: entityId('sector_id must be a sector id').optional(),
  source: z.enum(MEASUREMENT_SOURCES, { error: `source must be one of ${MEASUREMENT_SOURCES.join(', ')}` }).optional(),
  /** measured_at on or after this date (YYYY-MM-DD, UTC). */
  from: text(10, 'from').optional(),
  /** measured_at on or before this date (YYYY-MM-DD, UTC). */
  to: text(10, 'to').optional(),
});
export type MeasurementFilters = z.infer<typeof measurementFilters>;

export const measurementListQuery = measurementFilters.extend({
  page: numberField(z.number().int('page must be a whole number').min(1, 'page must be at least 1').max(100_000).default(1)),
  page_size: numberField(
    z.number().int('page_size must be a whole number').min(1, 'page_size must be from 1 to 200').max(200, 'page_size must be from 1 to 200').default(50),
  ),
});
export type MeasurementListQuery = z.infer<typeof measurementListQuery>;

export const measurementPage = z.object({ items: z.array(measurement), total: z.number() });
export type MeasurementPage = z.infer<typeof measurementPage>;

/** A measurement's spot for the residual map (degrees); residual_db null: no prediction yet, or a failed install. */
export const measurementPoint = z.object({
  id: z.number(),
  lat: z.number(),
  lng: z.number(),
  rssi_dbm: z.number().nullable(),
  residual_db: z.number().nullable(),
  source: z.enum(MEASUREMENT_SOURCES),
});
export type MeasurementPoint = z.infer<typeof measurementPoint>;

export const measurementIdParams = z.object({ id: entityId('id must be a measurement id', 'Measurement not found') });

/** The outcome of an install recorded from the leads inbox. */
export const INSTALL_OUTCOMES = ['installed', 'failed'] as const;
export type InstallOutcome = (typeof INSTALL_OUTCOMES)[number];

/**
 * POST /api/leads/{id}/install: the lead's install, recorded as a measurement at the lead's spot
 * (linked to it; a second call replaces it). installed: the signal measured (needed); failed: no
 * signal. The lead's status becomes converted (installed) or closed (failed).
 */
export const leadInstallRequest = z
  .object({
    outcome: z.enum(INSTALL_OUTCOMES, { error: 'outcome must be installed or failed' }),
    tower_id: entityId('Choose the tower the customer was installed from', 'Tower not found'),
    sector_id: entityId('sector_id must be a sector id', 'Sector not found').optional(),
    rssi_dbm: measurementImportRow.shape.rssi_dbm,
    height_m: measurementImportRow.shape.height_m,
    cpe_profile: measurementImportRow.shape.cpe_profile,
    note: measurementImportRow.shape.note,
  })
  .superRefine((install, context) => {
    if (install.outcome === 'installed' && (install.rssi_dbm === undefined || install.rssi_dbm === null)) {
      context.addIssue({ code: 'custom', path: ['rssi_dbm'], message: 'Enter the signal measured at the install, in dBm' });
    }
  });
export type LeadInstallRequest = z.input<typeof leadInstallRequest>;

/** What a lead's inbox row says of its install; null: none recorded. */
export const leadInstall = z
  .object({
    outcome: z.enum(INSTALL_OUTCOMES),
    measurement_id: z.number(),
    rssi_dbm: z.number().nullable(),
    tower_id: z.number(),
    sector_id: z.number().nullable(),
  })
  .nullable();
export type LeadInstall = z.infer<typeof leadInstall>;

/** Bias, spread and RMSE of residuals, dB; null figures when count is 0. */
export const errorFigures = z.object({
  count: z.number(),
  /** Mean residual (measured − predicted), dB: the bias; negative, the model overclaims. */
  mean_error_db: z.number().nullable(),
  /** Standard deviation of the residuals, dB. */
  std_db: z.number().nullable(),
  rmse_db: z.number().nullable(),
});
export type ErrorFigures = z.infer<typeof errorFigures>;

/** One group of a report (a sector, a distance band, a clutter class). */
export const errorGroup = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number(),
  uncalibrated: errorFigures,
  /** Cross-validated; null without a fit. */
  calibrated: errorFigures.nullable(),
});
export type ErrorGroup = z.infer<typeof errorGroup>;

/** The business figure: installs the model called serviceable, and how many of them worked. */
export const serviceableFigures = z.object({
  predicted_serviceable: z.number(),
  successful: z.number(),
  /** successful / predicted_serviceable × 100; null when none was predicted serviceable. */
  success_pct: z.number().nullable(),
});

/** GET /api/measurements/report. */
export const measurementReport = z.object({
  /** Every measurement stored. */
  total: z.number(),
  /** Measurements with a signal and a prediction: what the figures are computed on. */
  count: z.number(),
  /** Awaiting the background's prediction under the current model. */
  pending: z.number(),
  /** Beyond their tower's coverage radius: not predicted, left out. */
  out_of_range: z.number(),
  /** Installs that failed for want of signal (no rssi): in the serviceable figure only. */
  failed_installs: z.number(),
  uncalibrated: errorFigures,
  /** Cross-validated (never the in-sample fit); null with fewer than MIN_CALIBRATION_MEASUREMENTS. */
  calibrated: errorFigures.nullable(),
  validation: z.object({ method: z.enum(['k_fold']), folds: z.number() }),
  by_sector: z.array(errorGroup),
  by_distance_band: z.array(errorGroup),
  by_clutter_class: z.array(errorGroup),
  /** Predicted against measured, at most 2,000 points (an even sample). */
  scatter: z.array(z.object({ predicted_dbm: z.number(), measured_dbm: z.number(), calibrated_dbm: z.number().nullable() })),
  serviceable: z.object({ uncalibrated: serviceableFigures, calibrated: serviceableFigures.nullable() }),
  /** The fitted model's terms, signal dB (positive: measured stronger than predicted); null without a fit. */
  model: z
    .object({
      global_offset_db: z.number(),
      sector_offsets: z.array(
        z.object({ tower_id: z.number(), sector_id: z.number().nullable(), label: z.string(), offset_db: z.number(), count: z.number() }),
      ),
      clutter_offsets_db: z.record(z.string(), z.number()),
      spatial_range_m: z.number(),
      /** The calibrated model's cross-validated RMSE: the σ of the service probability. */
      sigma_db: z.number(),
    })
    .nullable(),
  /** The spread the service probability uses now, dB, and where it comes from. */
  sigma_db: z.number(),
  sigma_source: z.enum(['calibrated', 'uncalibrated', 'setting']),
  fitted_at: z.string().nullable(),
  fit_ms: z.number().nullable(),
});
export type MeasurementReport = z.infer<typeof measurementReport>;
