import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { Mailer, MailMessage } from './mailer.js';
import type { MailOutboxRepository, OutboxMail } from './mailOutboxRepository.js';

/** Waits after each failed attempt, in order, seconds; the last repeats. */
export const MAIL_RETRY_SECONDS = [30, 120, 600, 3600, 21_600] as const;
/** last_error of a mail given up unsent because its waitlist entry unsubscribed. */
export const MAIL_SKIPPED_UNSUBSCRIBED = 'unsubscribed';
/** last_error of an invitation mail given up unsent because its invitation was accepted, revoked or expired. */
export const MAIL_SKIPPED_INVITATION_CLOSED = 'invitation accepted, revoked or expired';
/** A mail still unsent this long after it was queued is given up (status failed). */
export const MAIL_GIVE_UP_MS = 3 * 24 * 3600_000;
/**
 * MailOutbox.onEnqueued fires inside the enqueuing transaction, before its commit: the sender looks
 * this much later (and polls in any case).
 */
const NUDGE_DELAY_MS = 20;

/** What became of a claimed mail. */
type SendOutcome = 'sent' | 'skipped' | 'failed';

/**
 * An SMTP error's text without e-mail addresses (servers quote the recipient, e.g. "550 <a@b.example>
 * unknown"): it goes to the log and to last_error, which are not the place for visitors' addresses.
 */
