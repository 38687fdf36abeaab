import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { LOGO_NOT_AN_IMAGE, logoImageType, type LogoType } from '../../common/logoImage.js';
import { ValidationError } from '../errors.js';
import type { FileStore } from '../files/fileStore.js';
import type { LegacyFolder } from '../files/legacyFileImport.js';

/** The file extension of each image type a logo may be, told by its content (common/logoImage.ts). */
const EXTENSIONS: Record<LogoType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
const CONTENT_TYPES: Record<string, string> = Object.fromEntries(Object.entries(EXTENSIONS).map(([mime, ext]) => [ext, mime]));
/** The folder inside DATA_DIR where logos were kept before they moved into the database (files/legacyFileImport.ts reads it). */
export const LOGOS_FOLDER = 'logos';
/** A logo's generated name: "<uuid>.<ext>". */
export const LOGO_NAME = /^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/;

/** A logo as served: its bytes, its type and the SHA-256 of its content (hex, the ETag). */
export interface Logo {
  bytes: Buffer;
  contentType: string;
  sha256: string;
}

/** Provider logos, kept in the database (FileStore, kind 'logo') under generated names ("<uuid>.<ext>"). */
export class LogoStore {
  constructor(private readonly files: Pick<FileStore, 'put' | 'get' | 'delete'>) {}

  /** Checks the bytes are a PNG, JPEG, WebP or GIF image and stores them; returns the new file name. */
  async save(bytes: Buffer): Promise<string> {
    const type = logoImageType(bytes);
    if (!type) throw new ValidationError(LOGO_NOT_AN_IMAGE);
    const filename = `${randomUUID()}.${EXTENSIONS[type]}`;
    await this.files.put('logo', filename, bytes, type);
    return filename;
  }

  /** The logo, or null for a name that is not a stored logo. */
  async read(filename: string): Promise<Logo | null> {
    if (!LOGO_NAME.test(filename)) return null;
    const stored = await this.files.get('logo', filename);
    return stored && { bytes: stored.bytes, contentType: stored.file.contentType, sha256: stored.file.sha256 };
  }

  async remove(filename: string | null): Promise<void> {
    if (!filename || !LOGO_NAME.test(filename)) return;
    await this.files.delete('logo', filename);
  }
}

/** DATA_DIR/logos, where logos were kept before they moved into the database: its logos move in at start. */
export function legacyLogoFolder(dataDir: string, files: Pick<FileStore, 'put'>): LegacyFolder {
  return {
    kind: 'logo',
    dir: path.join(dataDir, LOGOS_FOLDER),
    accept: (fileName) =>
      LOGO_NAME.test(fileName) ? { name: fileName, contentType: CONTENT_TYPES[fileName.split('.').pop() ?? ''] ?? 'application/octet-stream' } : null,
    store: (name, content, contentType) => files.put('logo', name, content, contentType),
  };
}
