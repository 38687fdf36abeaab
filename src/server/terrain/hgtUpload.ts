import { gunzipSync, unzipSync } from 'fflate';
import { hgtSamplesPerSide, parseHgtName } from '../../geo/elevation/hgt.js';
import { ValidationError } from '../errors.js';

/** The largest tile: 3601² samples of 2 bytes (1 arc-second). Nothing bigger is inflated. */
const LARGEST_TILE_BYTES = 3601 * 3601 * 2;

export interface UploadedTile {
  /** SRTM name, e.g. S34E018. */
  name: string;
  south: number;
  west: number;
  /** The raw .hgt bytes. */
  bytes: Uint8Array;
}

const NAMING = 'Terrain tiles are named like the SRTM files, e.g. S34E018.hgt (also .hgt.zip or .hgt.gz)';

/**
 * An uploaded .hgt, .hgt.gz or .hgt.zip as the raw tile it holds. The name must follow SRTM naming
 * and the size must be a 3-arc-second (1201²) or 1-arc-second (3601²) tile; anything compressed
 * is inflated only up to the largest tile, so a small zip cannot expand into gigabytes.
 */
export function readUploadedTile(fileName: string, file: Uint8Array): UploadedTile {
  const lower = fileName.toLowerCase();
  let innerName = fileName;
  let bytes: Uint8Array;
  if (lower.endsWith('.hgt.gz') || lower.endsWith('.gz')) {
    innerName = fileName.replace(/\.gz$/i, '');
    bytes = gunzipBounded(file);
  } else if (lower.endsWith('.zip')) {
    ({ name: innerName, bytes } = unzipTile(file));
  } else if (lower.endsWith('.hgt')) {
    bytes = file;
  } else {
    throw new ValidationError(NAMING);
  }
  const parsed = parseHgtName(baseName(innerName)) ?? parseHgtName(baseName(fileName).replace(/\.(zip|gz)$/i, ''));
  if (!parsed) throw new ValidationError(NAMING);
  if (hgtSamplesPerSide(bytes.byteLength) === null) {
    throw new ValidationError(
      `${parsed.name} is ${bytes.byteLength} bytes: an SRTM tile has 1201×1201 samples (2,884,802 bytes, 3 arc-seconds) or 3601×3601 (25,934,402 bytes, 1 arc-second)`,
    );
  }
  return { name: parsed.name, south: parsed.south, west: parsed.west, bytes };
}

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}

function gunzipBounded(file: Uint8Array): Uint8Array {
  // The gzip trailer's last 4 bytes hold the inflated size (mod 2^32): refuse before inflating.
  if (file.byteLength < 18) throw new ValidationError('The .gz file is not valid gzip');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const declared = view.getUint32(file.byteLength - 4, true);
  if (declared > LARGEST_TILE_BYTES) throw new ValidationError('The .gz file holds more than one SRTM tile');
  try {
    return gunzipSync(file, { out: new Uint8Array(declared) });
  } catch {
    throw new ValidationError('The .gz file is not valid gzip');
  }
}

function unzipTile(file: Uint8Array): { name: string; bytes: Uint8Array } {
  let entries: Record<string, Uint8Array>;
  let tooLarge = false;
  try {
    entries = unzipSync(file, {
      // Sizes come from the zip's directory, before anything is inflated.
      filter: (entry) => {
        if (!entry.name.toLowerCase().endsWith('.hgt')) return false;
        if (entry.originalSize > LARGEST_TILE_BYTES) tooLarge = true;
        return entry.originalSize <= LARGEST_TILE_BYTES;
      },
    });
  } catch {
    throw new ValidationError('The .zip file is not a valid zip archive');
  }
  if (tooLarge) throw new ValidationError('The .zip file holds a file larger than an SRTM tile');
  const names = Object.keys(entries);
  if (names.length !== 1) throw new ValidationError(`The .zip file must hold exactly one .hgt tile (it holds ${names.length})`);
  const name = names[0]!;
  return { name, bytes: entries[name]! };
}