export function withoutAddresses(text: string): string {
  return text.replace(/<?[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+>?/g, '<address>');
}

/** When the next attempt of a mail that has now failed `attempts` times is due; null: give up. */
export function nextAttemptAfter(attempts: number, createdAt: Date, now: Date): Date | null {
  const seconds = MAIL_RETRY_SECONDS[Math.min(attempts, MAIL_RETRY_SECONDS.length) - 1] ?? MAIL_RETRY_SECONDS[0];
  const next = new Date(now.getTime() + seconds * 1000);
  return next.getTime() - createdAt.getTime() > MAIL_GIVE_UP_MS ? null : next;
}

/**
 * The Message-ID of an outbox row, the same each time it is sent: a mail sent again after a crash
 * (SMTP took it, the process died before marking it sent) is recognisable as the same mail. The
 * hash of created_at keeps it unique where row ids start again (another database, a reset one).
 */
export function messageIdOf(mail: Pick<OutboxMail, 'id' | 'createdAt'>, host: string): string {
  const stamp = createHash('sha256').update(mail.createdAt).digest('hex').slice(0, 16);
  return `<outbox-${mail.id}.${stamp}@${host}>`;
}

/**
 * The SMTP message of an outbox mail: its stable Message-ID (`host`: PUBLIC_URL's), and RFC 8058's
 * one-click headers when it has an unsubscribe address.
 */
export function messageOf(mail: OutboxMail, host: string): MailMessage {
  return {
    messageId: messageIdOf(mail, host),
    to: mail.to,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.unsubscribeUrl ? { headers: { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
  };
}

export interface MailSenderDeps {
  repository: Pick<MailOutboxRepository, 'withDueMail' | 'markSent' | 'markAttemptFailed' | 'markSkipped'>;
  /** null without SMTP_URL: nothing is sent, the mails stay pending. */
  mailer: Mailer | null;
  /** The host name in Message-IDs: PUBLIC_URL's. */
  messageIdHost: string;
  /** How often other processes' mails (and retries that came due) are looked for, ms. */
  pollMs: number;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Sends the mail outbox: every due mail, oldest first, one at a time, then waits for a nudge (a
 * mail this process queued) or the poll. A failed send is tried again later (MAIL_RETRY_SECONDS),
 * and given up after three days; it also ends the pass, so an SMTP outage costs one connect
 * timeout a poll rather than one for every due mail in a row. Nothing escapes the loop: a failing database is logged and the
 * loop goes on at the next poll.
 */
export class MailSender {
  private running: Promise<void> | null = null;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private wakeUp: (() => void) | null = null;
  /** A nudge came while mail was being sent: the next wait is a short one. */
  private nudged = false;

  constructor(private readonly deps: MailSenderDeps) {}

  start(): void {
    if (!this.deps.mailer) {
      this.deps.log.warn('SMTP_URL is not set: e-mails stay queued in the outbox until it is');
      return;
    }
    this.stopped = false;
    this.running = this.loop(this.deps.mailer);
  }

  /** Looks for due mail shortly (after the enqueuing transaction has committed). */
  nudge(): void {
    if (!this.running || this.stopped) return;
    // Waiting: look shortly. Sending: the wait after this pass is a short one (the mail may have
    // committed after the pass looked).
    if (this.wakeUp) this.sleepFor(NUDGE_DELAY_MS);
    else this.nudged = true;
  }

  /** Stops after the mail being sent, if any, and closes the SMTP pool. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.sleepFor(0);
    await this.running;
    this.running = null;
    this.deps.mailer?.close();
  }

  private async loop(mailer: Mailer): Promise<void> {
    while (!this.stopped) {
      try {
        while (!this.stopped) {
          const outcome = await this.sendOne(mailer);
          if (outcome === undefined || outcome === 'failed') break;
        }
      } catch (error) {
        this.deps.log.error({ err: error }, 'mail outbox not read; trying again at the next poll');
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        this.wakeUp = resolve;
        this.sleepFor(this.nudged ? NUDGE_DELAY_MS : this.deps.pollMs);
        this.nudged = false;
      });
    }
  }

  /** (Re)sets the wait to end in `ms`, or earlier than it would have. */
  private sleepFor(ms: number): void {
    const wake = this.wakeUp;
    if (!wake) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wakeUp = null;
      wake();
    }, ms);
  }

  /** Sends the oldest due mail; undefined when none was due. */
  private sendOne(mailer: Mailer): Promise<SendOutcome | undefined> {
    const now = this.deps.clock.now();
    return this.deps.repository.withDueMail(now.toISOString(), async (mail, trx): Promise<SendOutcome> => {
      if (mail.recipientLeft) {
        await this.deps.repository.markSkipped(mail.id, MAIL_SKIPPED_UNSUBSCRIBED, now.toISOString(), trx);
        this.deps.log.info({ mailId: mail.id, kind: mail.kind }, 'e-mail not sent: its waitlist entry unsubscribed');
        return 'skipped';
      }
      if (mail.invitationClosed) {
        await this.deps.repository.markSkipped(mail.id, MAIL_SKIPPED_INVITATION_CLOSED, now.toISOString(), trx);
        this.deps.log.info({ mailId: mail.id, kind: mail.kind }, 'e-mail not sent: its invitation was accepted, revoked or expired');
        return 'skipped';
      }
      try {
        await mailer.send(messageOf(mail, this.deps.messageIdHost));
      } catch (error) {
        const attempts = mail.attempts + 1;
        const failedAt = this.deps.clock.now();
        const next = nextAttemptAfter(attempts, new Date(mail.createdAt), failedAt);
        const reason = withoutAddresses(error instanceof Error ? error.message : String(error));
        await this.deps.repository.markAttemptFailed(mail.id, reason, next?.toISOString() ?? null, failedAt.toISOString(), trx);
        // The mail's id and kind only: addresses are the visitors'.
        if (next) this.deps.log.warn({ mailId: mail.id, kind: mail.kind, attempts, next: next.toISOString(), err: reason }, 'e-mail not sent; will retry');
        else this.deps.log.error({ mailId: mail.id, kind: mail.kind, attempts, err: reason }, 'e-mail given up after three days');
        return 'failed';
      }
      await this.deps.repository.markSent(mail.id, this.deps.clock.now().toISOString(), trx);
      this.deps.log.info({ mailId: mail.id, kind: mail.kind }, 'e-mail sent');
      return 'sent';
    });
  }
}
