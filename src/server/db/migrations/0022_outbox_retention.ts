import type { Kysely, Migration } from 'kysely';

/** What an invitation link's token becomes in a stored copy (users/invitationMail.ts writes the same). */
const REMOVED_TOKEN = 'token=removed-once-sent';
/** An invitation link's token in a mail body: base64url (auth/sessionTokens.ts newToken). */
const TOKEN_IN_LINK = /token=[A-Za-z0-9_-]+/g;
/** How long after its invitation's row an invitation mail was queued at most, ms: the same transaction (users/invitationService.ts invite). */
const INVITATION_MAIL_WITHIN_MS = 1000;

interface StoredInvitation {
  id: number;
  email: string;
  created_at: string;
}

/** The invitation a mail queued at `queuedAt` to `to` carries the link of: the newest to that address created just before; undefined when none. */
function invitationOf(invitations: readonly StoredInvitation[], to: string, queuedAt: string): number | undefined {
  const queuedMs = Date.parse(queuedAt);
  const candidates = invitations.filter((invitation) => {
    const createdMs = Date.parse(invitation.created_at);
    return invitation.email === to.toLowerCase() && createdMs <= queuedMs && queuedMs - createdMs <= INVITATION_MAIL_WITHIN_MS;
  });
  return candidates.sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))[0]?.id;
}

/**
 * Outbox retention:
 * - mail_outbox.kept_text_body and kept_html_body: what the stored copy of a mail says once it has
 *   left the outbox (sent or given up). An invitation keeps its one-time link only while it may
 *   still be sent; null: the bodies are kept as they are.
 * - mail_outbox.invitation_id, the invitation a mail carries the link of: the sender gives the mail
 *   up unsent once the invitation was accepted, revoked or expired. Deleted with it; indexed, so
 *   the cascade of an invitation's delete does not scan the outbox.
 * - mail_outbox.finished_at, when a mail was sent or given up (null while pending): the retention
 *   counts from it, so a mail that waited long is still kept a month after it went.
 * - Indexes on mail_outbox.finished_at and webhook_deliveries (status, created_at), for the prune of
 *   rows sent, delivered or failed past the retention, and on webhook_deliveries.event_id, for the
 *   prune of events left without a delivery (and the cascade of an event's delete).
 * - Mails stored before: those sent or given up finished at their sent_at, else at their last
 *   attempt's time (next_attempt_at; a mail skipped or given up is not scheduled again).
 * - Invitation mails stored before: those sent or given up lose the link's token now; pending
 *   ones get kept bodies without it, so it goes once they are sent. Each is linked to its
 *   invitation: the one to its address created in the same transaction (INVITATION_MAIL_WITHIN_MS
 *   before it). The token hash would match exactly, but it is keyed by the app secret (an HMAC),
 *   which migrations lack.
 */
export const outboxRetentionMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('mail_outbox').addColumn('kept_text_body', 'text').execute();
    await db.schema.alterTable('mail_outbox').addColumn('kept_html_body', 'text').execute();
    await db.schema
      .alterTable('mail_outbox')
      .addColumn('invitation_id', 'integer', (c) => c.references('user_invitations.id').onDelete('cascade'))
      .execute();
    await db.schema.alterTable('mail_outbox').addColumn('finished_at', 'text').execute();
    await db
      .updateTable('mail_outbox')
      .set((eb) => ({ finished_at: eb.fn.coalesce('sent_at', 'next_attempt_at') }))
      .where('status', 'in', ['sent', 'failed'])
      .execute();
    await db.schema.createIndex('mail_outbox_finished').on('mail_outbox').column('finished_at').execute();
    await db.schema.createIndex('mail_outbox_invitation').on('mail_outbox').column('invitation_id').execute();
    await db.schema.createIndex('webhook_deliveries_finished').on('webhook_deliveries').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').column('event_id').execute();

    // Invitations are created by hand, a handful a deployment (and ended ones are deleted beyond a
    // bound): they and their mails are read at once.
    const invitations: StoredInvitation[] = await db.selectFrom('user_invitations').select(['id', 'email', 'created_at']).execute();
    const mails: Array<{ id: number; status: string; to_address: string; created_at: string; text_body: string; html_body: string }> = await db
      .selectFrom('mail_outbox')
      .select(['id', 'status', 'to_address', 'created_at', 'text_body', 'html_body'])
      .where('kind', '=', 'user_invitation')
      .execute();
    for (const mail of mails) {
      const text = mail.text_body.replace(TOKEN_IN_LINK, REMOVED_TOKEN);
      const html = mail.html_body.replace(TOKEN_IN_LINK, REMOVED_TOKEN);
      const bodies = mail.status === 'pending' ? { kept_text_body: text, kept_html_body: html } : { text_body: text, html_body: html };
      const invitationId = invitationOf(invitations, mail.to_address, mail.created_at) ?? null;
      await db
        .updateTable('mail_outbox')
        .set({ ...bodies, invitation_id: invitationId })
        .where('id', '=', mail.id)
        .execute();
    }
  },
};
