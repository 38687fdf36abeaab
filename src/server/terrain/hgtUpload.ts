import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { hgtSamplesPerSide, parseHgtName } from '../../geo/elevation/hgt.js';
import { ValidationError } from '../errors.js';
import { writeCapped, type CappedWrite } from './cappedWrite.js';
import { LARGEST_TILE_BYTES, notATileSize } from './tileSize.js';
import { openZippedTile } from './zippedTile.js';

/** A tile written out of an upload and checked: its name and corner, and what the file holds. */
export interface ExtractedTile extends CappedWrite {
  /** SRTM name, e.g. S34E018. */
  name: string;
  south: number;
  west: number;
}

const NAMING = 'Terrain tiles are named like the SRTM files, e.g. S34E018.hgt (also .hgt.zip or .hgt.gz)';
const GZIP_TOO_LARGE = `The .gz file inflates to more than an SRTM tile (${LARGEST_TILE_BYTES.toLocaleString('en-US')} bytes at most)`;

/**
 * Writes the tile of an uploaded .hgt, .hgt.gz or .zip (the file at `upload`, named `fileName` by
 * the client) into the new owner-only file `target`, and checks it is one: an SRTM name, and exactly
 * the size of a 3-arc-second (1201²) or 1-arc-second (3601²) tile. Nothing is inflated beyond the
 * largest tile; a zip's directory is checked before anything of it is (zippedTile.ts). Refusals are
 * ValidationErrors; `target` may hold part of the data then, and the caller removes it.
 */
export async function extractUploadedTile(fileName: string, upload: string, target: string): Promise<ExtractedTile> {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.zip')) {
    const zipped = await openZippedTile(upload);
    try {
      const written = await writeCapped([zipped.content], target, {
        // The directory's size, already checked to be a tile's: the data may not inflate past it.
        maxBytes: Math.min(zipped.declaredBytes, LARGEST_TILE_BYTES),
        tooLarge: () =>
          new ValidationError(
            `${zipped.entryName} in the .zip file inflates to more than the ${zipped.declaredBytes.toLocaleString('en-US')} bytes its directory declares`,
          ),
        unreadable: () => new ValidationError(`The .zip file is damaged: ${zipped.entryName} does not inflate`),
      });
      return checked(zipped.tile, written);
    } finally {
      zipped.close();
    }
  }
  if (lower.endsWith('.gz')) {
    const tile = tileNamed(fileName.replace(/\.gz$/i, ''));
    await refuseDeclaredTooLarge(upload);
    const written = await writeCapped([createReadStream(upload), createGunzip()], target, {
      maxBytes: LARGEST_TILE_BYTES,
      tooLarge: () => new ValidationError(GZIP_TOO_LARGE),
      unreadable: () => new ValidationError('The .gz file is not valid gzip'),
    });
    return checked(tile, written);
  }
  if (lower.endsWith('.hgt')) {
    const tile = tileNamed(fileName);
    const { size } = await fs.stat(upload);
    if (hgtSamplesPerSide(size) === null) throw notATileSize(tile.name, size);
    const written = await writeCapped([createReadStream(upload)], target, {
      maxBytes: LARGEST_TILE_BYTES,
      tooLarge: () => notATileSize(tile.name, size),
      unreadable: () => new ValidationError('The uploaded file could not be read'),
    });
    return checked(tile, written);
  }
  throw new ValidationError(NAMING);
}

/** The tile an SRTM file name names (any folders before it aside). */
function tileNamed(path: string): { name: string; south: number; west: number } {
  const tile = parseHgtName(path.split(/[\\/]/).pop() ?? path);
  if (!tile) throw new ValidationError(NAMING);
  return tile;
}

/** The exact size of what was written must be a tile's. */
function checked(tile: { name: string; south: number; west: number }, written: CappedWrite): ExtractedTile {
  if (hgtSamplesPerSide(written.bytes) === null) throw notATileSize(tile.name, written.bytes);
  return { ...tile, ...written };
}

/**
 * A gzip trailer's last 4 bytes hold the inflated size (mod 2^32): one larger than any tile is
 * refused before inflating. A smaller claim proves nothing; the inflating is capped anyway.
 */
async function refuseDeclaredTooLarge(upload: string): Promise<void> {
  const file = await fs.open(upload, 'r');
  try {
    const { size } = await file.stat();
    if (size < 18) throw new ValidationError('The .gz file is not valid gzip');
    const trailer = Buffer.alloc(4);
    await file.read(trailer, 0, 4, size - 4);
    if (trailer.readUInt32LE(0) > LARGEST_TILE_BYTES) throw new ValidationError(GZIP_TOO_LARGE);
  } finally {
    await file.close();
  }
}
