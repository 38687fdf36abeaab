import { expect } from 'vitest';
import type { LocalSmtp, ReceivedMail } from '../../test/support/localSmtp.js';

/** The mails the local SMTP server received for `to` whose subject is `subject`, in order of arrival. */
export function mailsTo(smtp: LocalSmtp, to: string, subject: string): ReceivedMail[] {
  return smtp.received.filter((mail) => mail.to.includes(to) && mail.parsed.subject === subject);
}

/**
 * The path and query of the link to `pathname` in a mail's text. Links carry the site's public
 * address (PUBLIC_URL, else HOST:PORT as configured), which is not the live app's random port:
 * the test opens the path and query on the live app's baseUrl instead.
 */
export function linkPathIn(mail: ReceivedMail, pathname: string): string {
  const escaped = pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`https?://[^/\\s]+(${escaped}\\?token=[A-Za-z0-9_%-]+)`).exec(mail.parsed.text ?? '');
  expect(match, mail.parsed.text).not.toBeNull();
  return match![1]!;
}

/** A header as sent, its folded lines joined (mailparser's headerLines keep the raw line). */
export function headerLine(mail: ReceivedMail, name: string): string | undefined {
  return mail.parsed.headerLines.find((header) => header.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ');
}
