import { unzipSync, type UnzipFileFilter, type Unzipped } from 'fflate';
import { KmlParseError } from './kmlParseError.js';

export interface ReadKmlSourceOptions {
  /**
   * Largest .kml a KMZ may expand to, in bytes (default 256 MiB). Uploads are limited to 50 MB
   * compressed; this stops a small zip from expanding into gigabytes.
   */
  maxKmlBytes?: number;
}

const DEFAULT_MAX_KML_BYTES = 256 * 1024 * 1024;

/**
 * The KML text of an uploaded file. A KMZ (a zip, recognised by its name or its "PK" signature)
 * yields its doc.kml, else its first .kml entry. Text is decoded as UTF-8 unless the XML
 * declaration names another encoding; a byte-order mark is dropped.
 */
export function readKmlSource(bytes: Uint8Array, filename: string, options: ReadKmlSourceOptions = {}): string {
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  if (isZip) return decodeXml(kmlEntryOf(bytes, options.maxKmlBytes ?? DEFAULT_MAX_KML_BYTES));
  if (/\.kmz$/i.test(filename)) throw new KmlParseError('The KMZ file is not a valid zip archive');
  return decodeXml(bytes);
}

function kmlEntryOf(zip: Uint8Array, maxKmlBytes: number): Uint8Array {
  const kmlEntries: { name: string; size: number }[] = [];
  unzipEntries(zip, (file) => {
    if (/\.kml$/i.test(file.name)) kmlEntries.push({ name: file.name, size: file.originalSize });
    return false;
  });
  const chosen = kmlEntries.find((entry) => entry.name.toLowerCase() === 'doc.kml') ?? kmlEntries[0];
  if (!chosen) throw new KmlParseError('The KMZ file contains no .kml document');
  if (chosen.size > maxKmlBytes) {
    throw new KmlParseError(`The KML inside the KMZ file is larger than ${Math.floor(maxKmlBytes / 1024 / 1024)} MB`);
  }
  const entry = unzipEntries(zip, (file) => file.name === chosen.name)[chosen.name];
  if (!entry) throw new KmlParseError('The KMZ file contains no .kml document');
  return entry;
}

/** Only entries the filter accepts are inflated, so listing names costs no decompression. */
function unzipEntries(zip: Uint8Array, filter: UnzipFileFilter): Unzipped {
  try {
    return unzipSync(zip, { filter });
  } catch (error) {
    throw new KmlParseError(`The KMZ file is not a valid zip archive: ${(error as Error).message}`);
  }
}

function decodeXml(bytes: Uint8Array): string {
  // The declaration is ASCII, so reading the first bytes as latin1 finds it whatever the encoding;
  // a UTF-8 byte-order mark reads as "ï»¿" there.
  const declared = /^(?:ï»¿)?\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
    new TextDecoder('latin1').decode(bytes.subarray(0, 256)),
  )?.[1];
  const label = declared ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch (error) {
    // The constructor throws RangeError for a label it does not know.
    if (error instanceof RangeError) throw new KmlParseError(`The KML file declares an unknown text encoding: ${label}`);
    throw error;
  }
}
