import { type TeamSettings } from '../../common/api/audit.js';
import { USER_ROLES, type UserRole } from '../../common/api/users.js';
import type { AuditRecorder } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import { ValidationError } from '../errors.js';
import type { Transactions } from '../db/transactions.js';
import type { TeamSettingsRepository } from './teamSettingsRepository.js';

export const SET_UP_YOUR_OWN_FIRST = 'Turn on two-factor sign-in for your own account (Account) before you require it for your role';

/**
 * The owner's security settings of the team: the roles that must sign in with a second factor
 * (the sign-in enforces them) and how long the audit log keeps its entries. Read from the database
 * each time: another server's change applies at once.
 */
export class TeamSettingsService {
  constructor(
    private readonly deps: {
      repository: Pick<TeamSettingsRepository, 'read' | 'write'>;
      transactions: Transactions;
      audit: AuditRecorder;
      clock: Clock;
    },
  ) {}

  get(): Promise<TeamSettings> {
    return this.deps.repository.read();
  }

  /**
   * Saves validated settings (roles once each, in the roles' order) with their audit entry; returns
   * what was stored. `saver` is the owner saving: requiring a second factor of their own role while
   * they have none would shut them out of every screen but Account, so it is refused.
   */
  async save(input: TeamSettings, saver: { role: UserRole; twoFactorEnabled: boolean }): Promise<TeamSettings> {
    if (input.require_2fa_roles.includes(saver.role) && !saver.twoFactorEnabled) throw new ValidationError(SET_UP_YOUR_OWN_FIRST);
    const settings: TeamSettings = {
      require_2fa_roles: USER_ROLES.filter((role) => input.require_2fa_roles.includes(role)),
      audit_retention_days: input.audit_retention_days,
    };
    await this.deps.transactions.run(async (trx) => {
      const before = await this.deps.repository.read(trx);
      await this.deps.repository.write(settings, this.deps.clock.now().toISOString(), trx);
      await this.deps.audit.record(trx, { entity: 'settings', entityId: 'team', action: 'update', before: { ...before }, after: { ...settings } });
    });
    return settings;
  }

  /** How many days the audit log keeps an entry (the prune's retention). */
  async retentionDays(): Promise<number> {
    return (await this.deps.repository.read()).audit_retention_days;
  }
}
