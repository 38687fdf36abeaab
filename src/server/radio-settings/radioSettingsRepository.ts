import { type RadioSettings, radioSettings } from '../../common/api/radioSettings.js';
import { fromJsonText, toJsonText } from '../db/dialect.js';
import type { Executor } from '../db/transactions.js';

/** The app_settings row of the radio settings. */
const KEY = 'radio';

/** SQL for the radio settings (model, ITM's parameters, clutter, CPE profiles), stored as JSON text in app_settings. */
export class RadioSettingsRepository {
  constructor(private readonly db: Executor) {}

  /** The stored settings; undefined when never saved. */
  async read(trx?: Executor): Promise<RadioSettings | undefined> {
    const row = await (trx ?? this.db).selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst();
    return row && fromJsonText(row.value, (value) => radioSettings.parse(value));
  }

  async write(settings: RadioSettings, updatedAt: string, trx?: Executor): Promise<void> {
    const value = toJsonText(settings);
    await (trx ?? this.db)
      .insertInto('app_settings')
      .values({ key: KEY, value, updated_at: updatedAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt }))
      .execute();
  }
}
