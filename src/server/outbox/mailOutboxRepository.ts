import type { ExpressionBuilder } from 'kysely';
import type { DialectName } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import type { DbTransaction, Executor, Transactions } from '../db/transactions.js';

/** A pending mail as the sender hands it to SMTP. */
export interface OutboxMail {
  id: number;
  kind: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  unsubscribeUrl: string | null;
  /** A waitlist mail whose entry has unsubscribed (or is gone) since it was queued: not to be sent. */
  recipientLeft: boolean;
  /** An invitation mail whose invitation was accepted, revoked or expired since it was queued: its link is dead, not to be sent. */
  invitationClosed: boolean;
  /** Failed attempts so far. */
  attempts: number;
  createdAt: string;
}

/**
 * What a mail keeps once it has left the outbox (sent or given up): its kept bodies and unsubscribe
 * address when it has them (a mail whose builder named secrets: its one-time links' tokens
 * removed), which are then dropped; else as they were.
 */
function keptBodies(eb: ExpressionBuilder<Database, 'mail_outbox'>) {
  return {
    text_body: eb.fn.coalesce('kept_text_body', 'text_body'),
    html_body: eb.fn.coalesce('kept_html_body', 'html_body'),
    unsubscribe_url: eb.fn.coalesce('kept_unsubscribe_url', 'unsubscribe_url'),
    kept_text_body: null,
    kept_html_body: null,
    kept_unsubscribe_url: null,
  };
}

/** What the sender does with a claimed mail, in the claim's transaction (PostgreSQL) or after it (SQLite); what it answers is passed on. */
export type ClaimedMailWork<T> = (mail: OutboxMail, trx: Executor) => Promise<T>;

/**
 * The SQL of sending the mail outbox: claim one due mail, mark it sent, or schedule its next attempt.
 * On PostgreSQL the claim is `FOR UPDATE SKIP LOCKED` in a transaction held while the mail is sent:
 * another process skips the row, and should this process die, the lock dies with its connection and
 * the row is due again at once. SQLite has one process per database file, so its sender is the only
 * one, and it claims without a transaction (holding SQLite's one writer through an SMTP exchange
 * would stall every other write).
 */
export class MailOutboxRepository {
  constructor(
    private readonly db: Executor,
    private readonly transactions: Transactions,
    private readonly dialect: DialectName,
  ) {}

  /** Runs `work` on the oldest mail due at `now` and answers what it answered; undefined when none is due. */
  async withDueMail<T>(now: string, work: ClaimedMailWork<T>): Promise<T | undefined> {
    if (this.dialect === 'sqlite') {
      const mail = await this.dueMail(this.db, now, false);
      return mail && work(mail, this.db);
    }
    return this.transactions.run(async (trx: DbTransaction) => {
      const mail = await this.dueMail(trx, now, true);
      return mail && work(mail, trx);
    });
  }

  /** Marks a mail sent; its stored copy becomes the kept one (without the secrets of its links). */
  async markSent(id: number, now: string, trx?: Executor): Promise<void> {
    await (trx ?? this.db)
      .updateTable('mail_outbox')
      .set((eb) => ({ status: 'sent' as const, sent_at: now, finished_at: now, last_error: null, ...keptBodies(eb) }))
      .where('id', '=', id)
      .execute();
  }

  /** Gives a mail up unsent (status failed) at `now` for `reason`, e.g. its waitlist entry unsubscribed. */
  async markSkipped(id: number, reason: string, now: string, trx?: Executor): Promise<void> {
    await (trx ?? this.db)
      .updateTable('mail_outbox')
      .set((eb) => ({ status: 'failed' as const, finished_at: now, last_error: reason, ...keptBodies(eb) }))
      .where('id', '=', id)
      .execute();
  }

  /** Records a failed attempt at `now`: the next one at `nextAttemptAt`, or none (`failed`) when it is null. */
  async markAttemptFailed(id: number, error: string, nextAttemptAt: string | null, now: string, trx?: Executor): Promise<void> {
    await (trx ?? this.db)
      .updateTable('mail_outbox')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        last_error: error.slice(0, 500),
        // A retry is sent from the bodies as queued; giving up keeps what a sent mail would.
        ...(nextAttemptAt === null ? { status: 'failed' as const, finished_at: now, ...keptBodies(eb) } : { next_attempt_at: nextAttemptAt }),
      }))
      .where('id', '=', id)
      .execute();
  }

  private async dueMail(db: Executor, now: string, lock: boolean): Promise<OutboxMail | undefined> {
    let query = db
      .selectFrom('mail_outbox')
      .select([
        'id',
        'kind',
        'to_address',
        'reply_to',
        'subject',
        'text_body',
        'html_body',
        'unsubscribe_url',
        'attempts',
        'created_at',
        'waitlist_entry_id',
        'invitation_id',
      ])
      // Read in the claim: an unsubscribe that committed before it stops the mail.
      .select((eb) =>
        eb
          .selectFrom('waitlist_entries')
          .select('waitlist_entries.status')
          .whereRef('waitlist_entries.id', '=', 'mail_outbox.waitlist_entry_id')
          .as('entry_status'),
      )
      // Likewise an accept or a revoke of the invitation whose link the mail carries.
      .select((eb) =>
        eb
          .selectFrom('user_invitations')
          .select('user_invitations.id')
          .whereRef('user_invitations.id', '=', 'mail_outbox.invitation_id')
          .where('user_invitations.accepted_at', 'is', null)
          .where('user_invitations.revoked_at', 'is', null)
          .where('user_invitations.expires_at', '>', now)
          .as('open_invitation_id'),
      )
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(1);
    if (lock) query = query.forUpdate().skipLocked();
    const row = await query.executeTakeFirst();
    return (
      row && {
        id: row.id,
        kind: row.kind,
        to: row.to_address,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        unsubscribeUrl: row.unsubscribe_url,
        recipientLeft: row.waitlist_entry_id !== null && (row.entry_status ?? 'unsubscribed') === 'unsubscribed',
        invitationClosed: row.invitation_id !== null && row.open_invitation_id === null,
        attempts: row.attempts,
        createdAt: String(row.created_at),
      }
    );
  }
}
