import type { Kysely, Migration } from 'kysely';

/** What a link's token becomes in a stored copy (outbox/keptCopy.ts REMOVED_SECRET, in its link). */
const REMOVED_TOKEN = 'token=removed-once-sent';
/** A waitlist link's token in a mail: base64url (waitlist/waitlistTokens.ts), percent-encoded or not. */
const TOKEN_IN_LINK = /token=[A-Za-z0-9_%-]+/g;
/** Waitlist mails read and rewritten per batch (one transaction each on SQLite). */
const BATCH_ROWS = 500;

interface StoredMail {
  id: number;
  status: string;
  text_body: string;
  html_body: string;
  unsubscribe_url: string | null;
}

/** `mail`'s columns with its links' tokens removed: in place once it has left the outbox, else as its kept copy. */
function withoutTokens(mail: StoredMail) {
  const text = mail.text_body.replace(TOKEN_IN_LINK, REMOVED_TOKEN);
  const html = mail.html_body.replace(TOKEN_IN_LINK, REMOVED_TOKEN);
  const unsubscribe = mail.unsubscribe_url?.replace(TOKEN_IN_LINK, REMOVED_TOKEN) ?? null;
  return mail.status === 'pending'
    ? { kept_text_body: text, kept_html_body: html, kept_unsubscribe_url: unsubscribe }
    : { text_body: text, html_body: html, unsubscribe_url: unsubscribe };
}

/**
 * Waitlist links are not kept once sent:
 * - mail_outbox.kept_unsubscribe_url: what unsubscribe_url becomes once the mail has left the
 *   outbox (sent or given up), beside 0022's kept bodies; null: it stays as it is.
 * - Waitlist mails stored before (confirmations with their confirm and unsubscribe links, "now
 *   available" mails with their unsubscribe link): those sent or given up lose the tokens now;
 *   pending ones get kept copies without them, so they go once sent. One per sign-up and per
 *   match, so possibly many: read a batch at a time.
 */
export const waitlistMailTokensMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('mail_outbox').addColumn('kept_unsubscribe_url', 'text').execute();

    for (let after = 0; ;) {
      const mails: StoredMail[] = await db
        .selectFrom('mail_outbox')
        .select(['id', 'status', 'text_body', 'html_body', 'unsubscribe_url'])
        .where('kind', 'in', ['waitlist_confirm', 'waitlist_live'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH_ROWS)
        .execute();
      if (mails.length === 0) break;
      const rewrite = async (trx: Kysely<any>) => {
        for (const mail of mails) await trx.updateTable('mail_outbox').set(withoutTokens(mail)).where('id', '=', mail.id).execute();
      };
      // PostgreSQL runs the migration in one transaction already; SQLite would commit each update on its own.
      await (db.isTransaction ? rewrite(db) : db.transaction().execute(rewrite));
      after = mails[mails.length - 1]!.id;
    }
  },
};
