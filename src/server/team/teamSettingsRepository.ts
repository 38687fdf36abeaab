import { type TeamSettings, teamSettings } from '../../common/api/audit.js';
import { fromJsonText, toJsonText } from '../db/dialect.js';
import type { Executor } from '../db/transactions.js';

/** The one row of team_settings (migration 0019 inserts it). */
const ROW_ID = 1;

/** SQL for the team's security settings. */
export class TeamSettingsRepository {
  constructor(private readonly db: Executor) {}

  async read(trx?: Executor): Promise<TeamSettings> {
    const row = await (trx ?? this.db)
      .selectFrom('team_settings')
      .select(['require_2fa_roles', 'audit_retention_days'])
      .where('id', '=', ROW_ID)
      .executeTakeFirstOrThrow();
    return teamSettings.parse({
      require_2fa_roles: fromJsonText(row.require_2fa_roles, (value) => value),
      audit_retention_days: Number(row.audit_retention_days),
    });
  }

  async write(settings: TeamSettings, updatedAt: string, trx?: Executor): Promise<void> {
    await (trx ?? this.db)
      .updateTable('team_settings')
      .set({ require_2fa_roles: toJsonText(settings.require_2fa_roles), audit_retention_days: settings.audit_retention_days, updated_at: updatedAt })
      .where('id', '=', ROW_ID)
      .execute();
  }
}
