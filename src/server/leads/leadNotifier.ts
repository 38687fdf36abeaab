import type { FastifyBaseLogger } from 'fastify';
import { type LeadNotice, leadEmail } from './leadNotice.js';
import type { Mailer } from '../outbox/mailer.js';

/**
 * E-mails each stored lead to whoever should answer it: the provider's contact address, else the
 * site's own LEADS_EMAIL. Sending runs in the background: the visitor never waits for SMTP, and a
 * failure is logged while the lead stays safely in the database.
 */
export class LeadNotifier {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    /** Where leads without a provider address go; without it such leads are only stored. */
    private readonly leadsEmail: string | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts sending and returns at once. */
  leadStored(notice: LeadNotice, providerEmail: string | null): void {
    const to = providerEmail ?? this.leadsEmail;
    if (!to) {
      this.log.info({ leadId: notice.id }, 'lead not e-mailed: no provider contact_email and no LEADS_EMAIL');
      return;
    }
    const sending = this.mailer
      .send(leadEmail(notice, to))
      .then(
        () => this.log.info({ leadId: notice.id }, 'lead e-mailed'),
        (error: unknown) => this.log.error({ err: error, leadId: notice.id }, 'lead e-mail failed; the lead is stored'),
      )
      .finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  /** Lets sends already started finish (bounded by the mailer's timeouts), then closes the mailer. */
  async close(): Promise<void> {
    await Promise.all(this.inFlight);
    this.mailer.close();
  }
}
