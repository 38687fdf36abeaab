import { LOGO_MAX_BYTES, LOGO_TYPES } from '../../../common/api/providers.js';

export interface LogoChange {
  /** A new logo to upload. */
  file: File | null;
  /** Delete the saved logo (ignored when a new file is given). */
  remove: boolean;
}

/** Why a chosen logo cannot be used, or null when it can (the server checks the content too). */
export function logoProblem(file: File): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'The logo must be a PNG, JPEG, WebP or GIF image.';
  if (file.size > LOGO_MAX_BYTES) return 'The logo must be at most 2 MB.';
  if (file.size === 0) return 'The logo file is empty.';
  return null;
}
