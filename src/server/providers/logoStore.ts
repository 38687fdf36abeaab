import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LOGO_NOT_AN_IMAGE, logoImageType, type LogoType } from '../../common/logoImage.js';
import { ValidationError } from '../errors.js';
import { OWNER_ONLY_DIR, OWNER_ONLY_FILE } from '../ownerOnlyFiles.js';

/** The file extension of each image type a logo may be, told by its content (common/logoImage.ts). */
const EXTENSIONS: Record<LogoType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
const CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.entries(EXTENSIONS).map(([mime, ext]) => [ext, mime]));
/** The folder of logos inside DATA_DIR. */
export const LOGOS_FOLDER = 'logos';
const LOGO_NAME = /^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/;

/** Provider logos in DATA_DIR/logos under generated names ("<uuid>.<ext>"). */
export class LogoStore {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, LOGOS_FOLDER);
  }

  /** Checks the bytes are a PNG, JPEG, WebP or GIF image and stores them; returns the new file name. */
  async save(bytes: Buffer): Promise<string> {
    const type = logoImageType(bytes);
    if (!type) throw new ValidationError(LOGO_NOT_AN_IMAGE);
    const ext = EXTENSIONS[type];
    await fs.mkdir(this.dir, { recursive: true, mode: OWNER_ONLY_DIR });
    const filename = `${randomUUID()}.${ext}`;
    await fs.writeFile(path.join(this.dir, filename), bytes, { mode: OWNER_ONLY_FILE });
    return filename;
  }

  /** The logo's bytes and content type, or null for a name that is not a stored logo. */
  async read(filename: string): Promise<{ bytes: Buffer; contentType: string } | null> {
    if (!LOGO_NAME.test(filename)) return null;
    const ext = filename.split('.').pop() ?? '';
    try {
      return { bytes: await fs.readFile(path.join(this.dir, filename)), contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' };
    } catch {
      return null;
    }
  }

  async remove(filename: string | null): Promise<void> {
    if (!filename || !LOGO_NAME.test(filename)) return;
    await fs.rm(path.join(this.dir, filename), { force: true });
  }
}
