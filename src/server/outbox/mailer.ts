import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, angle brackets included; nodemailer makes one up when it is absent. */
  messageId?: string;
  /** Extra header lines, e.g. List-Unsubscribe (RFC 8058); names as they are written. */
  headers?: Record<string, string>;
}

/** Outgoing mail, behind a small interface so the rules never see the transport. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * A mailer over SMTP (smtp:// or smtps://user:pass@host:port). The timeouts are far below
 * nodemailer's defaults (2 min to connect, 10 min idle) so a dead server frees its send soon.
 */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}
