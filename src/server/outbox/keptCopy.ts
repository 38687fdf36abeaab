import type { QueuedMail } from './mailQueue.js';

/** What each secret of a mail becomes in its stored copy once the mail has left the outbox. */
export const REMOVED_SECRET = 'removed-once-sent';

/**
 * A secret the outbox can find wherever the mail carries it: URL-safe characters (base64url,
 * hex) read the same in a link, percent-encoded or not, in text and in HTML; 16 characters at
 * least, so it never matches ordinary words.
 */
const FINDABLE_SECRET = /^[A-Za-z0-9_-]{16,512}$/;

/** Secrets one mail may name: a confirmation carries two links, none carries more than a few. */
export const MAX_SECRETS = 4;

/** The stored copy of a mail once it has been sent or given up, its secrets replaced. */
export interface KeptCopy {
  text: string;
  html: string;
  unsubscribeUrl: string | null;
}

/**
 * The `token` query parameter of a one-time link (an invitation's, a waitlist confirmation's or
 * unsubscribe link), for a mail builder to name as a secret. Throws for a link without one.
 */
export function tokenOfLink(url: string): string {
  const token = new URL(url).searchParams.get('token');
  if (!token) throw new Error('A one-time link without a token');
  return token;
}

function withoutSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((kept, secret) => kept.replaceAll(secret, REMOVED_SECRET), text);
}

/**
 * What the outbox keeps of `mail` once it has left it: its text, HTML and unsubscribe address with
 * every secret its builder named replaced by REMOVED_SECRET; null for a mail without secrets (its
 * copy stays as sent). Throws, failing the enqueue and the change that queued it, for a secret it
 * could not reliably remove: one that is not URL-safe, not in the mail at all (a builder naming
 * the wrong string would otherwise leave the real one in clear), or in its subject (kept as sent).
 */
export function keptCopyOf(mail: Pick<QueuedMail, 'kind' | 'subject' | 'text' | 'html' | 'unsubscribeUrl' | 'secrets'>): KeptCopy | null {
  const secrets = mail.secrets ?? [];
  if (secrets.length === 0) return null;
  if (secrets.length > MAX_SECRETS) throw new Error(`A ${mail.kind} mail names ${secrets.length} secrets; at most ${MAX_SECRETS}`);
  const unsubscribeUrl = mail.unsubscribeUrl ?? null;
  for (const secret of secrets) {
    if (!FINDABLE_SECRET.test(secret)) throw new Error(`A ${mail.kind} mail names a secret that is not a URL-safe token of 16 to 512 characters`);
    if (![mail.text, mail.html, unsubscribeUrl ?? ''].some((part) => part.includes(secret))) {
      throw new Error(`A ${mail.kind} mail names a secret it does not carry`);
    }
    if (mail.subject.includes(secret)) throw new Error(`A ${mail.kind} mail carries a secret in its subject`);
  }
  return {
    text: withoutSecrets(mail.text, secrets),
    html: withoutSecrets(mail.html, secrets),
    unsubscribeUrl: unsubscribeUrl === null ? null : withoutSecrets(unsubscribeUrl, secrets),
  };
}
