import {
  type AcceptedInvitation,
  type AcceptInvitationRequest,
  type CreatedInvitation,
  INVITATION_EXPIRED,
  INVITATION_INVALID,
  INVITATION_LIMIT_MESSAGE,
  INVITATION_MAX_ENDED,
  INVITATION_MAX_PENDING,
  INVITATION_NOT_FOUND,
  INVITATION_TTL_MS,
  INVITATION_USED,
  type InvitationSummary,
  USER_LIMIT_MESSAGE,
  USER_MAX_ACCOUNTS,
  type UserRole,
  USERNAME_TAKEN,
} from '../../common/api/users.js';
import { passwordProblem } from '../../common/passwordPolicy.js';
import type { AuditTrail } from '../audit/auditTrail.js';
import { hashPassword } from '../auth/passwords.js';
import { newToken, tokenHash } from '../auth/sessionTokens.js';
import type { Clock } from '../clock.js';
import type { Executor, Transactions } from '../db/transactions.js';
import { ConflictError, NotFoundError, ValidationError } from '../errors.js';
import type { MailQueue } from '../outbox/mailQueue.js';
import { invitationMail } from './invitationMail.js';
import type { InvitationRecord, InvitationRepository } from './invitationRepository.js';
import { checkProvidersExist } from './providerCheck.js';
import type { UserRepository } from './userRepository.js';

export interface InvitationServiceDeps {
  invitations: InvitationRepository;
  users: UserRepository;
  transactions: Transactions;
  audit: AuditTrail;
  /** The mail outbox when SMTP is configured; null: the owner copies the link instead. */
  mail: MailQueue | null;
  /** The app secret: tokens are kept as its HMAC, like session tokens. */
  secret: string;
  /**
   * The site's public address (PUBLIC_URL), without a trailing slash: the base of the link; null
   * when unset, then the origin the owner's request came to (what their browser shows).
   */
  publicUrl: string | null;
  clock: Clock;
}

export interface NewInvitationInput {
  email: string;
  role: UserRole;
  provider_ids?: number[] | undefined;
}

function summaryOf(record: InvitationRecord): InvitationSummary {
  const { id, email, role, provider_ids, created_at, expires_at, invited_by } = record;
  return { id, email, role, provider_ids, created_at, expires_at, invited_by };
}

/**
 * An owner's invitations: a one-time link (72 h) where the invitee chooses a username and a
 * password and becomes a user with the invitation's role and providers. Only the token's hash is
 * kept, so the link is shown once (and e-mailed when SMTP is set). Bounded: at most
 * INVITATION_MAX_PENDING invitations wait at once (expired ones do not count) and the team holds
 * at most USER_MAX_ACCOUNTS users; past either an invitation is refused (409). Each invitation
 * deletes the ended ones (used, revoked, expired) past the newest INVITATION_MAX_ENDED.
 */
export class InvitationService {
  constructor(private readonly deps: InvitationServiceDeps) {}

  private now(): string {
    return this.deps.clock.now().toISOString();
  }

  async listPending(): Promise<InvitationSummary[]> {
    return (await this.deps.invitations.listPending(this.now())).map(summaryOf);
  }

  /** Creates the invitation (and queues its e-mail in the same transaction): its link, shown this once. */
  async invite(input: NewInvitationInput, invitedBy: { userId: number; username: string }, requestOrigin: string): Promise<CreatedInvitation> {
    const token = newToken();
    const invitationUrl = `${this.deps.publicUrl ?? requestOrigin}/admin/invitation?token=${token}`;
    const now = this.now();
    const expiresAt = new Date(Date.parse(now) + INVITATION_TTL_MS).toISOString();
    const providerIds = input.role === 'provider_editor' ? (input.provider_ids ?? []) : [];
    const { mail } = this.deps;
    const invitation = await this.deps.transactions.run(async (trx) => {
      await this.roomForAnotherUser(trx);
      if ((await this.deps.invitations.countPending(now, trx)) >= INVITATION_MAX_PENDING) throw new ConflictError(INVITATION_LIMIT_MESSAGE);
      await this.deps.invitations.deleteEndedBeyond(INVITATION_MAX_ENDED, now, trx);
      await checkProvidersExist(this.deps.users, providerIds, trx);
      const id = await this.deps.invitations.insert(
        {
          email: input.email.toLowerCase(),
          role: input.role,
          provider_ids: providerIds,
          token_hash: tokenHash(token, this.deps.secret),
          invited_by: invitedBy.userId,
          now,
          expires_at: expiresAt,
        },
        trx,
      );
      const created = summaryOf((await this.deps.invitations.find(id, trx))!);
      await this.deps.audit.record(trx, { entity: 'invitation', entityId: id, action: 'create', after: { ...created } });
      if (mail) {
        await mail.enqueue(
          invitationMail({ to: created.email, role: created.role, invitedBy: invitedBy.username, invitationId: id, invitationUrl, expiresAt }),
          trx,
        );
      }
      return created;
    });
    return { invitation, invitation_url: invitationUrl, emailed: mail !== null };
  }

