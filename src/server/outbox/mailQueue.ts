import type { Executor } from '../db/transactions.js';

/** What an e-mail is, for the log and the admin (mail_outbox.kind). */
export type MailKind =
  'waitlist_confirm' | 'waitlist_live' | 'zone_goal_reached' | 'lead_notice' | 'lead_confirmation' | 'webhook_disabled' | 'user_invitation';

export interface QueuedMail {
  kind: MailKind;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  /**
   * The one-click unsubscribe address of mail to a visitor on a list: sent as the List-Unsubscribe
   * and List-Unsubscribe-Post headers (RFC 8058). Absent for mail to staff.
   */
  unsubscribeUrl?: string | null;
  /** The waitlist entry the mail is for: not sent once it has unsubscribed, deleted with it. */
  waitlistEntryId?: number | null;
  /**
   * The secrets the mail carries (the tokens of its one-time links): the outbox keeps them only
   * while the mail may still be sent (retries included), and replaces each in the stored text,
   * HTML and unsubscribe address once it was sent or given up (keptCopy.ts). URL-safe tokens,
   * each one in the mail. Absent: the stored copy stays as sent.
   */
  secrets?: readonly string[];
  /** The invitation whose one-time link the mail carries: not sent once it was accepted, revoked or expired. */
  invitationId?: number | null;
}

/**
 * Where a domain writes an e-mail: in `trx`, the transaction of what caused it, so it is sent if and
 * only if that committed, and a crash or an SMTP outage loses nothing. One process sends the
 * outbox, with backoff (MailOutbox, outbox/).
 */
export interface MailQueue {
  enqueue(mail: QueuedMail, trx: Executor): Promise<void>;
}
