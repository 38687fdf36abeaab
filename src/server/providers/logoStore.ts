import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { ValidationError } from '../errors.js';

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** Image types a logo may be, by content (never by the name or the type the browser claims). */
const LOGO_TYPES: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
const CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.entries(LOGO_TYPES).map(([mime, ext]) => [ext, mime]));
const LOGO_NAME = /^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/;

/** Provider logos in DATA_DIR/logos under generated names ("<uuid>.<ext>"). */
export class LogoStore {
  private readonly dir: string;

  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'logos');
  }

  /** Checks the bytes are a PNG, JPEG, WebP or GIF image and stores them; returns the new file name. */
  async save(bytes: Buffer): Promise<string> {
    const type = await fileTypeFromBuffer(bytes);
    const ext = type ? LOGO_TYPES[type.mime] : undefined;
    if (!ext) throw new ValidationError('Logo must be a PNG, JPEG, WebP or GIF image');
    await fs.mkdir(this.dir, { recursive: true });
    const filename = `${randomUUID()}.${ext}`;
    await fs.writeFile(path.join(this.dir, filename), bytes);
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
