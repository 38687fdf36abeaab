import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { LOGO_NOT_AN_IMAGE, logoImageType, type LogoType } from '../../common/logoImage.js';
import { ValidationError } from '../errors.js';
import type { Executor } from '../db/transactions.js';
import type { FileStore, StoredFile } from '../files/fileStore.js';
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

/** Bytes checked to be an image, with the name they will be stored under; nothing is stored yet. */
export interface AcceptedLogo {
  filename: string;
  contentType: LogoType;
  bytes: Buffer;
}

/** Provider logos, kept in the database (FileStore, kind 'logo') under generated names ("<uuid>.<ext>"). */
export class LogoStore {
  constructor(private readonly files: Pick<FileStore, 'put' | 'find' | 'read' | 'delete'>) {}

  /** Checks the bytes are a PNG, JPEG, WebP or GIF image and names them; ValidationError when not. */
  accept(bytes: Buffer): AcceptedLogo {
    const type = logoImageType(bytes);
    if (!type) throw new ValidationError(LOGO_NOT_AN_IMAGE);
    return { filename: `${randomUUID()}.${EXTENSIONS[type]}`, contentType: type, bytes };
  }

  /** Stores an accepted logo in `trx`: it commits with the provider that names it, or not at all. */
  async save(logo: AcceptedLogo, trx: Executor): Promise<void> {
    await this.files.put('logo', logo.filename, logo.bytes, logo.contentType, trx);
  }

  /** The stored logo's description (its type and SHA-256, without its bytes), or null for a name that is not a stored logo. */
  async find(filename: string): Promise<StoredFile | null> {
    if (!LOGO_NAME.test(filename)) return null;
    return (await this.files.find('logo', filename)) ?? null;
  }

  /** The bytes of a logo `find` described; null when it is gone since. */
  async read(found: StoredFile): Promise<Logo | null> {
    const stored = await this.files.read(found);
    return stored && { bytes: stored.bytes, contentType: stored.file.contentType, sha256: stored.file.sha256 };
  }

  /** Removes the logo in `trx` (with the change to the provider that named it). */
  async remove(filename: string | null, trx: Executor): Promise<void> {
    if (!filename || !LOGO_NAME.test(filename)) return;
    await this.files.delete('logo', filename, trx);
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
