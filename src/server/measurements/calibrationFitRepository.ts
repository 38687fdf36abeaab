import type { Selectable } from 'kysely';
import type { CalibrationFitsTable } from '../db/schema.js';
import type { Executor } from '../db/transactions.js';

/** The stored fit (migration 0018): the model and the report as JSON text, as the columns hold them. */
export type CalibrationFitRecord = Selectable<CalibrationFitsTable>;

/** The one row's id. */
const FIT_ID = 1;

/** SQL of `calibration_fits`: one row, the latest fit. */
export class CalibrationFitRepository {
  constructor(private readonly db: Executor) {}

  async find(trx?: Executor): Promise<CalibrationFitRecord | undefined> {
    return (trx ?? this.db).selectFrom('calibration_fits').selectAll().where('id', '=', FIT_ID).executeTakeFirst();
  }

  /** The fit's hash of the measurements it was made from, without reading the model. */
  async measurementsHash(trx?: Executor): Promise<string | null> {
    const row = await (trx ?? this.db).selectFrom('calibration_fits').select('measurements_hash').where('id', '=', FIT_ID).executeTakeFirst();
    return row?.measurements_hash ?? null;
  }

  /** Stores a fit in place of the last one. */
  async save(fit: Omit<CalibrationFitRecord, 'id'>, trx?: Executor): Promise<void> {
    await (trx ?? this.db)
      .insertInto('calibration_fits')
      .values({ id: FIT_ID, ...fit })
      .onConflict((oc) => oc.column('id').doUpdateSet(fit))
      .execute();
  }

  /** Forgets the fit (too few measurements left to fit one). */
  async delete(trx?: Executor): Promise<void> {
    await (trx ?? this.db).deleteFrom('calibration_fits').where('id', '=', FIT_ID).execute();
  }
}
