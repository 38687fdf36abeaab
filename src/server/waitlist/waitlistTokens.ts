import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A confirmation link's token: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256, hex (a leaked table opens no link). */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * An entry's unsubscribe token: 32 bytes (HMAC-SHA256 of its dedupe key under the app secret),
 * base64url. Derived rather than random so that every later e-mail (the "now available" one, sent
 * long after the token's hash was stored) can carry the same working link; unguessable without
 * the secret, and only its hash is stored.
 */
export function unsubscribeToken(secret: string, dedupeKey: string): string {
  return createHmac('sha256', secret).update(`waitlist-unsubscribe\n${dedupeKey}`).digest('base64url');
}

/**
 * The same person waiting at the same spot for the same thing is one entry: the lower-cased
 * e-mail, the spot to 5 decimals (about a metre), the provider and the zone.
 */
export function dedupeKeyOf(entry: { email: string; lat: number; lng: number; provider_id: number | null; zone_id: number | null }): string {
  return [entry.email.toLowerCase(), `${entry.lat.toFixed(5)},${entry.lng.toFixed(5)}`, entry.provider_id ?? '', entry.zone_id ?? ''].join('|');
}
