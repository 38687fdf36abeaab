import { MEASUREMENT_CSV_COLUMNS, type Measurement } from '../../common/api/measurements.js';
import type { CsvValue } from '../reports/csv.js';

/** The export's columns: the import's first, so an export imports again as it is, then what the server worked out. */
export const MEASUREMENT_EXPORT_COLUMNS = [
  ...MEASUREMENT_CSV_COLUMNS,
  'id',
  'predicted_dbm',
  'calibrated_dbm',
  'residual_db',
  'distance_km',
  'clutter_class',
] as const;

/**
 * One measurement's cells. `tower` is the tower's code when it has one, else its id: an import
 * reads a code first, then a whole number as an id, so either names the same tower again.
 */
export function measurementCsvRow(measurement: Measurement, towerCode: string | null): CsvValue[] {
  return [
    measurement.lat,
    measurement.lng,
    measurement.height_m,
    towerCode ?? measurement.tower_id,
    measurement.sector_name,
    measurement.rssi_dbm,
    measurement.measured_at,
    measurement.cpe_profile,
    measurement.source,
    measurement.note,
    measurement.id,
    measurement.predicted_dbm,
    measurement.calibrated_dbm,
    measurement.residual_db,
    measurement.distance_km,
    measurement.clutter_class,
  ];
}
