import { type MapStartSetting, mapStartSetting } from '../../common/api/mapStart.js';
import { fromJsonText, toJsonText } from '../db/dialect.js';
import type { Executor } from '../db/transactions.js';

/** The app_settings row of the public map's start. */
const KEY = 'public_map_start';

/** SQL for where the public map opens, stored as JSON text in app_settings. */
export class MapStartRepository {
  constructor(private readonly db: Executor) {}

  /** The stored setting; undefined when never saved. */
  async read(trx?: Executor): Promise<MapStartSetting | undefined> {
    const row = await (trx ?? this.db).selectFrom('app_settings').select('value').where('key', '=', KEY).executeTakeFirst();
    return row && fromJsonText(row.value, (value) => mapStartSetting.parse(value));
  }

  async write(setting: MapStartSetting, updatedAt: string, trx?: Executor): Promise<void> {
    const value = toJsonText(setting);
    await (trx ?? this.db)
      .insertInto('app_settings')
      .values({ key: KEY, value, updated_at: updatedAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: updatedAt }))
      .execute();
  }
}
