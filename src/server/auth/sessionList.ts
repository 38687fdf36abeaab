import type { SessionSummary } from '../../common/api/auth.js';
import type { AuditTrail } from '../audit/auditTrail.js';
import type { Clock } from '../clock.js';
import type { Transactions } from '../db/transactions.js';
import { NotFoundError } from '../errors.js';
import type { AdminPrincipal } from './authService.js';
import { browserLabel } from './browserLabel.js';
import { userInOwnersReach } from './ownersReach.js';
import type { SessionRepository } from './sessionRepository.js';

const SESSION_NOT_FOUND = 'Session not found';

/** A user's signed-in sessions: each user sees and ends their own; an owner, anyone's. */
export class SessionList {
  constructor(
    private readonly repo: SessionRepository,
    private readonly transactions: Transactions,
    private readonly audit: AuditTrail,
    private readonly clock: Clock,
  ) {}

  /** The sessions of `userId` as `viewer` sees them (`current`: the one the viewer is using). */
  async list(viewer: AdminPrincipal, userId: number): Promise<SessionSummary[]> {
    await this.mayManage(viewer, userId);
    const rows = await this.repo.listLive(userId, this.clock.now().toISOString());
    return rows.map((row) => ({
      id: row.id,
      browser: browserLabel(row.userAgent),
      ip_address: row.ipAddress,
      created_at: row.createdAt,
      last_seen_at: row.lastSeenAt,
      current: row.id === viewer.sessionId,
    }));
  }

  /** Ends a session of `userId`: its token answers 401 from now on (ending one's current session signs out). */
  async end(actor: AdminPrincipal, userId: number, sessionId: number): Promise<void> {
    await this.mayManage(actor, userId);
    const now = this.clock.now().toISOString();
    await this.transactions.run(async (trx) => {
      const session = await this.repo.findLive(userId, sessionId, now, trx);
      if (!session) throw new NotFoundError(SESSION_NOT_FOUND);
      await this.repo.revoke(trx, sessionId, now);
      await this.audit.record(trx, {
        entity: 'session',
        entityId: sessionId,
        action: 'session_ended',
        before: { user_id: userId, browser: browserLabel(session.userAgent), ip_address: session.ipAddress },
      });
    });
  }

  private async mayManage(actor: AdminPrincipal, userId: number): Promise<void> {
    if (actor.userId === userId) return;
    await userInOwnersReach(actor, () => this.repo.findUser(userId));
  }
}
