import { LOGO_MAX_BYTES } from '../../../common/api/providers.js';
import { LOGO_SIGNATURE_BYTES, logoImageType } from '../../../common/logoImage.js';

export interface LogoChange {
  /** A new logo to upload. */
  file: File | null;
  /** Delete the saved logo (ignored when a new file is given). */
  remove: boolean;
}

export const LOGO_TOO_LARGE = 'The logo must be at most 2 MB.';
export const LOGO_EMPTY = 'The logo file is empty.';

/** Why the content is refused: the server tells images by their first bytes, never by the name. */
export function logoContentMessage(fileName: string): string {
  return `“${fileName}” is not a PNG, JPEG, WebP or GIF image: its content is not one, whatever its name says. Choose an image file.`;
}

/**
 * Why a chosen logo cannot be used, or null when it can: the server's own rules (size, then the
 * image type its first bytes declare, common/logoImage.ts), told when the file is chosen rather
 * than when the provider is saved.
 */
export async function logoProblem(file: File): Promise<string | null> {
  if (file.size > LOGO_MAX_BYTES) return LOGO_TOO_LARGE;
  if (file.size === 0) return LOGO_EMPTY;
  const head = new Uint8Array(await file.slice(0, LOGO_SIGNATURE_BYTES).arrayBuffer());
  return logoImageType(head) ? null : logoContentMessage(file.name);
}