  async revoke(id: number): Promise<void> {
    await this.deps.transactions.run(async (trx) => {
      const invitation = await this.deps.invitations.find(id, trx);
      if (!invitation || !(await this.deps.invitations.revoke(id, this.now(), trx))) throw new NotFoundError(INVITATION_NOT_FOUND);
      await this.deps.audit.record(trx, { entity: 'invitation', entityId: id, action: 'revoke', before: { ...summaryOf(invitation) } });
    });
  }

  /**
   * The invitee's answer: a new user with the invitation's role, e-mail and providers, created in
   * one transaction with marking the invitation used (so it is used once, even by two at once).
   */
  async accept(request: AcceptInvitationRequest, ipAddress: string): Promise<AcceptedInvitation> {
    const hash = tokenHash(request.token, this.deps.secret);
    const invitation = this.usable(await this.deps.invitations.findByTokenHash(hash));
    if (await this.deps.users.usernameExists(request.username)) throw new ConflictError(USERNAME_TAKEN);
    const problem = passwordProblem(request.password, [request.username, invitation.email]);
    if (problem) throw new ValidationError(problem);
    const passwordHash = await hashPassword(request.password);
    return this.deps.transactions.run(async (trx) => {
      const current = this.usable(await this.deps.invitations.findByTokenHash(hash, trx));
      if (await this.deps.users.usernameExists(request.username, trx)) throw new ConflictError(USERNAME_TAKEN);
      await this.roomForAnotherUser(trx);
      const now = this.now();
      const providerIds = await checkProvidersExist(this.deps.users, current.provider_ids, trx, { dropMissing: true });
      const userId = await this.deps.users.insert(
        { username: request.username, email: current.email, password_hash: passwordHash, role: current.role, now },
        trx,
      );
      await this.deps.users.setProviders(userId, providerIds, trx);
      if (!(await this.deps.invitations.markAccepted(current.id, userId, now, trx))) throw new ValidationError(INVITATION_USED);
      // The invitee acts here (a public route has no signed-in actor).
      const actor = { userId, username: request.username, ip: ipAddress };
      await this.deps.audit.record(trx, { entity: 'invitation', entityId: current.id, action: 'accept', after: { accepted_user_id: userId } }, actor);
      const after = { username: request.username, email: current.email, role: current.role, provider_ids: providerIds };
      await this.deps.audit.record(trx, { entity: 'user', entityId: userId, action: 'create', after }, actor);
      return { username: request.username, role: current.role };
    });
  }

  /**
   * Refuses a new user (an invitation, or accepting one sent while there was room) once the team
   * has USER_MAX_ACCOUNTS. The owners' rows are locked first (PostgreSQL), so two
   * invitations or acceptances at once count one after the other and cannot both take the last
   * place; the invitations' own cap is counted under the same lock.
   */
  private async roomForAnotherUser(trx: Executor): Promise<void> {
    await this.deps.users.lockOwners(trx);
    if ((await this.deps.users.count(trx)) >= USER_MAX_ACCOUNTS) throw new ConflictError(USER_LIMIT_MESSAGE);
  }

  /** The invitation if its link still works; else why not, in the words the accept page shows. */
  private usable(invitation: InvitationRecord | undefined): InvitationRecord {
    if (!invitation || invitation.revoked_at !== null) throw new ValidationError(INVITATION_INVALID);
    if (invitation.accepted_at !== null) throw new ValidationError(INVITATION_USED);
    if (invitation.expires_at <= this.now()) throw new ValidationError(INVITATION_EXPIRED);
    return invitation;
  }
}
