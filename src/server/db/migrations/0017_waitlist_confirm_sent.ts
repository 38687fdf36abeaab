import type { Kysely, Migration } from 'kysely';

/**
 * Issue 20 review:
 * - waitlist_entries.confirm_sent_at, when the entry's last confirmation e-mail was queued. Joining
 *   again within WAITLIST_RESEND_MS of it sends nothing and keeps that mail's link valid, so
 *   repeated sign-ups cannot flood an inbox. null (entries from before): long ago.
 * - mail_outbox.waitlist_entry_id, the entry a waitlist mail is for: the sender skips a mail whose
 *   entry has unsubscribed since it was queued. Deleting an entry (the purge of unconfirmed ones,
 *   the admin's delete) deletes its mails with it: a queued one is never sent, and no copy of the
 *   address is kept. Indexed, so that cascade does not scan the outbox.
 */
export const waitlistConfirmSentMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('waitlist_entries').addColumn('confirm_sent_at', 'text').execute();
    await db.schema
      .alterTable('mail_outbox')
      .addColumn('waitlist_entry_id', 'integer', (c) => c.references('waitlist_entries.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('mail_outbox_waitlist_entry').on('mail_outbox').column('waitlist_entry_id').execute();
  },
};
