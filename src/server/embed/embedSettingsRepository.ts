import { type EmbedSettings, embedSettings } from '../../common/api/embedSettings.js';
import { fromJsonText, toJsonText } from '../db/dialect.js';
import type { Executor } from '../db/transactions.js';

/** The app_settings row of the embed settings. */
const KEY = 'embed';

/** SQL for the embed settings, stored as JSON text in app_settings. */
export class EmbedSettingsRepository {
  constructor(private readonly db: Executor) {}

  /** The stored settings; undefined when never saved. */
  async read(trx?: Executor): Promise<EmbedSettings | undefined> {
    const row = await (trx ?? this.db).selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst();
    return row && fromJsonText(row.value, (value) => embedSettings.parse(value));
  }

  async write(settings: EmbedSettings, updatedAt: string, trx?: Executor): Promise<void> {
    const value = toJsonText(settings);
    await (trx ?? this.db)
      .insertInto('app_settings')
      .values({ key: KEY, value, updated_at: updatedAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt }))
      .execute();
  }
}
