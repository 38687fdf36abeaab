import {
  LAST_OWNER,
  PROVIDERS_ONLY_FOR_EDITORS,
  PROVIDERS_REQUIRED,
  type UserChanges,
  USER_NOT_FOUND,
  type UserRole,
  type UserSummary,
} from '../../common/api/users.js';
import type { AuditTrail } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { Executor, Transactions } from '../db/transactions.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import { checkProvidersExist } from './providerCheck.js';
import type { UserRecord, UserRepository } from './userRepository.js';

export interface UserServiceDeps {
  users: UserRepository;
  transactions: Transactions;
  audit: AuditTrail;
  clock: Clock;
}

/** What the audit log keeps of a user's access. */
function accessOf(user: { role: UserRole; provider_ids: readonly number[]; disabled_at: string | null }) {
  return { role: user.role, provider_ids: [...user.provider_ids], disabled: user.disabled_at !== null };
}

/**
 * The team as an owner manages it: roles, a provider editor's providers, disabling and removing.
 * There is always an enabled owner (LAST_OWNER), and a change of role, providers or a disable ends
 * the user's sessions, so what they may do changes at once, not at their next sign-in.
 */
export class UserService {
  constructor(private readonly deps: UserServiceDeps) {}

  list(): Promise<UserSummary[]> {
    return this.deps.users.list();
  }

  async update(id: number, changes: UserChanges): Promise<UserSummary> {
    const now = this.deps.clock.now().toISOString();
    await this.deps.transactions.run(async (trx) => {
      await this.deps.users.lockOwners(trx);
      const user = await this.found(id, trx);
      const role = changes.role ?? user.role;
      const providerIds = await this.providersFor(user, role, changes.provider_ids, trx);
      const disabledAt = changes.disabled === undefined ? user.disabled_at : changes.disabled ? (user.disabled_at ?? now) : null;
      if (role !== 'owner' || disabledAt !== null) await this.keepAnOwner(user, trx);

      await this.deps.users.update(id, { role, disabled_at: disabledAt, now }, trx);
      const providersChanged = providerIds.join() !== user.provider_ids.join();
      if (providersChanged) await this.deps.users.setProviders(id, providerIds, trx);
      if (role !== user.role || providersChanged || (disabledAt !== null && user.disabled_at === null)) {
        await this.deps.users.revokeSessions(id, now, trx);
      }
      await this.deps.audit.record(trx, {
        entity: 'user',
        entityId: id,
        action: 'update',
        before: accessOf(user),
        after: accessOf({ role, provider_ids: providerIds, disabled_at: disabledAt }),
      });
    });
    return (await this.deps.users.list()).find((user) => user.id === id)!;
  }

  async remove(id: number): Promise<void> {
    await this.deps.transactions.run(async (trx) => {
      await this.deps.users.lockOwners(trx);
      const user = await this.found(id, trx);
      await this.keepAnOwner(user, trx);
      await this.deps.users.delete(id, trx);
      await this.deps.audit.record(trx, {
        entity: 'user',
        entityId: id,
        action: 'delete',
        before: { username: user.username, email: user.email, ...accessOf(user) },
      });
    });
  }

  private async found(id: number, trx: Executor): Promise<UserRecord> {
    const user = await this.deps.users.find(id, trx);
    if (!user) throw new NotFoundError(USER_NOT_FOUND);
    return user;
  }

  /** Refuses to take away the last enabled owner (by demoting, disabling or removing them). */
  private async keepAnOwner(user: UserRecord, trx: Executor): Promise<void> {
    if (user.role !== 'owner' || user.disabled_at !== null) return;
    if ((await this.deps.users.countEnabledOwners(trx)) <= 1) throw new ConflictError(LAST_OWNER);
  }

  /** A provider editor's providers after the change (given, or kept when the role stays); none for another role. */
  private async providersFor(user: UserRecord, role: UserRole, given: number[] | undefined, trx: Executor): Promise<number[]> {
    if (role !== 'provider_editor') {
      if (given?.length) throw new ValidationError(PROVIDERS_ONLY_FOR_EDITORS);
      return [];
    }
    const providerIds = given ?? (user.role === 'provider_editor' ? user.provider_ids : []);
    if (providerIds.length === 0) throw new ValidationError(PROVIDERS_REQUIRED);
    return checkProvidersExist(this.deps.users, providerIds, trx);
  }
}
