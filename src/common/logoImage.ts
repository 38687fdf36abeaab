import type { LOGO_TYPES } from './api/providers.js';

export type LogoType = (typeof LOGO_TYPES)[number];

/** How many bytes from the start of a file logoImageType needs: the longest signature (WebP's "RIFF", size, "WEBP"). */
export const LOGO_SIGNATURE_BYTES = 12;

/** What the server answers for a logo whose content is not one of LOGO_TYPES. */
export const LOGO_NOT_AN_IMAGE = 'Logo must be a PNG, JPEG, WebP or GIF image';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = [...'GIF87a'].map((c) => c.charCodeAt(0));
const GIF89 = [...'GIF89a'].map((c) => c.charCodeAt(0));
const RIFF = [...'RIFF'].map((c) => c.charCodeAt(0));
const WEBP = [...'WEBP'].map((c) => c.charCodeAt(0));

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte);
}

/**
 * The image type a logo's first bytes (at least LOGO_SIGNATURE_BYTES of them) declare, or null.
 * The one rule of what a logo is, told by content and never by the file's name or the type a
 * browser claims: the server checks it before storing, the provider dialog when a file is chosen.
 * SVG is not among them: it can carry script.
 */
export function logoImageType(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, PNG)) return 'image/png';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return 'image/gif';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  return null;
}
