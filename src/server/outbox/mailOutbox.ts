import type { Clock } from '../clock.js';
import type { Executor } from '../db/transactions.js';
import { keptCopyOf } from './keptCopy.js';
import type { MailQueue, QueuedMail } from './mailQueue.js';

/**
 * The e-mail outbox: a mail is a row written in the transaction of what caused it, pending until
 * the one sending process has handed it to SMTP. A mail carrying secrets is written with its kept
 * copy beside it, which replaces the stored one once the mail has left the outbox.
 */
export class MailOutbox implements MailQueue {
  private readonly listeners: Array<() => void> = [];

  constructor(private readonly clock: Clock) {}

  async enqueue(mail: QueuedMail, trx: Executor): Promise<void> {
    const now = this.clock.now().toISOString();
    const kept = keptCopyOf(mail);
    await trx
      .insertInto('mail_outbox')
      .values({
        kind: mail.kind,
        to_address: mail.to,
        reply_to: mail.replyTo ?? null,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        unsubscribe_url: mail.unsubscribeUrl ?? null,
        waitlist_entry_id: mail.waitlistEntryId ?? null,
        kept_text_body: kept?.text ?? null,
        kept_html_body: kept?.html ?? null,
        kept_unsubscribe_url: kept?.unsubscribeUrl ?? null,
        invitation_id: mail.invitationId ?? null,
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
    for (const listener of this.listeners) listener();
  }

  /** `listener` runs after each enqueue (before its transaction commits: the sender looks again shortly after, and polls in any case). */
  onEnqueued(listener: () => void): void {
    this.listeners.push(listener);
  }
}
