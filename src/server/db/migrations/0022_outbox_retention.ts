import type { Kysely, Migration } from 'kysely';

/** What an invitation link's token becomes in a stored copy (users/invitationMail.ts writes the same). */
const REMOVED_TOKEN = 'token=removed-once-sent';
/** An invitation link's token in a mail body: base64url (auth/sessionTokens.ts newToken). */
const TOKEN_IN_LINK = /token=[A-Za-z0-9_-]+/g;

/**
 * Outbox retention:
 * - mail_outbox.kept_text_body and kept_html_body: what the stored copy of a mail says once it has
 *   left the outbox (sent or given up). An invitation keeps its one-time link only while it may
 *   still be sent; null: the bodies are kept as they are.
 * - mail_outbox.invitation_id, the invitation a mail carries the link of: the sender gives the mail
 *   up unsent once the invitation was accepted, revoked or expired. Deleted with it.
 * - Indexes on (status, created_at) of mail_outbox and webhook_deliveries, for the prune of rows
 *   sent, delivered or failed past the retention, and on webhook_deliveries.event_id, for the
 *   prune of events left without a delivery (and the cascade of an event's delete).
 * - Invitation mails stored before: those sent or given up lose the link's token now; pending
 *   ones get kept bodies without it, so it goes once they are sent.
 */
export const outboxRetentionMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('mail_outbox').addColumn('kept_text_body', 'text').execute();
    await db.schema.alterTable('mail_outbox').addColumn('kept_html_body', 'text').execute();
    await db.schema
      .alterTable('mail_outbox')
      .addColumn('invitation_id', 'integer', (c) => c.references('user_invitations.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('mail_outbox_finished').on('mail_outbox').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('webhook_deliveries_finished').on('webhook_deliveries').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').column('event_id').execute();

    // Invitations are created by hand, a handful a deployment: read at once.
    const invitations: Array<{ id: number; status: string; text_body: string; html_body: string }> = await db
      .selectFrom('mail_outbox')
      .select(['id', 'status', 'text_body', 'html_body'])
      .where('kind', '=', 'user_invitation')
      .execute();
    for (const mail of invitations) {
      const text = mail.text_body.replace(TOKEN_IN_LINK, REMOVED_TOKEN);
      const html = mail.html_body.replace(TOKEN_IN_LINK, REMOVED_TOKEN);
      const values = mail.status === 'pending' ? { kept_text_body: text, kept_html_body: html } : { text_body: text, html_body: html };
      await db.updateTable('mail_outbox').set(values).where('id', '=', mail.id).execute();
    }
  },
};
