import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The app_settings row of the embed settings. */
const KEY = 'embed';

/** SQL for the embed settings, stored as JSON text in app_settings. */
export class EmbedSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored JSON text; undefined when never saved. */
  async read(): Promise<string | undefined> {
    const row = await this.db.selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst();
    return row?.value;
  }

  async write(value: string, updatedAt: string): Promise<void> {
    await this.db
      .insertInto('app_settings')
      .values({ key: KEY, value, updated_at: updatedAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt }))
      .execute();
  }
}
