import type { Readable } from 'node:stream';
import { type Entry, openPromise, type ZipFile } from 'yauzl';
import { hgtSamplesPerSide, parseHgtName } from '../../geo/elevation/hgt.js';
import { ValidationError } from '../errors.js';
import { notATileSize } from './tileSize.js';

/** More entries than this in a zip's directory are refused without reading them (each read is a few dozen bytes, never inflated). */
const MAX_ZIP_ENTRIES = 64;
/** Deflate and no compression: what zip tools write for a single file. */
const STORED = 0;
const DEFLATED = 8;

/** The one tile of an uploaded zip, not yet inflated. */
export interface ZippedTile {
  tile: { name: string; south: number; west: number };
  /** The entry's path in the archive, e.g. "N34W081.hgt". */
  entryName: string;
  /** What the zip's directory says the entry inflates to: a tile's size. */
  declaredBytes: number;
  /** The entry's bytes as they inflate (zlib streams them; the caller caps them at `declaredBytes`). */
  content: Readable;
  /** Closes the archive's file; call it once `content` is done with. */
  close(): void;
}

const NOT_ZIP = 'The .zip file is not a valid zip archive';
const EXACTLY_ONE = 'The .zip file must hold exactly one SRTM tile such as S34E018.hgt and nothing else';

/**
 * Opens the tile of an uploaded zip after checking the archive from its central directory alone
 * (yauzl reads the directory first and inflates only the entry asked for): at most a few entries,
 * exactly one file named like an SRTM tile besides folders and macOS's __MACOSX metadata, stored or
 * deflated, not encrypted, and declared at a tile's size. So a directory of many entries over the
 * same data, an archive in the archive, or a size beyond a tile is refused before a byte is inflated.
 */
export async function openZippedTile(upload: string): Promise<ZippedTile> {
  let zip: ZipFile;
  try {
    // Sizes are checked here and by the caller's cap, with messages of our own.
    zip = await openPromise(upload, { autoClose: false, validateEntrySizes: false });
  } catch {
    throw new ValidationError(NOT_ZIP);
  }
  try {
    const entry = await theTileEntry(zip);
    const tile = parseHgtName(baseName(entry.fileName))!;
    if (entry.isEncrypted() || (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED)) {
      throw new ValidationError(
        `${entry.fileName} in the .zip file is encrypted or compressed with a method other than deflate: zip it again without a password`,
      );
    }
    if (hgtSamplesPerSide(entry.uncompressedSize) === null) throw notATileSize(`${entry.fileName} in the .zip file`, entry.uncompressedSize);
    const content = await zip.openReadStreamPromise(entry).catch(() => {
      throw new ValidationError(NOT_ZIP);
    });
    return { tile, entryName: entry.fileName, declaredBytes: entry.uncompressedSize, content, close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/** The directory's one tile entry, or a refusal saying what the archive holds instead. */
async function theTileEntry(zip: ZipFile): Promise<Entry> {
  if (zip.entryCount > MAX_ZIP_ENTRIES) throw new ValidationError(`${EXACTLY_ONE} (it holds ${zip.entryCount} entries)`);
  const files: Entry[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      const ignored = entry.fileName.endsWith('/') || entry.fileName.startsWith('__MACOSX/');
      if (!ignored) files.push(entry);
    }
  } catch {
    throw new ValidationError(NOT_ZIP);
  }
  const only = files.length === 1 ? files[0]! : null;
  if (!only || !parseHgtName(baseName(only.fileName))) {
    const shown = files.slice(0, 3).map((entry) => entry.fileName);
    const more = files.length > shown.length ? ', …' : '';
    throw new ValidationError(
      `${EXACTLY_ONE} (it holds ${files.length} file${files.length === 1 ? '' : 's'}${files.length > 0 ? `: ${shown.join(', ')}${more}` : ''})`,
    );
  }
  return only;
}

function baseName(path: string): string {
  return path.split('/').pop() ?? path;
}
