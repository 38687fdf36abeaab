import type { Kysely, Migration } from 'kysely';

/**
 * Issue 20 review: waitlist_entries.confirm_sent_at, when the entry's last confirmation e-mail was
 * queued. Joining again within WAITLIST_RESEND_MS of it sends nothing and keeps that mail's link
 * valid, so repeated sign-ups cannot flood an inbox. null (entries from before): long ago.
 */
export const waitlistConfirmSentMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('waitlist_entries').addColumn('confirm_sent_at', 'text').execute();
  },
};
