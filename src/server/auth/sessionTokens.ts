import { createHmac, randomBytes } from 'node:crypto';

/** A new opaque bearer token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: HMAC-SHA256 keyed with the app secret, hex. */
export function tokenHash(token: string, secret: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
